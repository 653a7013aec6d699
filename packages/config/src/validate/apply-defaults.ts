/**
 * Fills in schema defaults, with the semantics of TypeBox's `Value.Default` for the JSON Schema
 * subset the config schema uses. It exists because `typebox/value` is ~300 modules (~50 ms and
 * ~7 MB for every `claw` command and the gateway) and defaults were all this package used it for.
 * `apply-defaults.test.ts` checks it against `Value.Default` on the real schema.
 */
import { checkAgainstSchema } from "./check-schema.js";

type Schema = Record<string, unknown>;

function asSchema(value: unknown): Schema | undefined {
  return typeof value === "object" && value !== null && !Array.isArray(value) ? (value as Schema) : undefined;
}

function isPlainObject(value: unknown): value is Record<string, unknown> {
  return typeof value === "object" && value !== null && !Array.isArray(value);
}

function containsDefault(schema: unknown): boolean {
  if (typeof schema !== "object" || schema === null) return false;
  if (!Array.isArray(schema) && "default" in schema) return true;
  return Object.values(schema).some(containsDefault);
}

/**
 * Returns `value` with every missing defaulted property filled in. Mutates `value` (clone first).
 *
 * @example
 * applyDefaults(ClawConfigSchema, structuredClone(document)).gateway.port; // 18789
 */
export function applyDefaults(schema: Schema, value: unknown): unknown {
  const defaulted =
    value === undefined && "default" in schema
      ? typeof schema.default === "function"
        ? (schema.default as () => unknown)()
        : structuredClone(schema.default)
      : value;
  if (Array.isArray(schema.anyOf)) return fromUnion(schema.anyOf, defaulted);
  if (Array.isArray(defaulted)) {
    const items = asSchema(schema.items);
    if (items) for (let i = 0; i < defaulted.length; i++) defaulted[i] = applyDefaults(items, defaulted[i]);
    return defaulted;
  }
  if (!isPlainObject(defaulted)) return defaulted;
  if (schema.type === "object" && asSchema(schema.properties)) return fromObject(schema, defaulted);
  if (asSchema(schema.patternProperties)) return fromRecord(schema, defaulted);
  return defaulted;
}

function fromObject(schema: Schema, value: Record<string, unknown>): Record<string, unknown> {
  const properties = asSchema(schema.properties) ?? {};
  for (const [key, child] of Object.entries(properties)) {
    const property = asSchema(child) ?? {};
    const result = applyDefaults(property, value[key]);
    // As TypeBox: an undefined result is not assigned unless the property carries a default.
    if (result === undefined && ("~optional" in property || !("default" in property))) continue;
    value[key] = result;
  }
  const additional = asSchema(schema.additionalProperties);
  if (additional)
    for (const key of Object.keys(value))
      if (!(key in properties)) value[key] = applyDefaults(additional, value[key]);
  return value;
}

function fromRecord(schema: Schema, value: Record<string, unknown>): Record<string, unknown> {
  const [pattern, valueSchema] = Object.entries(asSchema(schema.patternProperties) ?? {})[0] ?? [];
  const entrySchema = asSchema(valueSchema);
  if (pattern === undefined || !entrySchema) return value;
  const keyPattern = new RegExp(pattern);
  // As TypeBox: record entries are defaulted only when the entry schema itself has a default.
  if ("default" in entrySchema)
    for (const key of Object.keys(value))
      if (keyPattern.test(key)) value[key] = applyDefaults(entrySchema, value[key]);
  const additional = asSchema(schema.additionalProperties);
  if (additional)
    for (const key of Object.keys(value))
      if (!keyPattern.test(key)) value[key] = applyDefaults(additional, value[key]);
  return value;
}

/** The first branch whose defaulted copy validates wins; branches without defaults change nothing. */
function fromUnion(branches: unknown[], value: unknown): unknown {
  if (!branches.some(containsDefault)) return value;
  for (const branch of branches) {
    const schema = asSchema(branch) ?? {};
    const result = applyDefaults(schema, structuredClone(value));
    const trial = { issues: [], keyIndex: new Map<string, string[]>() };
    checkAgainstSchema(schema, result, [], trial);
    if (trial.issues.length === 0) return result;
  }
  return value;
}
