/** The reasoning effort levels a run may ask for, from none to the most. */
export const THINKING_LEVELS = ["off", "minimal", "low", "medium", "high"] as const;

export type ThinkingLevel = (typeof THINKING_LEVELS)[number];

/**
 * True when `value` is one of {@link THINKING_LEVELS}.
 *
 * @example
 * isThinkingLevel("high"); // → true
 * isThinkingLevel("max"); // → false
 */
export function isThinkingLevel(value: unknown): value is ThinkingLevel {
  return typeof value === "string" && (THINKING_LEVELS as readonly string[]).includes(value);
}

/**
 * The level named by `value` (trimmed, any case), or undefined when it names none.
 *
 * @example
 * parseThinkingLevel(" High "); // → "high"
 */
export function parseThinkingLevel(value: string | undefined): ThinkingLevel | undefined {
  const wanted = value?.trim().toLowerCase();
  return isThinkingLevel(wanted) ? wanted : undefined;
}
