/**
 * Regenerates README.md's generated sections (model catalog, error rules) from the tables.
 * Run: `pnpm --filter @claw/providers docs`
 */
import { readFileSync, writeFileSync } from "node:fs";
import { regenerateReadme } from "../src/docs/readme.js";

const path = new URL("../README.md", import.meta.url);
const before = readFileSync(path, "utf8");
const after = regenerateReadme(before);
if (after !== before) writeFileSync(path, after);
console.log(after === before ? "README.md generated sections are up to date" : "README.md regenerated");
