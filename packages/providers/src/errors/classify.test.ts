import { describe, expect, it } from "vitest";
import { ANTHROPIC_ERROR_RULES } from "../adapters/anthropic/errors.js";
import { OPENAI_ERROR_RULES } from "../adapters/openai-completions/errors.js";
import type { FailureReason } from "../types.js";
import { classifyProviderError, ruleMatches } from "./classify.js";
import { COMMON_ERROR_RULES } from "./common-rules.js";
import { errorFactsFrom } from "./facts.js";
import type { ErrorFacts } from "./rules.js";

const table: [string, ErrorFacts, FailureReason][] = [
  ["402 payment required", { status: 402, message: "Payment Required" }, "billing"],
  ["429 plain", { status: 429, message: "Too Many Requests" }, "rate_limit"],
  ["401 revoked key", { status: 401, message: "This API key has been revoked" }, "auth_permanent"],
  ["403 disabled org", { status: 403, message: "Your organization has been disabled." }, "auth_permanent"],
  ["401 plain", { status: 401, message: "Unauthorized" }, "auth"],
  ["404", { status: 404, message: "Not Found" }, "model_not_found"],
  ["408", { status: 408, message: "Request Timeout" }, "timeout"],
  ["504", { status: 504, message: "Gateway Timeout" }, "timeout"],
  ["422", { status: 422, message: "Unprocessable" }, "format"],
  ["413", { status: 413, message: "Payload Too Large" }, "context_overflow"],
  [
    "vLLM overflow",
    { status: 400, message: "This model's maximum context length is 32768 tokens." },
    "context_overflow",
  ],
  [
    "llama.cpp overflow",
    { status: 400, message: "the request exceeds the available context size" },
    "context_overflow",
  ],
  [
    "Gemini overflow",
    {
      status: 400,
      message: "The input token count (1200000) exceeds the maximum number of tokens allowed (1048576).",
    },
    "context_overflow",
  ],
  [
    "LM Studio overflow",
    {
      status: 400,
      message:
        "Trying to keep the first 9000 tokens when context the overflows. However, the model is loaded with context length of only 4096 tokens, which is not enough. Tokens to keep from the initial prompt is greater than the context length.",
    },
    "context_overflow",
  ],
  ["ECONNRESET", { code: "ECONNRESET", message: "read ECONNRESET" }, "network"],
  ["ECONNREFUSED", { code: "ECONNREFUSED", message: "connect ECONNREFUSED" }, "network"],
  ["ENOTFOUND", { code: "ENOTFOUND", message: "getaddrinfo ENOTFOUND api.example" }, "network"],
  ["EAI_AGAIN", { code: "EAI_AGAIN", message: "getaddrinfo EAI_AGAIN" }, "network"],
  ["EHOSTUNREACH", { code: "EHOSTUNREACH", message: "connect EHOSTUNREACH 10.0.0.9:443" }, "network"],
  ["ETIMEDOUT", { code: "ETIMEDOUT", message: "connect ETIMEDOUT" }, "timeout"],
  ["socket hang up", { message: "socket hang up" }, "network"],
  ["fetch failed", { message: "fetch failed" }, "network"],
  ["rate limit text only", { message: "Rate limit exceeded: 60 requests/minute" }, "rate_limit"],
  ["insufficient credits text", { message: "Insufficient credits" }, "billing"],
  ["an abort nobody asked for (ABORT_ERR)", { code: "ABORT_ERR", message: "aborted" }, "timeout"],
  ["nothing known", { status: 418, message: "teapot" }, "unknown"],
];

describe("classifyProviderError: common rules", () => {
  it.each(table)("%s", (_name, facts, reason) => {
    expect(classifyProviderError([], facts)).toBe(reason);
  });

  it("provider rules win over common ones", () => {
    expect(
      classifyProviderError(OPENAI_ERROR_RULES, {
        status: 429,
        code: "insufficient_quota",
        message: "quota",
      }),
    ).toBe("billing");
    expect(
      classifyProviderError(ANTHROPIC_ERROR_RULES, { status: 500, code: "api_error", message: "Internal" }),
    ).toBe("timeout");
  });

  it("a rule must match every field it names", () => {
    const rule = { reason: "auth" as const, status: [403], codes: ["permission_error"], note: "" };
    expect(ruleMatches(rule, { status: 403, code: "PERMISSION_ERROR", message: "" })).toBe(true);
    expect(ruleMatches(rule, { status: 401, code: "permission_error", message: "" })).toBe(false);
    expect(ruleMatches({ reason: "auth", note: "empty" }, { message: "x" })).toBe(false);
  });

  it("every common and provider rule has a note and at least one matcher", () => {
    for (const rule of [...COMMON_ERROR_RULES, ...ANTHROPIC_ERROR_RULES, ...OPENAI_ERROR_RULES]) {
      expect(rule.note.length).toBeGreaterThan(0);
      expect(Boolean(rule.status || rule.codes || rule.message)).toBe(true);
    }
  });
});

describe("errorFactsFrom", () => {
  it("reads SDK-style errors: status, nested body code, headers", () => {
    const error = Object.assign(new Error("429 {...}"), {
      status: 429,
      error: { type: "error", error: { type: "rate_limit_error", message: "slow down" } },
      headers: new Headers({ "retry-after": "3" }),
    });
    expect(errorFactsFrom(error)).toEqual({
      status: 429,
      code: "rate_limit_error",
      message: "slow down",
      retryAfterMs: 3000,
    });
  });

  it("finds a network code on the cause chain and keeps the cause text", () => {
    const error = new Error("Connection error.", {
      cause: new TypeError("fetch failed", {
        cause: Object.assign(new Error("connect ECONNREFUSED"), { code: "ECONNREFUSED" }),
      }),
    });
    const facts = errorFactsFrom(error);
    expect(facts.code).toBe("ECONNREFUSED");
    expect(facts.message).toContain("fetch failed");
  });

  it("marks unparseable bytes and non-errors", () => {
    expect(errorFactsFrom(new SyntaxError("Unexpected token")).code).toBe("MALFORMED_RESPONSE");
    expect(errorFactsFrom("boom")).toEqual({ message: "boom" });
  });
});
