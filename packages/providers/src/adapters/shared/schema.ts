/**
 * Tool schemas leave TypeBox as plain JSON: no symbol keys, no functions, a fresh copy each
 * time so per-provider normalisation can edit it freely.
 */
import type { ToolParametersSchema } from "../../types.js";

export type JsonSchema = Record<string, unknown>;

/** A plain-JSON deep copy of a TypeBox (or any JSON) schema. */
export function plainSchema(schema: ToolParametersSchema): JsonSchema {
  return JSON.parse(JSON.stringify(schema)) as JsonSchema;
}
