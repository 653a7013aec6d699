/**
 * How Gemini failures are classified. Google's envelope is
 * `{"error":{"code":429,"message":"…","status":"RESOURCE_EXHAUSTED","details":[…]}}`; the SDK
 * throws it as `ApiError` whose message is that JSON text, so the adapter unwraps it first.
 */
import type { ErrorRule } from "../../errors/rules.js";

/** Gemini's rules; the common status/network rules run after these. */
export const GOOGLE_ERROR_RULES: readonly ErrorRule[] = [
  {
    reason: "context_overflow",
    message:
      /exceeds the maximum number of tokens|input token count.*exceeds|too many tokens|context window/i,
    note: "Gemini says 'The input token count (N) exceeds the maximum number of tokens allowed (M)' as a 400.",
  },
  {
    reason: "billing",
    codes: ["RESOURCE_EXHAUSTED"],
    message: /billing|prepayment|credits are depleted/i,
    note: "Quota exhausted because the account has no billing or its credits ran out.",
  },
  {
    reason: "rate_limit",
    codes: ["RESOURCE_EXHAUSTED"],
    message: /per ?day|daily/i,
    accountWide: true,
    note: "A per-day quota: every model on this key is throttled until it resets.",
  },
  {
    reason: "rate_limit",
    codes: ["RESOURCE_EXHAUSTED"],
    note: "Per-minute quota exceeded (429).",
  },
  {
    reason: "auth",
    codes: ["INVALID_ARGUMENT"],
    message: /api key not valid|api_key_invalid|api key expired/i,
    note: "Gemini reports a bad API key as 400 INVALID_ARGUMENT, not 401.",
  },
  {
    reason: "auth_permanent",
    codes: ["PERMISSION_DENIED"],
    message: /leaked|suspended|denied access|has been disabled/i,
    note: "A key reported as leaked, or a project suspended: rotating to the same key will not help.",
  },
  {
    reason: "auth",
    codes: ["PERMISSION_DENIED", "UNAUTHENTICATED"],
    note: "No permission or no credentials (403/401).",
  },
  {
    reason: "format",
    codes: ["FAILED_PRECONDITION"],
    message: /location is not supported|billing/i,
    note: "The API is not available for this project or region.",
  },
  { reason: "model_not_found", codes: ["NOT_FOUND"], note: "Unknown model id or unsupported method (404)." },
  {
    reason: "format",
    codes: ["INVALID_ARGUMENT", "FAILED_PRECONDITION"],
    fallback: true,
    note: "The request was rejected (400), when no specific rule matched.",
  },
  {
    reason: "overloaded",
    codes: ["UNAVAILABLE"],
    note: "'The model is overloaded. Please try again later.' (503).",
  },
  { reason: "timeout", codes: ["DEADLINE_EXCEEDED"], note: "The server gave up on the request (504)." },
  { reason: "timeout", codes: ["INTERNAL", "UNKNOWN"], note: "Transient server error (500)." },
  {
    reason: "timeout",
    codes: ["MALFORMED_STREAM"],
    note: "An event that is not JSON: the stream broke like a dropped connection; a retry usually works.",
  },
  {
    reason: "format",
    codes: ["MALFORMED_FUNCTION_CALL", "UNEXPECTED_TOOL_CALL", "TOO_MANY_TOOL_CALLS"],
    note: "Finish reason: the model produced a tool call the request cannot accept.",
  },
  {
    reason: "unknown",
    codes: [
      "SAFETY",
      "RECITATION",
      "BLOCKLIST",
      "PROHIBITED_CONTENT",
      "SPII",
      "IMAGE_SAFETY",
      "LANGUAGE",
      "OTHER",
    ],
    note: "Finish or block reason: the response was withheld by a content filter.",
  },
];
