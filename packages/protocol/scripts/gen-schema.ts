// Writes protocol.schema.json from the TypeBox source: `pnpm exec tsx scripts/gen-schema.ts`.
import { writeFileSync } from "node:fs";
import { protocolJsonSchema } from "../src/json-schema.js";

writeFileSync(
  new URL("../protocol.schema.json", import.meta.url),
  `${JSON.stringify(protocolJsonSchema(), null, 2)}\n`,
);
console.log("wrote protocol.schema.json");
