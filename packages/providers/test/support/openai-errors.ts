/** OpenAI's HTTP error cases (`{"error":{message,type,param,code}}`), shared by both OpenAI adapters. */
import { json } from "../fake-server/index.js";
import type { ErrorCase } from "./error-matrix.js";

export const openaiError = (type: string, code: string | null, message: string) => ({
  error: { message, type, param: null, code },
});

export const OPENAI_HTTP_CASES: ErrorCase[] = [
  {
    name: "400 context_length_exceeded",
    responder: json(
      400,
      openaiError(
        "invalid_request_error",
        "context_length_exceeded",
        "This model's maximum context length is 128000 tokens. However, your messages resulted in 130512 tokens.",
      ),
    ),
    reason: "context_overflow",
    status: 400,
    code: "context_length_exceeded",
  },
  {
    name: "413 payload too large",
    responder: json(413, openaiError("invalid_request_error", null, "Request too large")),
    reason: "context_overflow",
    status: 413,
  },
  {
    name: "401 invalid key",
    responder: json(
      401,
      openaiError("invalid_request_error", "invalid_api_key", "Incorrect API key provided: sk-test."),
    ),
    reason: "auth",
    status: 401,
    code: "invalid_api_key",
  },
  {
    name: "403 region",
    responder: json(
      403,
      openaiError(
        "request_forbidden",
        "unsupported_country_region_territory",
        "Country, region, or territory not supported",
      ),
    ),
    reason: "auth",
    status: 403,
  },
  {
    name: "404 unknown model",
    responder: json(
      404,
      openaiError(
        "invalid_request_error",
        "model_not_found",
        "The model `gpt-9` does not exist or you do not have access to it.",
      ),
    ),
    reason: "model_not_found",
    status: 404,
  },
  {
    name: "429 rate limit with retry-after",
    responder: json(429, openaiError("requests", "rate_limit_exceeded", "Rate limit reached for requests"), {
      "retry-after": "20",
    }),
    reason: "rate_limit",
    status: 429,
    retryAfterMs: 20_000,
  },
  {
    name: "429 with retry-after-ms",
    responder: json(429, openaiError("tokens", "rate_limit_exceeded", "Rate limit reached for tokens"), {
      "retry-after-ms": "1500",
    }),
    reason: "rate_limit",
    retryAfterMs: 1500,
  },
  {
    name: "429 insufficient_quota is billing",
    responder: json(
      429,
      openaiError(
        "insufficient_quota",
        "insufficient_quota",
        "You exceeded your current quota, please check your plan and billing details.",
      ),
    ),
    reason: "billing",
    status: 429,
  },
  {
    name: "529 overloaded (compatible gateways)",
    responder: json(529, openaiError("server_error", null, "Overloaded")),
    reason: "overloaded",
    status: 529,
  },
  {
    name: "500 server_error",
    responder: json(
      500,
      openaiError("server_error", "server_error", "The server had an error processing your request."),
    ),
    reason: "timeout",
    status: 500,
  },
  {
    name: "503 unavailable",
    responder: json(
      503,
      openaiError("server_error", null, "The engine is currently overloaded, please try again later"),
    ),
    reason: "timeout",
    status: 503,
  },
];
