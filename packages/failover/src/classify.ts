/**
 * Classification: facts in, reason out, by walking FAILOVER_RULES. Pure and synchronous.
 */
import type { AssistantMessage, FailureReason } from "@claw/providers";
import { FailoverError } from "./errors.js";
import { type ErrorFacts, errorFacts } from "./facts.js";
import { type CooldownScope, FAILOVER_RULES, type FailoverRule } from "./rules.js";

export interface Classification extends ErrorFacts {
  reason: FailureReason;
  /** Id of the rule that decided, "provider:<reason>" when the adapter's own reason was used, or undefined. */
  rule?: string;
  /** Rate-limit scope override from the rule (an account-wide cap cools the whole key). */
  scope?: CooldownScope;
}

/** True when every field the rule names matches. A rule naming nothing never matches. */
export function ruleMatches(rule: FailoverRule, facts: ErrorFacts): boolean {
  if (!rule.status && !rule.codes && !rule.message) return false;
  if (rule.providers && (facts.provider === undefined || !rule.providers.includes(facts.provider)))
    return false;
  if (rule.status && (facts.status === undefined || !rule.status.includes(facts.status))) return false;
  if (rule.codes) {
    const code = facts.code?.toLowerCase();
    if (code === undefined || !rule.codes.some((c) => c.toLowerCase() === code)) return false;
  }
  return !rule.message || rule.message.test(facts.message);
}

/**
 * Classifies plain facts. Order: a stream that ended "aborted", or an adapter that says
 * "context_overflow", is believed; then the first matching rule; then the adapter's own reason;
 * then "unknown".
 */
export function classifyFacts(
  facts: ErrorFacts,
  rules: readonly FailoverRule[] = FAILOVER_RULES,
): Classification {
  const claimed = facts.claimedReason;
  if (claimed === "aborted" || claimed === "context_overflow")
    return { ...facts, reason: claimed, rule: `provider:${claimed}` };
  for (const rule of rules) {
    if (!ruleMatches(rule, facts)) continue;
    const out: Classification = { ...facts, reason: rule.reason, rule: rule.id };
    if (rule.scope) out.scope = rule.scope;
    return out;
  }
  if (claimed && claimed !== "unknown") return { ...facts, reason: claimed, rule: `provider:${claimed}` };
  return { ...facts, reason: "unknown" };
}

/**
 * Classifies a provider stream's error event, a failed final message, or any thrown value.
 *
 * @example
 * classifyFailure({ status: 503, message: "Service Unavailable" }).reason; // "timeout"
 * classifyFailure(Object.assign(new Error("connect ECONNREFUSED"), { code: "ECONNREFUSED" })).reason; // "timeout"
 */
export function classifyFailure(value: unknown, context: { provider?: string } = {}): Classification {
  if (value instanceof FailoverError) {
    const out: Classification = { message: value.message, reason: value.reason };
    for (const key of ["status", "code", "retryAfterMs", "provider", "rule", "scope"] as const)
      if (value[key] !== undefined) Object.assign(out, { [key]: value[key] });
    return out;
  }
  const facts = errorFacts(value);
  if (facts.provider === undefined && context.provider !== undefined) facts.provider = context.provider;
  return classifyFacts(facts);
}

/** Where a failure happened: filled into the FailoverError. An `Attempt` is a valid site. */
export interface FailureSite {
  provider?: string;
  model?: string;
  modelId?: string;
  profileId?: string;
  profile?: { id: string } | undefined;
}

/** Wraps any failure into a FailoverError (returned unchanged when it already is one). */
export function toFailoverError(value: unknown, site: FailureSite = {}): FailoverError {
  if (value instanceof FailoverError) return value;
  const c = classifyFailure(value, site.provider === undefined ? {} : { provider: site.provider });
  return new FailoverError({
    reason: c.reason,
    message: c.message,
    provider: site.provider ?? c.provider,
    model: site.model ?? site.modelId,
    profileId: site.profileId ?? site.profile?.id,
    status: c.status,
    code: c.code,
    retryAfterMs: c.retryAfterMs,
    rule: c.rule,
    scope: c.scope,
    cause: value,
  });
}

/**
 * Turns a failed provider stream into a thrown FailoverError, so `stream().result()` can be
 * wrapped by the fallback loop. Messages that ended normally are returned unchanged.
 *
 * @example
 * run: async (a) => throwIfFailed(await stream(model, ctx, { apiKey: a.apiKey, signal: a.signal }).result(), a)
 */
export function throwIfFailed(message: AssistantMessage, site: FailureSite = {}): AssistantMessage {
  if (message.stopReason !== "error" && message.stopReason !== "aborted") return message;
  throw toFailoverError(message, {
    provider: site.provider ?? message.provider,
    model: site.model ?? site.modelId ?? message.model,
    profileId: site.profileId ?? site.profile?.id,
  });
}
