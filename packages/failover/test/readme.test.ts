import { readFileSync } from "node:fs";
import { join } from "node:path";
import { expect, it } from "vitest";
import { normalizeTables, withTables } from "../scripts/readme-tables.js";

it("README tables are generated from the current rule, policy and schedule tables (run `pnpm gen:readme`)", () => {
  const readme = readFileSync(join(import.meta.dirname, "../README.md"), "utf8");
  expect(normalizeTables(readme)).toBe(normalizeTables(withTables(readme)));
});
