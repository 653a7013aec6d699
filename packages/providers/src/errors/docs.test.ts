import { readFileSync } from "node:fs";
import { describe, expect, it } from "vitest";
import { ERROR_RULE_TABLES, spliceErrorRuleDocs } from "./tables.js";

describe("README error-rule section", () => {
  it("matches the rule tables (run `pnpm docs` to regenerate)", () => {
    const readme = readFileSync(new URL("../../README.md", import.meta.url), "utf8");
    expect(spliceErrorRuleDocs(readme)).toBe(readme);
  });
  it("lists every table", () => {
    expect(ERROR_RULE_TABLES.map((t) => t.name)).toHaveLength(5);
  });
});
