/**
 * The failover rule table: what a failure means, as data. `classifyFailure` walks it top to
 * bottom and the first rule whose every named field matches wins; the README section "Rules" is
 * generated from this file (`pnpm gen:readme`), so docs and code cannot drift apart.
 */
import type { FailureReason } from "@claw/providers";

/** How far a rate-limit cooldown reaches: one model on one key, or the whole key. */
export type CooldownScope = "model" | "profile";

export interface FailoverRule {
  /** Stable id, shown in `FailoverError.rule` so a person can see why a failure was classified. */
  id: string;
  reason: FailureReason;
  /** HTTP statuses this rule covers. */
  status?: readonly number[];
  /** Provider error codes/types or Node network codes (exact, case-insensitive). */
  codes?: readonly string[];
  /** Pattern tested against the error message. */
  message?: RegExp;
  /** Only failures from these providers match (provider-scoped wording). */
  providers?: readonly string[];
  /** Overrides the reason's default cooldown scope (an account-wide cap cools the whole key). */
  scope?: CooldownScope;
  /** One line for the README: why this rule exists. */
  note: string;
}

/** Node and undici network error codes: the request never got a usable answer. */
export const NETWORK_CODES = [
  "ETIMEDOUT",
  "ECONNRESET",
  "ECONNREFUSED",
  "ENOTFOUND",
  "EAI_AGAIN",
  "ECONNABORTED",
  "EPIPE",
  "EHOSTUNREACH",
  "ENETUNREACH",
  "UND_ERR_SOCKET",
  "UND_ERR_CONNECT_TIMEOUT",
  "UND_ERR_HEADERS_TIMEOUT",
  "UND_ERR_BODY_TIMEOUT",
  "STREAM_INCOMPLETE",
] as const;

const CONTEXT_OVERFLOW =
  /prompt is too long|maximum context length|context[_ ]length[_ ]exceeded|exceeds? the (?:model's )?context window|input token count .* exceeds the maximum|greater than the context length|context size has been exceeded/i;
const PERMANENT_AUTH =
  /revoked|deactivated|disabled|suspended|banned|account (?:is )?not active|no longer (?:active|valid)/i;

export const FAILOVER_RULES: readonly FailoverRule[] = [
  {
    id: "aborted.code",
    reason: "aborted",
    codes: ["ABORT_ERR", "AbortError"],
    note: "The caller's AbortSignal fired.",
  },
  // Refinements of a status come before the bare status rule they refine.
  { id: "billing.402", reason: "billing", status: [402], note: "Payment required: out of credits." },
  {
    id: "billing.openai-quota",
    reason: "billing",
    codes: ["insufficient_quota"],
    note: "OpenAI answers 429 insufficient_quota when the account has no credit; waiting a minute will not help.",
  },
  {
    id: "billing.anthropic-credit",
    reason: "billing",
    providers: ["anthropic"],
    status: [400],
    message: /credit balance is too low/i,
    note: "Anthropic reports an empty balance as a 400 invalid_request_error.",
  },
  {
    id: "rate_limit.usage-cap",
    reason: "rate_limit",
    status: [429],
    message: /(?:daily|weekly|monthly) (?:usage )?limit|usage limit|spend(?:ing)? limit|requests per day/i,
    scope: "profile",
    note: "An account-wide cap (daily/weekly/spend): every model on this key is throttled, so the whole key cools.",
  },
  {
    id: "rate_limit.429",
    reason: "rate_limit",
    status: [429],
    note: "Too many requests for this model on this key.",
  },
  {
    id: "auth_permanent.revoked",
    reason: "auth_permanent",
    status: [401, 403],
    message: PERMANENT_AUTH,
    note: "Key revoked or account disabled: goes to the disabled lane, not a short cooldown.",
  },
  {
    id: "auth.google-bad-key",
    reason: "auth",
    providers: ["google"],
    status: [400],
    message: /api key not valid|api_key_invalid/i,
    note: "Gemini answers a bad key with 400 INVALID_ARGUMENT.",
  },
  {
    id: "auth.401-403",
    reason: "auth",
    status: [401, 403],
    note: "Bad or missing credentials, or no permission.",
  },
  {
    id: "model_not_found.404",
    reason: "model_not_found",
    status: [404],
    note: "Unknown model (or no access to it).",
  },
  { id: "overloaded.529", reason: "overloaded", status: [529], note: "Anthropic's overloaded_error." },
  {
    id: "overloaded.5xx-text",
    reason: "overloaded",
    status: [500, 503],
    message: /overloaded|over capacity/i,
    note: "Gemini and OpenAI say 'overloaded' on a 503/500.",
  },
  {
    id: "timeout.gateway",
    reason: "timeout",
    status: [408, 502, 503, 504],
    note: "Gateway or upstream did not answer in time; transient (OpenClaw #20999).",
  },
  {
    id: "timeout.anthropic-api-error",
    reason: "timeout",
    providers: ["anthropic"],
    status: [500],
    codes: ["api_error"],
    note: "Anthropic's 500 api_error is a transient server fault.",
  },
  {
    id: "timeout.ollama-runner",
    reason: "timeout",
    providers: ["ollama"],
    status: [500],
    message: /runner|terminated|llama/i,
    note: "A crashed local Ollama runner: try the next model, it may be fine after a restart.",
  },
  {
    id: "context_overflow.code",
    reason: "context_overflow",
    codes: ["context_length_exceeded"],
    note: "OpenAI's code for a prompt that does not fit.",
  },
  {
    id: "context_overflow.text",
    reason: "context_overflow",
    message: CONTEXT_OVERFLOW,
    note: "The prompt does not fit; another model will not help without compaction, so it is rethrown.",
  },
  {
    id: "context_overflow.413",
    reason: "context_overflow",
    status: [413],
    note: "Request entity too large.",
  },
  { id: "format.4xx", reason: "format", status: [400, 422], note: "The request was rejected as invalid." },
  {
    id: "timeout.network",
    reason: "timeout",
    codes: NETWORK_CODES,
    note: "Network failure (refused, reset, DNS, timed out): a local Ollama that is down falls back (OpenClaw #65810).",
  },
  {
    id: "rate_limit.code",
    reason: "rate_limit",
    codes: ["rate_limit_error", "rate_limit_exceeded", "RESOURCE_EXHAUSTED", "ThrottlingException"],
    note: "Provider rate-limit codes seen without a 429.",
  },
  {
    id: "overloaded.code",
    reason: "overloaded",
    codes: ["overloaded_error"],
    note: "Overload code without a status.",
  },
  {
    id: "billing.text",
    reason: "billing",
    message: /insufficient.*(?:credit|quota|balance)|exceeded your current quota|payment required/i,
    note: "Out of credits, described only in the message.",
  },
  {
    id: "rate_limit.text",
    reason: "rate_limit",
    message: /rate.?limit|too many requests|resource.?exhausted|throttl/i,
    note: "Rate limit described only in the message.",
  },
  {
    id: "auth.text",
    reason: "auth",
    message: /invalid.*api.?key|incorrect api key|unauthori[sz]ed|authentication/i,
    note: "Credential problem described only in the message.",
  },
  {
    id: "model_not_found.text",
    reason: "model_not_found",
    message: /model.*(?:not found|does not exist)|unknown model|no such model/i,
    note: "Unknown model described only in the message (OpenClaw #97564: never terminal).",
  },
  {
    id: "overloaded.text",
    reason: "overloaded",
    message: /overloaded/i,
    note: "Overload described only in the message.",
  },
  {
    id: "timeout.text",
    reason: "timeout",
    message: /timed? ?out|socket hang up|network error|fetch failed|connection (?:error|closed|refused)/i,
    note: "Network failure described only in the message.",
  },
];
