/**
 * Error classification is data: each provider has a table of rules, tried in order, first match
 * wins. A rule matches on any combination of HTTP status, provider error code and message
 * pattern; every field it names must match.
 */
import type { FailureReason } from "../types.js";

export interface ErrorRule {
  reason: FailureReason;
  /** HTTP statuses this rule covers. */
  status?: readonly number[];
  /** Provider error codes/types (exact, case-insensitive), e.g. "rate_limit_error", "ECONNRESET". */
  codes?: readonly string[];
  /** Pattern tested against the provider's error message. */
  message?: RegExp;
  /** One line for the generated docs: why this rule exists. */
  note: string;
}

/** What an adapter knows about a failure before classifying it. */
export interface ErrorFacts {
  status?: number;
  code?: string;
  message: string;
}

/** A named rule table, as listed in the generated docs. */
export interface ErrorRuleTable {
  /** Who the table is for ("common", "anthropic", "openai", …). */
  name: string;
  rules: readonly ErrorRule[];
}
