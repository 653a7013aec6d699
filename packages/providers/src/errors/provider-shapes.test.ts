/**
 * Real error shapes per provider (status, provider code/type, message text from each provider's
 * public docs), classified with that provider's table as its adapter does. Moved here from
 * failover when failover stopped classifying; where the old failover table disagreed, the
 * engine's answer is kept and noted.
 */
import { describe, expect, it } from "vitest";
import { ANTHROPIC_ERROR_RULES } from "../adapters/anthropic/errors.js";
import { GOOGLE_ERROR_RULES } from "../adapters/google/errors.js";
import { OLLAMA_ERROR_RULES } from "../adapters/ollama/errors.js";
import { OPENAI_ERROR_RULES } from "../adapters/openai-completions/errors.js";
import type { FailureReason } from "../types.js";
import { classifyProviderError, describeFailure } from "./classify.js";
import type { ErrorRule } from "./rules.js";

type Shape = [
  provider: string,
  status: number | undefined,
  code: string | undefined,
  message: string,
  reason: FailureReason,
];

const TABLES: Record<string, readonly ErrorRule[]> = {
  anthropic: ANTHROPIC_ERROR_RULES,
  openai: OPENAI_ERROR_RULES,
  openrouter: OPENAI_ERROR_RULES,
  google: GOOGLE_ERROR_RULES,
  ollama: OLLAMA_ERROR_RULES,
};

// openai 500 server_error: timeout (OpenAI's table; failover used to say unknown).
// ollama "runner process has terminated": overloaded (Ollama's table; failover said timeout). Both fall back.
// Refused/reset/DNS: network (failover said timeout); both fall back with no cooldown.
const SHAPES: Shape[] = [
  // Anthropic (anthropic-messages)
  [
    "anthropic",
    429,
    "rate_limit_error",
    "Number of request tokens has exceeded your per-minute rate limit",
    "rate_limit",
  ],
  ["anthropic", 529, "overloaded_error", "Overloaded", "overloaded"],
  ["anthropic", 500, "api_error", "Internal server error", "timeout"],
  [
    "anthropic",
    400,
    "invalid_request_error",
    "prompt is too long: 215000 tokens > 200000 maximum",
    "context_overflow",
  ],
  [
    "anthropic",
    400,
    "invalid_request_error",
    "Your credit balance is too low to access the Anthropic API.",
    "billing",
  ],
  ["anthropic", 400, "invalid_request_error", "tools.0.input_schema: JSON schema is invalid", "format"],
  ["anthropic", 401, "authentication_error", "invalid x-api-key", "auth"],
  [
    "anthropic",
    403,
    "permission_error",
    "Your API key does not have permission to use the specified resource.",
    "auth",
  ],
  ["anthropic", 404, "not_found_error", "model: claude-opus-9", "model_not_found"],
  [
    "anthropic",
    413,
    "request_too_large",
    "Request exceeds the maximum allowed number of bytes.",
    "context_overflow",
  ],
  // OpenAI (openai-completions / openai-responses)
  [
    "openai",
    429,
    "rate_limit_exceeded",
    "Rate limit reached for gpt-4o in organization org-abc on tokens per min (TPM)",
    "rate_limit",
  ],
  [
    "openai",
    429,
    "insufficient_quota",
    "You exceeded your current quota, please check your plan and billing details.",
    "billing",
  ],
  ["openai", 401, "invalid_api_key", "Incorrect API key provided: sk-abc***.", "auth"],
  ["openai", 401, "account_deactivated", "Your account has been deactivated.", "auth_permanent"],
  [
    "openai",
    400,
    "context_length_exceeded",
    "This model's maximum context length is 128000 tokens.",
    "context_overflow",
  ],
  [
    "openai",
    404,
    "model_not_found",
    "The model `gpt-5-turbo` does not exist or you do not have access to it.",
    "model_not_found",
  ],
  ["openai", 500, "server_error", "The server had an error while processing your request.", "timeout"],
  ["openai", 503, undefined, "The engine is currently overloaded, please try again later", "overloaded"],
  // Google (google-generative-ai)
  ["google", 429, "RESOURCE_EXHAUSTED", "Resource has been exhausted (e.g. check quota).", "rate_limit"],
  ["google", 400, "INVALID_ARGUMENT", "API key not valid. Please pass a valid API key.", "auth"],
  ["google", 403, "PERMISSION_DENIED", "Consumer 'api_key:xyz' has been suspended.", "auth_permanent"],
  ["google", 404, "NOT_FOUND", "models/gemini-9 is not found for API version v1beta", "model_not_found"],
  ["google", 503, "UNAVAILABLE", "The model is overloaded. Please try again later.", "overloaded"],
  [
    "google",
    400,
    "INVALID_ARGUMENT",
    "The input token count (1200000) exceeds the maximum number of tokens allowed (1048576).",
    "context_overflow",
  ],
  // Ollama (ollama-chat)
  ["ollama", undefined, "ECONNREFUSED", "connect ECONNREFUSED 127.0.0.1:11434", "network"],
  ["ollama", 404, undefined, 'model "llama3.3" not found, try pulling it first', "model_not_found"],
  ["ollama", 500, undefined, "llama runner process has terminated: signal: killed", "overloaded"],
  // OpenRouter and other OpenAI-compatible gateways
  [
    "openrouter",
    402,
    undefined,
    "Insufficient credits. Add more using https://openrouter.ai/credits",
    "billing",
  ],
  ["openrouter", 502, undefined, "Provider returned error", "timeout"],
  ["openrouter", 429, undefined, "You have reached your daily usage limit", "rate_limit"],
  // Network failures the adapters report without a status
  ["openai", undefined, "ETIMEDOUT", "request failed: ETIMEDOUT", "timeout"],
  ...["ECONNRESET", "ECONNREFUSED", "ENOTFOUND", "EAI_AGAIN"].map(
    (code): Shape => ["openai", undefined, code, `request failed: ${code}`, "network"],
  ),
  ["anthropic", undefined, "STREAM_INCOMPLETE", "stream ended before message_stop", "timeout"],
];

describe("real provider error shapes", () => {
  it.each(SHAPES)("%s %s %s %s → %s", (provider, status, code, message, reason) => {
    const facts = { message, ...(status !== undefined && { status }), ...(code !== undefined && { code }) };
    expect(classifyProviderError(TABLES[provider] ?? [], facts)).toBe(reason);
  });
});

describe("precedence (moved from failover)", () => {
  const cases: [name: string, value: unknown, reason: FailureReason][] = [
    [
      "spec 48: status beats message (401 'rate limit')",
      Object.assign(new Error("rate limit"), { status: 401 }),
      "auth",
    ],
    ["spec 47: 500 'boom' is unknown", Object.assign(new Error("boom"), { status: 500 }), "unknown"],
    ["the adapter's reason is believed", { message: "odd", reason: "overloaded" }, "overloaded"],
    [
      "the adapter's overflow is believed",
      { message: "odd", reason: "context_overflow", status: 400 },
      "context_overflow",
    ],
    [
      "undici cause chain",
      Object.assign(new TypeError("fetch failed"), { cause: { code: "EAI_AGAIN" } }),
      "network",
    ],
    [
      "SDK error body",
      Object.assign(new Error("x"), { status: 429, error: { error: { type: "rate_limit_error" } } }),
      "rate_limit",
    ],
    ["plain string", "Insufficient credit balance", "billing"],
    ["undefined", undefined, "unknown"],
  ];
  it.each(cases)("%s", (_name, value, reason) => {
    expect(describeFailure(value).reason).toBe(reason);
  });
});
