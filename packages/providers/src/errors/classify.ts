/**
 * The classification engine: a pure walk over rule tables. Adapters gather facts; tables decide.
 */
import type { FailureReason } from "../types.js";
import { COMMON_ERROR_RULES } from "./common-rules.js";
import type { ErrorFacts, ErrorRule } from "./rules.js";

/**
 * True when every field the rule names matches the facts. A rule naming nothing never matches.
 *
 * @example
 * ruleMatches({ reason: "rate_limit", status: [429], note: "" }, { status: 429, message: "slow" }); // true
 */
export function ruleMatches(rule: ErrorRule, facts: ErrorFacts): boolean {
  if (!rule.status && !rule.codes && !rule.message) return false;
  if (rule.status && (facts.status === undefined || !rule.status.includes(facts.status))) return false;
  if (rule.codes) {
    const code = facts.code?.toLowerCase();
    if (!code || !rule.codes.some((c) => c.toLowerCase() === code)) return false;
  }
  if (rule.message && !rule.message.test(facts.message)) return false;
  return true;
}

/**
 * Classifies a failure: the provider's rules first, then the common rules, first match wins.
 *
 * @example
 * classifyProviderError(ANTHROPIC_ERROR_RULES, { status: 529, code: "overloaded_error", message: "Overloaded" });
 * // "overloaded"
 */
export function classifyProviderError(rules: readonly ErrorRule[], facts: ErrorFacts): FailureReason {
  for (const rule of rules) if (ruleMatches(rule, facts)) return rule.reason;
  for (const rule of COMMON_ERROR_RULES) if (ruleMatches(rule, facts)) return rule.reason;
  return "unknown";
}
