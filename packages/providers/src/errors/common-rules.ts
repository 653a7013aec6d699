/**
 * Rules every provider shares: context-overflow wording used across OpenAI-compatible servers,
 * network error codes, and the HTTP status table. Provider tables run before these.
 */
import type { ErrorRule } from "./rules.js";

/** Wording servers use when the prompt does not fit (OpenAI, vLLM, llama.cpp, LM Studio, Gemini, Anthropic, OpenRouter). */
export const CONTEXT_OVERFLOW_PATTERN =
  /prompt is too long|maximum context length|context[_ ]length[_ ]exceeded|exceeds? the context window|exceeds the available context size|context size has been exceeded|input token count .* exceeds the maximum|greater than the context length|reduce the length of the messages/i;

const PERMANENT_AUTH_PATTERN =
  /revoked|deactivated|disabled|suspended|has been banned|organization .* (?:not|no longer) (?:active|allowed)/i;

export const COMMON_ERROR_RULES: readonly ErrorRule[] = [
  { reason: "aborted", codes: ["ABORT_ERR", "aborted"], note: "The caller's AbortSignal fired." },
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
    reason: "context_overflow",
    message: CONTEXT_OVERFLOW_PATTERN,
    note: "The prompt does not fit the model's context window; retrying elsewhere will not help without compaction.",
  },
  { reason: "context_overflow", status: [413], note: "Request entity too large." },
  { reason: "billing", status: [402], note: "Payment required: out of credits." },
  {
    reason: "billing",
    message:
      /insufficient.*(?:credit|quota|balance)|credit balance is too low|exceeded your current quota|billing/i,
    note: "Out of credits or quota, whatever the status.",
  },
  { reason: "rate_limit", status: [429], note: "Too many requests." },
  { reason: "overloaded", status: [529], note: "Provider overloaded (Anthropic's 529)." },
  {
    reason: "auth_permanent",
    status: [401, 403],
    message: PERMANENT_AUTH_PATTERN,
    note: "Key revoked or account disabled: rotating to the same key will not help.",
  },
  { reason: "auth", status: [401, 403], note: "Bad or missing credentials, or no permission." },
  { reason: "model_not_found", status: [404], note: "Unknown model or endpoint." },
  { reason: "timeout", status: [408, 502, 503, 504], note: "Gateway or upstream did not answer in time." },
  { reason: "format", status: [400, 422], note: "The request was rejected as invalid." },
  {
    reason: "timeout",
    codes: [
      "ETIMEDOUT",
      "ECONNRESET",
      "ECONNREFUSED",
      "ECONNABORTED",
      "ENOTFOUND",
      "EAI_AGAIN",
      "EPIPE",
      "UND_ERR_SOCKET",
    ],
    note: "Network failure before or during the response; transient.",
  },
  {
    reason: "timeout",
    message: /socket hang up|timed? ?out|network error|connection error|terminated|other side closed/i,
    note: "Network failure described only in the message.",
  },
  {
    reason: "rate_limit",
    message: /rate.?limit|too many requests|resource.?exhausted/i,
    note: "Rate limit in the text.",
  },
  { reason: "overloaded", message: /overloaded|capacity/i, note: "Overload in the text." },
];
