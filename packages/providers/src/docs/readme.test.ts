import { readFileSync } from "node:fs";
import { describe, expect, it } from "vitest";
import { ERROR_RULE_TABLES } from "../errors/tables.js";
import { regenerateReadme } from "./readme.js";

describe("README generated sections", () => {
  it("match the model catalog and the rule tables (run `pnpm docs` to regenerate)", () => {
    const readme = readFileSync(new URL("../../README.md", import.meta.url), "utf8");
    expect(regenerateReadme(readme)).toBe(readme);
  });
  it("list every rule table", () => {
    expect(ERROR_RULE_TABLES.map((t) => t.name)).toHaveLength(5);
  });
});
