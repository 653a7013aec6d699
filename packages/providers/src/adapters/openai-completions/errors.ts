/**
 * OpenAI (and OpenAI-compatible) error forms: `{"error":{"message","type","param","code"}}`
 * over HTTP; compatible servers vary the wording, so overflow also matches on text.
 */
import type { ErrorRule } from "../../errors/rules.js";

export const OPENAI_ERROR_RULES: readonly ErrorRule[] = [
  {
    reason: "context_overflow",
    status: [413],
    note: "413 whatever the error type: the request is too large.",
  },
  { reason: "overloaded", status: [529], note: "529 from compatible gateways, whatever the error type." },
  {
    reason: "context_overflow",
    codes: ["context_length_exceeded", "string_above_max_length"],
    note: "The prompt exceeds the model's context window.",
  },
  {
    reason: "billing",
    codes: ["insufficient_quota", "billing_hard_limit_reached", "billing_not_active"],
    note: "429 insufficient_quota is a billing problem, not a rate limit.",
  },
  {
    reason: "rate_limit",
    codes: ["rate_limit_exceeded", "rate_limit_error"],
    note: "Requests or tokens per minute exceeded.",
  },
  {
    reason: "auth_permanent",
    codes: ["account_deactivated", "organization_deactivated", "api_key_revoked"],
    note: "The account or key is gone for good.",
  },
  {
    reason: "auth",
    codes: ["invalid_api_key", "invalid_organization", "unsupported_country_region_territory"],
    note: "401 bad key.",
  },
  {
    reason: "model_not_found",
    codes: ["model_not_found"],
    note: "404: the model does not exist or the key cannot see it.",
  },
  {
    reason: "overloaded",
    codes: ["server_overloaded", "engine_overloaded"],
    note: "OpenAI capacity errors.",
  },
  { reason: "timeout", codes: ["server_error"], note: "500 server_error: transient." },
  {
    reason: "format",
    codes: ["unsupported_parameter", "invalid_value", "missing_required_parameter", "invalid_type"],
    note: "400: the request is malformed for this model.",
  },
  {
    reason: "format",
    codes: ["invalid_request_error"],
    fallback: true,
    note: "The generic error type: only when no specific rule (credits, overflow, rate limit) matched.",
  },
  {
    reason: "auth",
    message: /missing credentials|could not resolve authentication method|incorrect api key/i,
    note: "No or wrong API key.",
  },
];
