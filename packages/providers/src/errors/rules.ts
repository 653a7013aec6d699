/**
 * Error classification is data: each provider has a table of rules, then the common table.
 * A rule matches on any combination of HTTP status, provider error code and message pattern;
 * every field it names must match. Specific rules (a code, a wording) from every table are tried
 * before any `fallback` rule (a bare status, loose wording), so a generic "400 is format" never
 * hides "400 … insufficient credits" whichever table the specific rule lives in.
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
  /** A catch-all (a bare status, a generic code, loose wording): tried only after every specific rule. */
  fallback?: true;
  /** The limit is account-wide (daily/weekly/spend cap): failover cools the whole key, not one model. */
  accountWide?: true;
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
