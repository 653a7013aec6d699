/**
 * Thinking levels as Anthropic extended-thinking budgets (tokens). The budget must stay below
 * max_tokens, so it is clamped by the caller.
 */
import type { ThinkingLevel } from "../../types.js";

export const ANTHROPIC_THINKING_BUDGETS: Readonly<Record<Exclude<ThinkingLevel, "off">, number>> = {
  minimal: 1_024,
  low: 4_096,
  medium: 10_240,
  high: 32_000,
};

/** The `thinking` parameter and the max_tokens it needs, or undefined when thinking is off. */
export function anthropicThinking(
  level: ThinkingLevel | undefined,
  maxTokens: number,
): { thinking: { type: "enabled"; budget_tokens: number }; maxTokens: number } | undefined {
  if (!level || level === "off") return undefined;
  const wanted = ANTHROPIC_THINKING_BUDGETS[level];
  // Leave room for the answer: the budget counts against max_tokens.
  const budget = Math.max(1_024, Math.min(wanted, maxTokens - 1_024));
  return {
    thinking: { type: "enabled", budget_tokens: budget },
    maxTokens: Math.max(maxTokens, budget + 1_024),
  };
}
