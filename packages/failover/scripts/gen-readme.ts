/** Regenerates the tables section of README.md from the policy and schedule tables. */
import { spawnSync } from "node:child_process";
import { readFileSync, writeFileSync } from "node:fs";
import { dirname, join } from "node:path";
import { fileURLToPath } from "node:url";
import { normalizeTables, withTables } from "./readme-tables.js";

const root = join(dirname(fileURLToPath(import.meta.url)), "..");
const path = join(root, "README.md");
const before = readFileSync(path, "utf8");
const after = withTables(before);
if (normalizeTables(after) === normalizeTables(before)) {
  console.log("README.md is up to date");
} else {
  writeFileSync(path, after);
  // Let the repo's formatter pad the tables, so `biome check` stays clean.
  spawnSync(join(root, "../../node_modules/.bin/biome"), ["format", "--write", path], { stdio: "inherit" });
  console.log("README.md tables regenerated");
}
