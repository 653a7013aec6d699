/**
 * The failure families users actually meet, each with the one answer the engine gives. Values
 * are shaped as they arrive: SDK-style thrown errors (status + body), text-only errors, and
 * adapter facts classified with the adapter's own table.
 */
import { describe, expect, it } from "vitest";
import { ANTHROPIC_ERROR_RULES } from "../adapters/anthropic/errors.js";
import { GOOGLE_ERROR_RULES } from "../adapters/google/errors.js";
import { OPENAI_ERROR_RULES } from "../adapters/openai-completions/errors.js";
import { createAssistantMessage } from "../stream/message-builder.js";
import type { FailureReason } from "../types.js";
import { classifyProviderError, describeFailure } from "./classify.js";
import { isContextOverflow } from "./overflow.js";
import type { ErrorFacts, ErrorRule } from "./rules.js";

type Case = [name: string, rules: readonly ErrorRule[], facts: ErrorFacts, reason: FailureReason];

const TEXT_ONLY_AUTH: Case[] = [
  ["revoked key, no status", [], { message: "This API key has been revoked." }, "auth_permanent"],
  ["suspended account, no status", [], { message: "Your account was suspended" }, "auth_permanent"],
  ["invalid key, no status", [], { message: "Invalid API key provided" }, "auth"],
  ["incorrect key, no status", [], { message: "Incorrect API key provided: sk-abc***" }, "auth"],
  [
    "api key not valid, no status",
    [],
    { message: "API key not valid. Please pass a valid API key." },
    "auth",
  ],
  ["unauthorized, no status", [], { message: "Unauthorized" }, "auth"],
];

const BILLING_IN_4XX: Case[] = [
  [
    "OpenAI-compatible 400 invalid_request_error 'Insufficient credits'",
    OPENAI_ERROR_RULES,
    { status: 400, code: "invalid_request_error", message: "Insufficient credits to run this request" },
    "billing",
  ],
  [
    "Anthropic 400 credit balance",
    ANTHROPIC_ERROR_RULES,
    {
      status: 400,
      code: "invalid_request_error",
      message: "Your credit balance is too low to access the Anthropic API.",
    },
    "billing",
  ],
  ["422 insufficient credits", [], { status: 422, message: "insufficient credits" }, "billing"],
  [
    "400 quota wording",
    OPENAI_ERROR_RULES,
    { status: 400, message: "You exceeded your current quota, please check your plan and billing details." },
    "billing",
  ],
  ["Chinese gateway 余额不足", [], { status: 400, message: "账户余额不足，请充值" }, "billing"],
];

const SPEND_LIMITS_ARE_RATE_LIMITS: Case[] = [
  [
    "spend limit per minute",
    [],
    { status: 429, message: "You have hit your spend limit per minute" },
    "rate_limit",
  ],
  [
    "spend limit per minute, 400",
    [],
    { status: 400, message: "Exceeded spend limit per minute" },
    "rate_limit",
  ],
  [
    "rate limit next to billing wording",
    [],
    { message: "Rate limit reached; see billing settings" },
    "rate_limit",
  ],
  ["tokens per minute", [], { status: 429, message: "Too many tokens per minute (TPM)" }, "rate_limit"],
  ["daily usage cap", [], { status: 429, message: "You have reached your daily usage limit" }, "rate_limit"],
  ["monthly spend cap", [], { status: 429, message: "Monthly spend limit reached" }, "rate_limit"],
];

const OVERFLOW: Case[] = [
  [
    "Bedrock ValidationException",
    [],
    { status: 400, code: "ValidationException", message: "Input is too long for requested model." },
    "context_overflow",
  ],
  [
    "Vertex token count",
    GOOGLE_ERROR_RULES,
    {
      status: 400,
      code: "INVALID_ARGUMENT",
      message: "The input token count (1,200,000) exceeds the maximum number of tokens allowed (1,048,576).",
    },
    "context_overflow",
  ],
  [
    "OpenRouter endpoint context",
    OPENAI_ERROR_RULES,
    {
      status: 400,
      code: "invalid_request_error",
      message:
        "This endpoint's maximum context length is 131072 tokens. However, you requested about 200000 tokens. Please reduce the length of either one.",
    },
    "context_overflow",
  ],
  [
    "Chinese 上下文长度超过",
    [],
    { status: 400, message: "请求失败：上下文长度超过模型限制" },
    "context_overflow",
  ],
  ["Chinese 超出最大长度", [], { status: 400, message: "输入内容超出最大长度" }, "context_overflow"],
  ["Chinese 输入过长", [], { message: "输入过长" }, "context_overflow"],
  [
    "Anthropic 413 request_too_large",
    ANTHROPIC_ERROR_RULES,
    {
      status: 413,
      code: "request_too_large",
      message: "Request exceeds the maximum allowed number of bytes.",
    },
    "context_overflow",
  ],
  ["request_too_large in text only", [], { message: "request_too_large" }, "context_overflow"],
  [
    "400 too many tokens in request",
    OPENAI_ERROR_RULES,
    { status: 400, message: "too many tokens in request" },
    "context_overflow",
  ],
];

const ABORTS_THAT_ARE_TIMEOUTS: Case[] = [
  ["Anthropic SDK 'Request was aborted.'", [], { message: "Request was aborted." }, "timeout"],
  ["DOM AbortError", [], { code: "AbortError", message: "This operation was aborted" }, "timeout"],
  ["TimeoutError", [], { code: "TimeoutError", message: "The operation timed out." }, "timeout"],
];

describe.each([
  ["text-only auth", TEXT_ONLY_AUTH],
  ["billing inside a 400/422", BILLING_IN_4XX],
  ["spend limits that are rate limits", SPEND_LIMITS_ARE_RATE_LIMITS],
  ["context overflow wording", OVERFLOW],
  ["aborts the caller did not ask for", ABORTS_THAT_ARE_TIMEOUTS],
])("%s", (_family, cases) => {
  it.each(cases)("%s", (_name, rules, facts, reason) => {
    expect(classifyProviderError(rules, facts)).toBe(reason);
  });
});

describe("describeFailure", () => {
  const model = { api: "openai-completions", provider: "openai", id: "gpt-4o" } as const;
  const failed = (error: Parameters<typeof describeFailure>[0]) => ({
    ...createAssistantMessage(model),
    stopReason: "error" as const,
    error,
  });

  it("never overrides the adapter's reason with a generic status rule", () => {
    const message = failed({ message: "insufficient credits", reason: "billing", status: 422 });
    expect(describeFailure(message)).toEqual({
      message: "insufficient credits",
      reason: "billing",
      status: 422,
    });
  });

  it("never answers 'aborted' for a thrown abort: only the caller's signal decides", () => {
    const sdkAbort = Object.assign(new Error("Request was aborted."), { name: "APIUserAbortError" });
    expect(describeFailure(sdkAbort).reason).toBe("timeout");
    expect(describeFailure(new DOMException("This operation was aborted", "AbortError")).reason).toBe(
      "timeout",
    );
  });

  it("reads a refused connection on undici's cause chain as network, in words", () => {
    const refused = new TypeError("fetch failed", {
      cause: Object.assign(new Error("connect ECONNREFUSED 127.0.0.1:11434"), { code: "ECONNREFUSED" }),
    });
    const info = describeFailure(refused);
    expect(info).toMatchObject({ reason: "network", code: "ECONNREFUSED" });
    expect(info.message).toBe("connection refused: fetch failed (connect ECONNREFUSED 127.0.0.1:11434)");
  });

  it("marks account-wide caps so failover can cool the whole key", () => {
    expect(
      describeFailure({ status: 429, message: "weekly limit reached" } as unknown as Error),
    ).toMatchObject({
      reason: "rate_limit",
      accountWide: true,
    });
    expect(
      describeFailure(Object.assign(new Error("slow down"), { status: 429 })).accountWide,
    ).toBeUndefined();
  });

  it("reads retry-after from SDK headers and from a `retryAfterMs` field", () => {
    const err = Object.assign(new Error("slow"), { status: 429, headers: { "retry-after": "7" } });
    expect(describeFailure(err).retryAfterMs).toBe(7000);
    expect(
      describeFailure(Object.assign(new Error("slow"), { status: 429, retryAfterMs: 250 })).retryAfterMs,
    ).toBe(250);
  });

  it("gives the same overflow answer to isContextOverflow for every shape", () => {
    const text = "ValidationException: Input is too long for requested model.";
    expect(isContextOverflow(new Error(text))).toBe(true);
    expect(isContextOverflow(text)).toBe(true);
    expect(isContextOverflow(failed({ message: text, reason: "context_overflow", status: 400 }))).toBe(true);
    expect(isContextOverflow(failed({ message: text, reason: "format", status: 400 }))).toBe(false);
    expect(isContextOverflow(new Error("Too many tokens per minute"))).toBe(false);
  });
});
