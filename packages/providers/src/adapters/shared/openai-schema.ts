/**
 * OpenAI accepts a function's parameters only with an object root and no root-level union
 * (`anyOf`/`oneOf`/`allOf`), so a TypeBox `Union` of objects is flattened into one object whose
 * properties are the union of the variants' and whose required list is what every variant needs.
 */

import type { ToolParametersSchema } from "../../types.js";
import { type JsonSchema, plainSchema } from "./schema.js";

const ROOT_COMBINATORS = ["anyOf", "oneOf", "allOf"] as const;

function isObject(value: unknown): value is JsonSchema {
  return value !== null && typeof value === "object" && !Array.isArray(value);
}

function variantsOf(schema: JsonSchema): JsonSchema[] | undefined {
  for (const key of ROOT_COMBINATORS) {
    const list = schema[key];
    if (Array.isArray(list)) return list.filter(isObject);
  }
  return undefined;
}

/** Merges object variants: properties unioned (differing shapes become an anyOf), required intersected. */
function mergeVariants(variants: JsonSchema[], allRequired: boolean): JsonSchema {
  const properties: Record<string, JsonSchema[]> = {};
  let required: string[] | undefined;
  for (const variant of variants) {
    const flat = variantsOf(variant) ? mergeVariants(variantsOf(variant) ?? [], false) : variant;
    for (const [name, prop] of Object.entries(isObject(flat.properties) ? flat.properties : {})) {
      if (!isObject(prop)) continue;
      const seen = properties[name] ?? [];
      properties[name] = seen;
      if (!seen.some((p) => JSON.stringify(p) === JSON.stringify(prop))) seen.push(prop);
    }
    const req = Array.isArray(flat.required)
      ? flat.required.filter((r): r is string => typeof r === "string")
      : [];
    required =
      required === undefined
        ? req
        : allRequired
          ? [...new Set([...required, ...req])]
          : required.filter((r) => req.includes(r));
  }
  const merged: JsonSchema = {
    type: "object",
    properties: Object.fromEntries(
      Object.entries(properties).map(([name, list]) => [name, list.length === 1 ? list[0] : { anyOf: list }]),
    ),
  };
  if (required && required.length > 0) merged.required = required;
  return merged;
}

/**
 * Tool parameters in the shape OpenAI accepts.
 *
 * @example
 * toOpenAIParameters(Type.Union([Type.Object({ a: Type.String() }), Type.Object({ b: Type.Number() })]));
 * // { type: "object", properties: { a: {...}, b: {...} } }
 */
export function toOpenAIParameters(schema: ToolParametersSchema): JsonSchema {
  const plain = plainSchema(schema);
  const variants = variantsOf(plain);
  let root = plain;
  if (variants) {
    const key = ROOT_COMBINATORS.find((k) => Array.isArray(plain[k]));
    const { [key ?? "anyOf"]: _dropped, ...rest } = plain;
    root = { ...rest, ...mergeVariants(variants, key === "allOf") };
  }
  if (root.type !== "object") root.type = "object";
  if (!isObject(root.properties)) root.properties = {};
  return root;
}
