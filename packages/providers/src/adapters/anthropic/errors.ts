/**
 * Anthropic's error forms (docs.claude.com/en/api/errors): an envelope
 * `{"type":"error","error":{"type","message"}}` over HTTP, or an `event: error` inside a 200
 * stream (no status then, so the error type decides).
 */
import type { ErrorRule } from "../../errors/rules.js";

export const ANTHROPIC_ERROR_RULES: readonly ErrorRule[] = [
  {
    reason: "context_overflow",
    message: /prompt is too long|exceed.*context (?:window|limit)|input length and `max_tokens` exceed/i,
    note: '"prompt is too long: N tokens > M maximum" (400 invalid_request_error).',
  },
  {
    reason: "context_overflow",
    codes: ["request_too_large"],
    note: "413: the request body exceeds the size limit.",
  },
  { reason: "billing", message: /credit balance is too low|billing/i, note: "Out of prepaid credits (400)." },
  {
    reason: "overloaded",
    codes: ["overloaded_error"],
    note: "529, or in-stream: Anthropic is temporarily overloaded.",
  },
  {
    reason: "rate_limit",
    codes: ["rate_limit_error"],
    note: "429 rate_limit_error; retry-after is honoured.",
  },
  { reason: "auth", codes: ["authentication_error"], note: "401: invalid x-api-key." },
  {
    reason: "auth_permanent",
    codes: ["permission_error"],
    message: /disabled|revoked|not allowed|does not have access to/i,
    note: "403 permission_error for a disabled organisation or key.",
  },
  { reason: "auth", codes: ["permission_error"], note: "403: the key lacks permission for this resource." },
  {
    reason: "model_not_found",
    codes: ["not_found_error"],
    message: /model/i,
    note: "404 not_found_error naming the model.",
  },
  { reason: "timeout", codes: ["api_error"], note: "500 api_error: Anthropic's transient internal error." },
  {
    reason: "format",
    codes: ["invalid_request_error"],
    fallback: true,
    note: "400: the request is malformed (after every specific rule: credit and overflow wording win).",
  },
  {
    reason: "auth",
    message:
      /could not resolve authentication method|missing (?:an )?api[_ -]?key|api[_ -]?key (?:is )?(?:missing|required)/i,
    note: "The SDK refused to send a request without credentials.",
  },
];
