/**
 * Small building blocks shared by every config section. Every object is closed
 * (`additionalProperties: false`) so a misspelt key is reported instead of silently ignored.
 */
import { THINKING_LEVELS } from "@claw/ids";
import Type, { type TProperties, type TSchema, type TSchemaOptions } from "typebox";

/** A closed object: unknown keys are validation errors. */
export function closedObject<Properties extends TProperties>(
  properties: Properties,
  options?: TSchemaOptions,
) {
  return Type.Object(properties, { additionalProperties: false, ...options });
}

/** A closed object that materialises as `{}` (and then its own defaults) when absent. */
export function section<Properties extends TProperties>(properties: Properties, options?: TSchemaOptions) {
  return closedObject(properties, { default: {}, ...options });
}

/** A map keyed by a free-form id (provider id, channel id, account id, …). */
export function recordOf<Value extends TSchema>(value: Value, options?: TSchemaOptions) {
  return Type.Record(Type.String(), value, options);
}

/** Agent ids appear in session keys and paths, so they are kept to a safe, lower-case alphabet. */
export const AgentId = Type.String({
  pattern: "^[a-z0-9][a-z0-9_-]{0,63}$",
  "x-hint": "use lower-case letters, digits, '-' and '_' (at most 64 characters), e.g. \"code-reviewer\"",
  description: "Agent id: lower-case letters, digits, '-' and '_'.",
});

/** `"provider/model"` (split on the first `/`) or an alias from `agents.defaults.models`. */
export const ModelRef = Type.String({
  minLength: 1,
  description: 'A model reference "provider/model" (e.g. "anthropic/claude-opus-4-6") or an alias.',
});

/** A duration such as `"500ms"`, `"30s"`, `"5m"`, `"1h"`, `"7d"`. */
export const Duration = Type.String({
  pattern: "^[0-9]+(ms|s|m|h|d)$",
  "x-hint": 'write a number followed by ms, s, m, h or d, e.g. "5m"',
  description: 'A duration: a number followed by ms, s, m, h or d (e.g. "5m").',
});

const DURATION_UNIT_MS: Record<string, number> = { ms: 1, s: 1000, m: 60_000, h: 3_600_000, d: 86_400_000 };

/**
 * Milliseconds of a config {@link Duration}.
 *
 * @example
 * durationMs("5m"); // → 300000
 */
export function durationMs(duration: string): number {
  const match = /^(\d+)(ms|s|m|h|d)$/.exec(duration);
  if (!match)
    throw new Error(
      `config: "${duration}" is not a duration — write a number followed by ms, s, m, h or d, e.g. "5m"`,
    );
  return Number(match[1]) * (DURATION_UNIT_MS[match[2] as string] ?? 1);
}

export const StringList = Type.Array(Type.String());

export const PositiveInteger = Type.Integer({ minimum: 1 });

export const NonNegativeInteger = Type.Integer({ minimum: 0 });

/** A ratio in [0, 1]. */
export const Ratio = Type.Number({ minimum: 0, maximum: 1 });

/** Thinking level: one of `@claw/ids`' THINKING_LEVELS. */
export const ThinkLevel = Type.Enum([...THINKING_LEVELS]);
