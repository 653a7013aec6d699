import { describe, expect, it } from "vitest";
import { safeFileName } from "../src/manager/downloads.js";
import { approximateTokens, renderWithinBudget } from "../src/snapshot/page-snapshot.js";

describe("renderWithinBudget", () => {
  const lines = Array.from({ length: 500 }, (_, i) => ({
    depth: i % 3,
    text: `button "Action number ${i}" [ref=e${i + 1}]`,
    ref: `e${i + 1}`,
  }));

  it("indents by depth and keeps everything that fits", () => {
    const out = renderWithinBudget(lines.slice(0, 3), 1_000);
    expect(out.text).toBe(
      '- button "Action number 0" [ref=e1]\n  - button "Action number 1" [ref=e2]\n    - button "Action number 2" [ref=e3]',
    );
    expect(out).toMatchObject({ omittedLines: 0, refCount: 3 });
  });

  it("cuts at the budget and says what was left out", () => {
    const out = renderWithinBudget(lines, 1_000);
    expect(out.tokens).toBeLessThanOrEqual(1_000);
    expect(approximateTokens(out.text)).toBe(out.tokens);
    expect(out.omittedLines).toBeGreaterThan(0);
    expect(out.text.split("\n").at(-1)).toMatch(
      new RegExp(
        `^\\[snapshot cut at ~1000 tokens: ${out.omittedLines} more lines \\(${out.omittedLines} with refs\\)`,
      ),
    );
    expect(out.refCount).toBe(500);
  });

  it("says so when the page shows nothing", () => {
    expect(renderWithinBudget([], 500).text).toBe("[the page shows no visible content]");
  });
});

describe("safeFileName", () => {
  it.each([
    ["report.pdf", "report.pdf"],
    ["../../etc/passwd", "passwd"],
    ["..\\..\\win.ini", "win.ini"],
    [".bashrc", "bashrc"],
    ["a\u0000b\nc.txt", "a_b_c.txt"],
    ["", "download"],
    ["..", "download"],
  ])("%j → %j", (suggested, safe) => {
    expect(safeFileName(suggested)).toBe(safe);
  });
});
