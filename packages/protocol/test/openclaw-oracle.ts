import { readFileSync } from "node:fs";
import { fileURLToPath } from "node:url";
import Schema from "typebox/schema";

/**
 * The one check of values against OpenClaw's published protocol schemas (copied into the
 * repository: see fixtures/README.md), for every package's and app's tests.
 */
export const REF = fileURLToPath(new URL("../../../fixtures/openclaw", import.meta.url));
const core = JSON.parse(readFileSync(`${REF}/openclaw-protocol-2026.9.6-core.schema.json`, "utf8")) as {
  definitions: Record<string, Record<string, unknown>>;
};
const full = JSON.parse(readFileSync(`${REF}/openclaw-protocol.schema.json`, "utf8")) as {
  definitions: Record<string, unknown>;
};

const compiled = new Map<string, ReturnType<typeof Schema.Compile>>();

function validator(key: string, schema: Record<string, unknown>) {
  let v = compiled.get(key);
  if (!v) {
    v = Schema.Compile(schema as never);
    compiled.set(key, v);
  }
  return v;
}

/** Validates a value against one of OpenClaw's published definitions; returns error text or null. */
export function openclawErrors(name: string, value: unknown): string | null {
  const defs = name in core.definitions ? core.definitions : full.definitions;
  const [ok, errors] = validator(name, { $ref: `#/definitions/${name}`, definitions: defs }).Errors(value);
  return ok ? null : `${name}: ${JSON.stringify(errors.slice(0, 3))}`;
}

/** OpenClaw's health summary (the `health` result, event and `Snapshot.health`); error text or null. */
export function openclawHealthErrors(value: unknown): string | null {
  const snapshot = core.definitions.Snapshot?.properties as Record<string, Record<string, unknown>>;
  const [ok, errors] = validator("health", snapshot.health as Record<string, unknown>).Errors(value);
  return ok ? null : `health: ${JSON.stringify(errors.slice(0, 3))}`;
}
