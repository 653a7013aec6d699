/**
 * Tool parameter schemas → the OpenAPI subset Gemini's `FunctionDeclaration.parameters` accepts.
 * Gemini rejects whole requests over keywords it does not know ($schema, additionalProperties,
 * patternProperties, const, $ref…), so schemas are rebuilt from an allowlist.
 */

type JsonObject = Record<string, unknown>;

/** Keywords Gemini accepts and that copy over unchanged. */
const KEPT_KEYWORDS = [
  "description",
  "title",
  "minItems",
  "maxItems",
  "minLength",
  "maxLength",
  "pattern",
  "minimum",
  "maximum",
  "minProperties",
  "maxProperties",
  "default",
  "example",
  "propertyOrdering",
] as const;

/** String/number formats Gemini documents; any other format is dropped rather than rejected. */
const SUPPORTED_FORMATS = new Set(["enum", "date-time", "int32", "int64", "float", "double"]);

/** How deep `$ref`s are inlined before a recursive schema is cut to a plain object. */
const MAX_REF_DEPTH = 8;

const isObject = (value: unknown): value is JsonObject =>
  value !== null && typeof value === "object" && !Array.isArray(value);

interface Scope {
  defs: JsonObject;
  depth: number;
}

function resolveRef(ref: string, scope: Scope): JsonObject | undefined {
  const match = /^#\/(?:\$defs|definitions)\/(.+)$/.exec(ref);
  const target = match?.[1] ? scope.defs[decodeURIComponent(match[1])] : undefined;
  return isObject(target) ? target : undefined;
}

function isNullSchema(schema: unknown): boolean {
  return isObject(schema) && schema.type === "null";
}

/** Folds `anyOf`/`oneOf`/`allOf` and nullable type arrays into Gemini's shape. */
function normaliseCombinators(schema: JsonObject, out: JsonObject, scope: Scope): void {
  const union = (schema.anyOf ?? schema.oneOf) as unknown;
  if (Array.isArray(union)) {
    const members = union.filter((member) => !isNullSchema(member));
    if (members.length < union.length) out.nullable = true;
    const consts = members.filter((m): m is JsonObject => isObject(m) && "const" in m);
    if (consts.length === members.length && consts.length > 0) {
      out.type = "string";
      out.enum = consts.map((m) => String(m.const));
    } else if (members.length === 1) {
      Object.assign(out, normaliseNode(members[0], scope));
    } else {
      out.anyOf = members.map((member) => normaliseNode(member, scope));
    }
  }
  if (Array.isArray(schema.allOf)) {
    for (const part of schema.allOf) {
      const normalised = normaliseNode(part, scope);
      const properties = { ...(out.properties as JsonObject), ...(normalised.properties as JsonObject) };
      const required = [...((out.required as string[]) ?? []), ...((normalised.required as string[]) ?? [])];
      Object.assign(out, normalised);
      if (Object.keys(properties).length > 0) out.properties = properties;
      if (required.length > 0) out.required = [...new Set(required)];
    }
  }
}

function normaliseNode(node: unknown, scope: Scope): JsonObject {
  if (!isObject(node)) return {};
  if (typeof node.$ref === "string") {
    const target = scope.depth < MAX_REF_DEPTH ? resolveRef(node.$ref, scope) : undefined;
    const resolved = target
      ? normaliseNode(target, { ...scope, depth: scope.depth + 1 })
      : { type: "object" };
    return typeof node.description === "string" ? { ...resolved, description: node.description } : resolved;
  }
  const out: JsonObject = {};
  if (Array.isArray(node.type)) {
    const types = node.type.filter((t) => t !== "null");
    if (types.length < node.type.length) out.nullable = true;
    if (types[0] !== undefined) out.type = types[0];
  } else if (typeof node.type === "string") {
    out.type = node.type;
  }
  for (const key of KEPT_KEYWORDS) if (node[key] !== undefined) out[key] = node[key];
  if (typeof node.format === "string" && SUPPORTED_FORMATS.has(node.format)) out.format = node.format;
  if (node.nullable === true) out.nullable = true;
  if (Array.isArray(node.enum)) {
    out.enum = node.enum.filter((v) => v !== null).map(String);
    out.type = "string";
  } else if ("const" in node && node.const !== undefined) {
    out.enum = [String(node.const)];
    out.type = "string";
  }
  if (isObject(node.properties)) {
    const properties: JsonObject = {};
    for (const [name, child] of Object.entries(node.properties))
      properties[name] = normaliseNode(child, scope);
    out.properties = properties;
    if (out.type === undefined) out.type = "object";
  }
  if (Array.isArray(node.required) && node.required.length > 0) out.required = node.required;
  if (node.items !== undefined)
    out.items = normaliseNode(Array.isArray(node.items) ? node.items[0] : node.items, scope);
  normaliseCombinators(node, out, scope);
  return out;
}

/**
 * Rewrites a JSON Schema (e.g. a TypeBox schema) into what Gemini accepts.
 *
 * @example
 * toGeminiSchema({ type: "object", additionalProperties: false, properties: { u: { const: "c" } } });
 * // { type: "object", properties: { u: { type: "string", enum: ["c"] } } }
 */
export function toGeminiSchema(schema: unknown): JsonObject {
  const defs = isObject(schema)
    ? { ...(schema.definitions as JsonObject), ...(schema.$defs as JsonObject) }
    : {};
  return normaliseNode(schema, { defs, depth: 0 });
}
