/**
 * Rules every provider shares, after the provider's own table. Specific rules (codes, wording)
 * come first; `fallback` rules (bare statuses, loose wording) run only when no specific rule of
 * any table matched. Within each tier the first match wins.
 */
import { transportCodes } from "./network.js";
import { CONTEXT_OVERFLOW_PATTERN } from "./overflow-wording.js";
import type { ErrorRule } from "./rules.js";

export { CONTEXT_OVERFLOW_PATTERN };

const PERMANENT_AUTH =
  /revoked|deactivated|disabled|suspended|banned|account (?:is )?not active|no longer (?:active|valid)/i;

export const COMMON_ERROR_RULES: readonly ErrorRule[] = [
  {
    reason: "timeout",
    codes: ["STREAM_INCOMPLETE"],
    note: "The response ended before the provider said it was done (dropped connection).",
  },
  {
    reason: "unknown",
    codes: ["MALFORMED_RESPONSE"],
    note: "The provider sent bytes we could not parse; nothing says whether a retry helps.",
  },
  {
    reason: "timeout",
    codes: ["ABORT_ERR", "AbortError", "TimeoutError"],
    note: "An abort nobody asked for (an SDK or proxy timeout): falls back like a timeout. A user abort is decided by the caller's own signal, never by this table.",
  },
  {
    reason: "network",
    codes: transportCodes("network"),
    note: "Nothing answered or the connection broke (refused, reset, DNS, unreachable): the next model may work.",
  },
  {
    reason: "timeout",
    codes: transportCodes("timeout"),
    note: "The connection or the response timed out.",
  },
  {
    reason: "context_overflow",
    codes: ["context_length_exceeded", "request_too_large"],
    note: "Codes for a prompt that does not fit (OpenAI, Anthropic's 413).",
  },
  { reason: "overloaded", codes: ["overloaded_error"], note: "Overload code, whatever the status." },
  {
    reason: "rate_limit",
    codes: ["rate_limit_error", "rate_limit_exceeded", "too_many_requests", "ThrottlingException"],
    note: "Rate-limit codes (Anthropic, OpenAI, Bedrock), whatever the status.",
  },
  {
    reason: "auth_permanent",
    status: [401, 403],
    message: PERMANENT_AUTH,
    note: "Key revoked or account disabled: rotating to the same key will not help.",
  },
  { reason: "auth", status: [401, 403], note: "Credentials refused: the status beats any wording." },
  {
    reason: "rate_limit",
    message:
      /(?:daily|weekly|monthly) (?:usage |spend(?:ing)? |token |request )?(?:limit|quota|cap)|usage limit|spend(?:ing)? (?:limit|cap)(?!\s*(?:of .{1,20})?per (?:minute|min|second|sec|hour))|requests per day/i,
    accountWide: true,
    note: "An account-wide cap (daily/weekly/monthly usage or spend): every model on this key is throttled.",
  },
  {
    reason: "rate_limit",
    message:
      /rate.?limit|too many requests|per (?:minute|min|second|sec|hour)\b|\b[RT]PM\b|throttl|resource.?exhausted/i,
    note: "A rate limit in the text (also a 'spend limit per minute'): not billing, whatever else the text says.",
  },
  {
    reason: "context_overflow",
    message: CONTEXT_OVERFLOW_PATTERN,
    note: "The prompt does not fit: compact and retry; another model will not help.",
  },
  { reason: "context_overflow", status: [413], note: "Request entity too large." },
  { reason: "billing", status: [402], note: "Payment required: out of credits." },
  {
    reason: "billing",
    message:
      /insufficient.{0,40}(?:credit|quota|balance|funds)|credit balance is too low|exceeded your current quota|out of credits?|payment required|billing|余额不足|欠费/i,
    note: "Out of credits or quota, whatever the status (a 400/422 'insufficient credits' is billing).",
  },
  {
    reason: "auth_permanent",
    message:
      /(?:api[ _-]?key|key|token|account|organi[sz]ation)\b.{0,40}\b(?:revoked|deactivated|suspended|banned)/i,
    note: "A revoked key or suspended account named in the text, even without a status.",
  },
  {
    reason: "auth",
    message:
      /invalid[ _-]?(?:x-)?(?:api[ _-]?)?key|incorrect api key|api[ _-]?key (?:is )?(?:invalid|not valid|expired|missing|required)|invalid (?:authentication|bearer token|access token)|authentication (?:failed|error)|unauthori[sz]ed|missing (?:an )?api[ _-]?key|could not resolve authentication method/i,
    note: "A bad or missing key named in the text, even without a status.",
  },
  {
    reason: "model_not_found",
    message: /model.{0,80}(?:not found|does not exist)|unknown model|no such model/i,
    note: "Unknown model described in the text (never terminal: the next model is tried).",
  },
  {
    reason: "timeout",
    message: /request was aborted|operation was aborted/i,
    note: "An SDK abort the caller did not ask for (its own timeout): falls back like a timeout.",
  },
  { reason: "overloaded", status: [529], fallback: true, note: "Provider overloaded (Anthropic's 529)." },
  { reason: "rate_limit", status: [429], fallback: true, note: "Too many requests for this model." },
  { reason: "model_not_found", status: [404], fallback: true, note: "Unknown model or endpoint." },
  {
    reason: "overloaded",
    status: [500, 503],
    message: /overloaded|over capacity/i,
    fallback: true,
    note: "'The engine is currently overloaded' on a 500/503.",
  },
  {
    reason: "timeout",
    status: [408, 502, 503, 504],
    fallback: true,
    note: "Gateway or upstream did not answer in time (OpenRouter's 502 'Provider returned error').",
  },
  { reason: "format", status: [400, 422], fallback: true, note: "The request was rejected as invalid." },
  {
    reason: "overloaded",
    message: /overloaded|over capacity/i,
    fallback: true,
    note: "Overload in the text.",
  },
  {
    reason: "network",
    message:
      /fetch failed|socket hang up|network error|connection error|connection (?:refused|reset|closed)|other side closed|^terminated$|ECONNREFUSED|ECONNRESET|ENOTFOUND|EHOSTUNREACH|ENETUNREACH/i,
    fallback: true,
    note: "A network failure described only in the text.",
  },
  {
    reason: "timeout",
    message: /timed? ?out|timeout/i,
    fallback: true,
    note: "A timeout described only in the text.",
  },
];
