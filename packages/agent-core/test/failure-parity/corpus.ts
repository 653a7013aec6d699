/**
 * One corpus of failures as they reach Claw: recorded provider error bodies (the wire captures
 * in packages/providers/test/fixtures), HTTP statuses with provider wording, and thrown network
 * errors. Each case names the adapter table that classifies it and the one reason every
 * consumer must agree on.
 */
import { readFileSync } from "node:fs";
import {
  ANTHROPIC_ERROR_RULES,
  type ErrorRule,
  type FailureReason,
  GOOGLE_ERROR_RULES,
  OLLAMA_ERROR_RULES,
  OPENAI_ERROR_RULES,
} from "@claw/providers";

const ERRORS = new URL("../../../../fixtures/wire-captures/errors/", import.meta.url);
const capture = (name: string) => readFileSync(new URL(name, ERRORS), "utf8");

/** Status and JSON body of the last response in an httprr trace. */
function httprrError(name: string): { status: number; body: unknown } {
  const text = capture(name);
  const status = Number([...text.matchAll(/HTTP\/1\.\d (\d{3})/g)].at(-1)?.[1]);
  return { status, body: JSON.parse(text.slice(text.lastIndexOf("\r\n\r\n") + 4)) };
}

/** An SDK-style HTTP error: what @anthropic-ai/sdk and openai throw (status, parsed body, headers). */
function httpError(status: number, body: unknown, headers: Record<string, string> = {}): Error {
  const message = JSON.stringify(body);
  return Object.assign(new Error(`${status} ${message}`), { status, error: body, headers });
}

export interface FailureCase {
  name: string;
  /** The adapter table that classifies it ([] for failures no adapter table knows: transport, text). */
  rules: readonly ErrorRule[];
  /** What the SDK or fetch threw. */
  thrown: unknown;
  reason: FailureReason;
}

const recording = JSON.parse(capture("anthropic-429-429-200.recording.json")) as {
  response: { status_code: number; body: unknown; headers: Record<string, string> };
}[];
const gemini403 = httprrError("gemini-403-permission-denied.httprr");
const ollama400 = httprrError("ollama-400-model-does-not-support-tools.httprr");
const refused = new TypeError("fetch failed", {
  cause: Object.assign(new Error("connect ECONNREFUSED 127.0.0.1:11434"), { code: "ECONNREFUSED" }),
});

export const CORPUS: FailureCase[] = [
  // Recorded wire captures
  {
    name: "capture: anthropic 400 invalid_request_error",
    rules: ANTHROPIC_ERROR_RULES,
    thrown: httpError(400, JSON.parse(capture("anthropic-400-invalid-request.json"))),
    reason: "format",
  },
  {
    name: "capture: anthropic 429 rate_limit_error (retry sequence, entry 0)",
    rules: ANTHROPIC_ERROR_RULES,
    thrown: httpError(429, recording[0]!.response.body, recording[0]!.response.headers),
    reason: "rate_limit",
  },
  {
    name: "capture: openai chat 400 unsupported_parameter",
    rules: OPENAI_ERROR_RULES,
    thrown: httpError(400, JSON.parse(capture("openai-chat-400-unsupported-parameter.json"))),
    reason: "format",
  },
  {
    name: "capture: openai responses 400 missing_required_parameter",
    rules: OPENAI_ERROR_RULES,
    thrown: httpError(400, JSON.parse(capture("openai-responses-400-missing-parameter.json"))),
    reason: "format",
  },
  {
    name: "capture: gemini 403 PERMISSION_DENIED",
    rules: GOOGLE_ERROR_RULES,
    thrown: httpError(gemini403.status, gemini403.body),
    reason: "auth",
  },
  {
    name: "capture: ollama 400 model does not support tools",
    rules: OLLAMA_ERROR_RULES,
    thrown: httpError(ollama400.status, ollama400.body),
    reason: "format",
  },
  // Statuses and provider wording
  {
    name: "openrouter 402 insufficient credits",
    rules: OPENAI_ERROR_RULES,
    thrown: httpError(402, {
      error: { message: "Insufficient credits. Add more using https://openrouter.ai/credits", code: 402 },
    }),
    reason: "billing",
  },
  {
    name: "400 invalid_request_error 'insufficient credits' (specific beats generic)",
    rules: OPENAI_ERROR_RULES,
    thrown: httpError(400, { error: { type: "invalid_request_error", message: "Insufficient credits" } }),
    reason: "billing",
  },
  {
    name: "422 insufficient credits",
    rules: OPENAI_ERROR_RULES,
    thrown: httpError(422, { error: { message: "insufficient credits for this request" } }),
    reason: "billing",
  },
  {
    name: "429 spend limit per minute",
    rules: OPENAI_ERROR_RULES,
    thrown: httpError(429, { error: { message: "You exceeded your spend limit per minute" } }),
    reason: "rate_limit",
  },
  {
    name: "400 too many tokens in request",
    rules: OPENAI_ERROR_RULES,
    thrown: httpError(400, {
      error: { type: "invalid_request_error", message: "too many tokens in request" },
    }),
    reason: "context_overflow",
  },
  {
    name: "bedrock ValidationException input is too long",
    rules: OPENAI_ERROR_RULES,
    thrown: httpError(400, {
      message: "Input is too long for requested model.",
      code: "ValidationException",
    }),
    reason: "context_overflow",
  },
  {
    name: "chinese gateway 上下文长度超过",
    rules: OPENAI_ERROR_RULES,
    thrown: httpError(400, { error: { message: "请求失败：上下文长度超过模型最大限制" } }),
    reason: "context_overflow",
  },
  {
    name: "anthropic 413 request_too_large",
    rules: ANTHROPIC_ERROR_RULES,
    thrown: httpError(413, {
      type: "error",
      error: { type: "request_too_large", message: "Request exceeds the maximum allowed number of bytes." },
    }),
    reason: "context_overflow",
  },
  {
    name: "openrouter 502 provider returned error",
    rules: OPENAI_ERROR_RULES,
    thrown: httpError(502, { error: { message: "Provider returned error", code: 502 } }),
    reason: "timeout",
  },
  {
    name: "anthropic 529 overloaded",
    rules: ANTHROPIC_ERROR_RULES,
    thrown: httpError(529, { type: "error", error: { type: "overloaded_error", message: "Overloaded" } }),
    reason: "overloaded",
  },
  {
    name: "openai 401 revoked key",
    rules: OPENAI_ERROR_RULES,
    thrown: httpError(401, { error: { message: "This API key has been revoked." } }),
    reason: "auth_permanent",
  },
  // Text only and thrown network errors (no adapter table needed)
  {
    name: "text only: invalid api key",
    rules: [],
    thrown: new Error("Invalid API key provided"),
    reason: "auth",
  },
  { name: "undici ECONNREFUSED on the cause chain", rules: [], thrown: refused, reason: "network" },
  {
    name: "EHOSTUNREACH code",
    rules: [],
    thrown: Object.assign(new Error("connect EHOSTUNREACH 10.0.0.9:443"), { code: "EHOSTUNREACH" }),
    reason: "network",
  },
  { name: "bare 'fetch failed'", rules: [], thrown: new TypeError("fetch failed"), reason: "network" },
  { name: "socket hang up", rules: [], thrown: new Error("socket hang up"), reason: "network" },
  {
    name: "ETIMEDOUT",
    rules: [],
    thrown: Object.assign(new Error("connect ETIMEDOUT"), { code: "ETIMEDOUT" }),
    reason: "timeout",
  },
  {
    name: "SDK abort nobody asked for",
    rules: [],
    thrown: Object.assign(new Error("Request was aborted."), { name: "APIUserAbortError" }),
    reason: "timeout",
  },
];
