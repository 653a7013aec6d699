/**
 * Real error shapes, as the @claw/providers adapters put them on a failed stream's final
 * message (status, provider code/type, message text from each provider's public docs), and
 * thrown values, each mapped to the reason the fallback loop acts on.
 */
import type { AssistantEvent, AssistantMessage, FailureReason, ProviderErrorInfo } from "@claw/providers";
import { describe, expect, it } from "vitest";
import { classifyFailure, throwIfFailed, toFailoverError } from "./classify.js";
import { FailoverError } from "./errors.js";
import { FAILOVER_RULES } from "./rules.js";

type Shape = [
  provider: string,
  status: number | undefined,
  code: string | undefined,
  message: string,
  reason: FailureReason,
];

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
  ["openai", 500, "server_error", "The server had an error while processing your request.", "unknown"],
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
  ["ollama", undefined, "ECONNREFUSED", "connect ECONNREFUSED 127.0.0.1:11434", "timeout"],
  ["ollama", 404, undefined, 'model "llama3.3" not found, try pulling it first', "model_not_found"],
  ["ollama", 500, undefined, "llama runner process has terminated: signal: killed", "timeout"],
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
  ...["ETIMEDOUT", "ECONNRESET", "ECONNREFUSED", "ENOTFOUND", "EAI_AGAIN"].map(
    (code): Shape => ["openai", undefined, code, `request failed: ${code}`, "timeout"],
  ),
  ["anthropic", undefined, "STREAM_INCOMPLETE", "stream ended before message_stop", "timeout"],
];

function errorEvent(
  provider: string,
  info: ProviderErrorInfo,
  reason: "error" | "aborted" = "error",
): AssistantEvent {
  const message = {
    role: "assistant",
    provider,
    model: "m",
    stopReason: reason,
    error: info,
  } as AssistantMessage;
  return { type: "error", reason, error: info, message };
}

describe("real provider error shapes", () => {
  it.each(SHAPES)("%s %s %s %s → %s", (provider, status, code, message, reason) => {
    // The adapter's own reason is deliberately "unknown" so this proves the table, not the adapter.
    const info: ProviderErrorInfo = { message, reason: "unknown", status, code };
    expect(classifyFailure(errorEvent(provider, info)).reason).toBe(reason);
  });
});

describe("precedence", () => {
  const cases: [name: string, value: unknown, reason: FailureReason][] = [
    ["spec 48: status beats message (401 'rate limit')", { status: 401, message: "rate limit" }, "auth"],
    ["spec 47: 500 'boom' is unknown", Object.assign(new Error("boom"), { status: 500 }), "unknown"],
    [
      "adapter's reason fills in when no rule matches",
      { message: "odd", reason: "overloaded" },
      "overloaded",
    ],
    [
      "adapter's context_overflow is believed",
      { message: "odd", reason: "context_overflow", status: 400 },
      "context_overflow",
    ],
    ["aborted stream", errorEvent("openai", { message: "aborted", reason: "unknown" }, "aborted"), "aborted"],
    [
      "DOM AbortError",
      Object.assign(new Error("This operation was aborted"), { name: "AbortError" }),
      "aborted",
    ],
    [
      "undici cause chain",
      Object.assign(new TypeError("fetch failed"), { cause: { code: "EAI_AGAIN" } }),
      "timeout",
    ],
    [
      "SDK error body",
      Object.assign(new Error("x"), { status: 429, error: { error: { type: "rate_limit_error" } } }),
      "rate_limit",
    ],
    ["plain string", "Insufficient credit balance", "billing"],
    ["undefined", undefined, "unknown"],
    ["provider-scoped rule needs its provider", { status: 400, message: "API key not valid" }, "format"],
  ];
  it.each(cases)("%s", (_, value, reason) => {
    expect(classifyFailure(value).reason).toBe(reason);
  });

  it("reads retry-after headers and names the rule that decided", () => {
    const err = Object.assign(new Error("slow down"), { status: 429, headers: { "retry-after": "7" } });
    expect(classifyFailure(err)).toMatchObject({
      reason: "rate_limit",
      retryAfterMs: 7000,
      rule: "rate_limit.429",
    });
    const capped = classifyFailure({ status: 429, message: "weekly limit reached", reason: "rate_limit" });
    expect(capped).toMatchObject({ rule: "rate_limit.usage-cap", scope: "profile" });
  });

  it("every rule has a unique id and can match something", () => {
    const ids = FAILOVER_RULES.map((r) => r.id);
    expect(new Set(ids).size).toBe(ids.length);
    for (const r of FAILOVER_RULES) expect(r.status || r.codes || r.message).toBeTruthy();
  });
});

describe("throwIfFailed", () => {
  const ok = {
    role: "assistant",
    provider: "openai",
    model: "gpt-4o",
    stopReason: "stop",
    content: [],
  } as unknown as AssistantMessage;
  it("returns a finished message and throws a FailoverError for a failed one", () => {
    expect(throwIfFailed(ok)).toBe(ok);
    const failed = {
      ...ok,
      stopReason: "error",
      error: { message: "Service Unavailable", reason: "unknown", status: 503 },
    };
    const attempt = { provider: "openai", modelId: "gpt-4o", profile: { id: "oa" } };
    expect(() => throwIfFailed(failed as AssistantMessage, attempt)).toThrow(FailoverError);
    expect(toFailoverError(failed, attempt)).toMatchObject({
      reason: "timeout",
      status: 503,
      model: "gpt-4o",
      profileId: "oa",
    });
  });
});
