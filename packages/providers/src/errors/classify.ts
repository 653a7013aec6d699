/**
 * The classification engine: a pure walk over rule tables. Adapters gather facts; tables decide.
 * This is the only classifier: failover, compaction and agent-core read the reason it puts on a
 * failed message, and use `describeFailure` for anything thrown outside a provider stream.
 */
import type { FailureReason, ProviderErrorInfo } from "../types.js";
import { COMMON_ERROR_RULES } from "./common-rules.js";
import { errorFactsFrom, type FailureFacts } from "./facts.js";
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

/** The rule that decides: specific rules of the provider, then common; then the fallbacks, same order. */
export function decidingRule(rules: readonly ErrorRule[], facts: ErrorFacts): ErrorRule | undefined {
  for (const fallback of [false, true]) {
    for (const table of [rules, COMMON_ERROR_RULES]) {
      for (const rule of table)
        if (Boolean(rule.fallback) === fallback && ruleMatches(rule, facts)) return rule;
    }
  }
  return undefined;
}

/**
 * Classifies a failure against a provider's rules and the common rules.
 *
 * @example
 * classifyProviderError(ANTHROPIC_ERROR_RULES, { status: 529, code: "overloaded_error", message: "Overloaded" });
 * // "overloaded"
 */
export function classifyProviderError(rules: readonly ErrorRule[], facts: ErrorFacts): FailureReason {
  return decidingRule(rules, facts)?.reason ?? "unknown";
}

/** Facts plus the deciding rule's verdict, as carried on a failed message. */
export function classifyFacts(rules: readonly ErrorRule[], facts: FailureFacts): ProviderErrorInfo {
  const rule = decidingRule(rules, facts);
  const info: ProviderErrorInfo = { message: facts.message, reason: rule?.reason ?? "unknown" };
  if (facts.status !== undefined) info.status = facts.status;
  if (facts.code !== undefined) info.code = facts.code;
  if (facts.retryAfterMs !== undefined) info.retryAfterMs = facts.retryAfterMs;
  if (rule?.accountWide) info.accountWide = true;
  return info;
}

const REASONS: ReadonlySet<string> = new Set<FailureReason>([
  "rate_limit",
  "overloaded",
  "billing",
  "auth",
  "auth_permanent",
  "timeout",
  "network",
  "format",
  "model_not_found",
  "context_overflow",
  "aborted",
  "unknown",
]);

type Bag = Record<string, unknown>;
const isBag = (v: unknown): v is Bag => v !== null && typeof v === "object";

/** A value that already carries a classified reason: a ProviderErrorInfo, or an error with `reason`. */
function claimed(value: Bag): ProviderErrorInfo | undefined {
  if (typeof value.reason !== "string" || !REASONS.has(value.reason) || typeof value.message !== "string")
    return undefined;
  const info: ProviderErrorInfo = { message: value.message, reason: value.reason as FailureReason };
  if (typeof value.status === "number") info.status = value.status;
  if (typeof value.code === "string") info.code = value.code;
  if (typeof value.retryAfterMs === "number") info.retryAfterMs = value.retryAfterMs;
  if (value.accountWide === true) info.accountWide = true;
  return info;
}

/**
 * What a failure is, whatever shape it arrives in. A reason already on the value (a failed
 * message's `error`, an error event, a `ProviderErrorInfo`, an error carrying `reason`) is the
 * truth and is never re-classified; anything else (a thrown SDK, fetch or undici error, a
 * string) is classified by the tables. A caller's own abort is the caller's to decide: this
 * never answers "aborted" for a thrown value.
 *
 * @example
 * describeFailure(failedMessage).reason;                                         // the adapter's reason
 * describeFailure(Object.assign(new Error("connect"), { code: "ECONNREFUSED" })); // { reason: "network", … }
 */
export function describeFailure(value: unknown, rules: readonly ErrorRule[] = []): ProviderErrorInfo {
  if (isBag(value)) {
    if (value.role === "assistant" && typeof value.stopReason === "string") {
      if (isBag(value.error)) return claimed(value.error) ?? describeFailure(value.error, rules);
      const aborted = value.stopReason === "aborted";
      return {
        message: `the model call ended with stopReason "${value.stopReason}"`,
        reason: aborted ? "aborted" : "unknown",
      };
    }
    if (value.type === "error" && isBag(value.error)) return describeFailure(value.error, rules);
    const info = claimed(value);
    if (info) return info;
  }
  return classifyFacts(rules, errorFactsFrom(value));
}
