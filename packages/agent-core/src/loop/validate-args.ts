/**
 * Tool-argument validation against the tool's TypeBox schema. Validators are compiled once per
 * schema object and cached, so a turn with many tool calls pays the compile cost once.
 */
import { createRequire } from "node:module";
import type { TSchema } from "typebox";
import type { Compile } from "typebox/compile";
import type { Value } from "typebox/value";

type Validator = ReturnType<typeof Compile<TSchema>>;
const validators = new WeakMap<TSchema, Validator>();

// typebox/compile and typebox/value are hundreds of modules: loaded by the first validation, not
// at import (a synchronous require of their ESM entries, Node >= 20.19, keeps this synchronous).
let typebox: { Compile: typeof Compile; Value: typeof Value } | undefined;
function loadTypebox() {
  if (!typebox) {
    const require = createRequire(import.meta.url);
    typebox = {
      Compile: (require("typebox/compile") as { Compile: typeof Compile }).Compile,
      Value: (require("typebox/value") as { Value: typeof Value }).Value,
    };
  }
  return typebox;
}

/** A compiled validator for `schema`, compiled once on first use and cached. */
export function validatorFor(schema: TSchema): Validator {
  let validator = validators.get(schema);
  if (!validator) {
    validator = loadTypebox().Compile(schema);
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
  const converted = loadTypebox().Value.Convert(schema, structuredClone(args));
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
