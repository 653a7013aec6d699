// Writes protocol.schema.json from the TypeBox source: `pnpm exec tsx scripts/gen-schema.ts`.
// The file is then formatted by the repo's formatter, so regenerating never fails `pnpm lint`.
import { spawnSync } from "node:child_process";
import { writeFileSync } from "node:fs";
import { fileURLToPath } from "node:url";
import { protocolJsonSchema } from "../src/json-schema.js";

const target = fileURLToPath(new URL("../protocol.schema.json", import.meta.url));
writeFileSync(target, `${JSON.stringify(protocolJsonSchema(), null, 2)}\n`);
const formatted = spawnSync("biome", ["format", "--write", target], { stdio: "inherit", shell: false });
if (formatted.status !== 0)
  console.warn("protocol.schema.json written but not formatted (biome not on PATH?)");
console.log("wrote protocol.schema.json");
