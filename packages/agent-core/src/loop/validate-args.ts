/**
 * Tool-argument validation against the tool's TypeBox schema. Validators are compiled once per
 * schema object and cached, so a turn with many tool calls pays the compile cost once.
 */
import type { TSchema } from "typebox";
import { Compile } from "typebox/compile";
import { Value } from "typebox/value";

type Validator = ReturnType<typeof Compile<TSchema>>;
const validators = new WeakMap<TSchema, Validator>();

function validatorFor(schema: TSchema): Validator {
  let validator = validators.get(schema);
  if (!validator) {
    validator = Compile(schema);
    validators.set(schema, validator);
  }
  return validator;
}

export type ArgsCheck = { ok: true; args: Record<string, unknown> } | { ok: false; message: string };

/**
 * Checks (and mildly coerces: "3" → 3 where the schema wants a number) a model's arguments.
 * The failure message names every bad field so the model can correct itself.
 */
export function validateToolArguments(toolName: string, schema: TSchema, args: unknown): ArgsCheck {
  const validator = validatorFor(schema);
  if (validator.Check(args)) return { ok: true, args: args as Record<string, unknown> };
  const converted = Value.Convert(schema, structuredClone(args));
  if (validator.Check(converted)) return { ok: true, args: converted as Record<string, unknown> };
  const problems = [...validator.Errors(args)]
    .slice(0, 8)
    .map((e) => `${e.instancePath === "" ? "(root)" : e.instancePath}: ${e.message}`);
  return {
    ok: false,
    message: `Invalid arguments for tool "${toolName}": ${problems.join("; ")}. Received: ${preview(args)}`,
  };
}

function preview(value: unknown): string {
  const text = JSON.stringify(value) ?? String(value);
  return text.length > 300 ? `${text.slice(0, 300)}…` : text;
}
