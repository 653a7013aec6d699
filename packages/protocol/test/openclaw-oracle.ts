import { readFileSync } from "node:fs";
import { fileURLToPath } from "node:url";
import Schema from "typebox/schema";

/** The OpenClaw schemas and captured traffic, copied into the repository (see fixtures/README.md). */
export const REF = fileURLToPath(new URL("../../../fixtures/openclaw", import.meta.url));
const core = JSON.parse(readFileSync(`${REF}/openclaw-protocol-2026.9.6-core.schema.json`, "utf8")) as {
  definitions: Record<string, unknown>;
};
const full = JSON.parse(readFileSync(`${REF}/openclaw-protocol.schema.json`, "utf8")) as {
  definitions: Record<string, unknown>;
};

/** Validates a value against one of OpenClaw's published definitions; returns error text or null. */
export function openclawErrors(name: string, value: unknown): string | null {
  const defs = name in core.definitions ? core.definitions : full.definitions;
  const v = Schema.Compile({ $ref: `#/definitions/${name}`, definitions: defs } as never);
  const [ok, errors] = v.Errors(value);
  return ok ? null : JSON.stringify(errors.slice(0, 3));
}
