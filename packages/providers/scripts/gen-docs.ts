/**
 * Regenerates the error-classification section of README.md from the rule tables.
 * Run: `pnpm --filter @claw/providers exec tsx scripts/gen-docs.ts`
 */
import { readFileSync, writeFileSync } from "node:fs";
import { spliceErrorRuleDocs } from "../src/errors/tables.js";

const path = new URL("../README.md", import.meta.url);
const before = readFileSync(path, "utf8");
const after = spliceErrorRuleDocs(before);
if (after !== before) writeFileSync(path, after);
console.log(after === before ? "README.md error rules are up to date" : "README.md error rules regenerated");
