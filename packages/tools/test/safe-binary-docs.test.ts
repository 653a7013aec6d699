import { readFileSync, writeFileSync } from "node:fs";
import { describe, expect, it } from "vitest";
import { renderSafeBinaryTable } from "../src/index.js";

const README = new URL("../README.md", import.meta.url);
const START = "<!-- safe-binaries:start (generated from SAFE_BINARIES) -->";
const END = "<!-- safe-binaries:end -->";

describe("the README's safe-binary table", () => {
  it("is the one SAFE_BINARIES generates", () => {
    const readme = readFileSync(README, "utf8");
    const start = readme.indexOf(START);
    const end = readme.indexOf(END);
    expect(start, `README.md has no "${START}" marker`).toBeGreaterThan(0);
    const current = readme.slice(start + START.length, end).trim();
    const expected = renderSafeBinaryTable();
    if (process.env.CLAW_UPDATE_README === "1" && current !== expected)
      writeFileSync(README, `${readme.slice(0, start + START.length)}\n${expected}\n${readme.slice(end)}`);
    else
      expect(
        current,
        "README.md's table is stale: run CLAW_UPDATE_README=1 pnpm exec vitest run packages/tools/test/safe-binary-docs.test.ts",
      ).toBe(expected);
  });
});
