import { afterEach, describe, expect, it } from "vitest";
import { streamGoogle } from "../../src/adapters/google/index.js";
import type { FailureReason } from "../../src/types.js";
import {
  collect,
  type FakeServer,
  fixture,
  hangUpAfter,
  json,
  malformedSse,
  neverRespond,
  type Responder,
  replayHttprr,
  replaySse,
  resetConnection,
  sse,
  startFakeServer,
} from "../fake-server/index.js";
import { ASK, geminiModel, KEY, streamRoute } from "./model.js";

let server: FakeServer | undefined;
afterEach(async () => {
  await server?.close();
  server = undefined;
});

const envelope = (code: number, status: string, message: string, details?: unknown[]) => ({
  error: { code, message, status, ...(details ? { details } : {}) },
});

async function failWith(responder: Responder, options = {}) {
  server = await startFakeServer({ [streamRoute()]: responder });
  const result = await collect(streamGoogle(geminiModel(server.url), ASK, { ...KEY, ...options }));
  expect(result.types.at(-1)).toBe("error");
  expect(result.types.filter((t) => t === "error" || t === "done")).toHaveLength(1);
  return result.message;
}

const THOUGHTS = fixture("google-generative-ai/thinking-stream.chunks.txt");

describe("google-generative-ai: HTTP errors (documented envelopes)", () => {
  const cases: [string, number, unknown, Record<string, string>, FailureReason, string | undefined][] = [
    [
      "400 invalid request",
      400,
      envelope(400, "INVALID_ARGUMENT", 'Invalid JSON payload received. Unknown name "additionalProperties"'),
      {},
      "format",
      "INVALID_ARGUMENT",
    ],
    [
      "400 context overflow",
      400,
      envelope(
        400,
        "INVALID_ARGUMENT",
        "The input token count (1205000) exceeds the maximum number of tokens allowed (1048576).",
      ),
      {},
      "context_overflow",
      "INVALID_ARGUMENT",
    ],
    [
      "400 bad API key",
      400,
      envelope(400, "INVALID_ARGUMENT", "API key not valid. Please pass a valid API key."),
      {},
      "auth",
      "INVALID_ARGUMENT",
    ],
    [
      "401 unauthenticated",
      401,
      envelope(401, "UNAUTHENTICATED", "Request had invalid authentication credentials."),
      {},
      "auth",
      "UNAUTHENTICATED",
    ],
    [
      "403 leaked key",
      403,
      envelope(403, "PERMISSION_DENIED", "Your API key was reported as leaked. Please use another API key."),
      {},
      "auth_permanent",
      "PERMISSION_DENIED",
    ],
    [
      "404 unknown model",
      404,
      envelope(
        404,
        "NOT_FOUND",
        "models/gemini-9 is not found for API version v1beta, or is not supported for generateContent.",
      ),
      {},
      "model_not_found",
      "NOT_FOUND",
    ],
    [
      "429 quota",
      429,
      envelope(429, "RESOURCE_EXHAUSTED", "You exceeded your current quota, please check your plan."),
      {},
      "rate_limit",
      "RESOURCE_EXHAUSTED",
    ],
    [
      "500 internal",
      500,
      envelope(500, "INTERNAL", "An internal error has occurred."),
      {},
      "timeout",
      "INTERNAL",
    ],
    [
      "503 overloaded",
      503,
      envelope(503, "UNAVAILABLE", "The model is overloaded. Please try again later."),
      {},
      "overloaded",
      "UNAVAILABLE",
    ],
    [
      "502 html from a proxy",
      502,
      "<html>Bad Gateway</html>",
      { "content-type": "text/html" },
      "timeout",
      "Bad Gateway",
    ],
  ];
  it.each(cases)("%s", async (_name, status, body, headers, reason, code) => {
    const message = await failWith(json(status, body, headers));
    expect(message.stopReason).toBe("error");
    expect(message.error).toMatchObject({ reason, status });
    expect(message.error?.code).toBe(code);
  });

  it("403 PERMISSION_DENIED capture → auth, with Google's message", async () => {
    const message = await failWith(replayHttprr(fixture("errors/gemini-403-permission-denied.httprr")));
    expect(message.error).toEqual({
      reason: "auth",
      status: 403,
      code: "PERMISSION_DENIED",
      message:
        "Method doesn't allow unregistered callers (callers without established identity). Please use API Key or other form of API consumer identity to call this API.",
    });
  });

  it("429 with RetryInfo.retryDelay → retryAfterMs", async () => {
    const retry = { "@type": "type.googleapis.com/google.rpc.RetryInfo", retryDelay: "37s" };
    const message = await failWith(
      json(429, envelope(429, "RESOURCE_EXHAUSTED", "Quota exceeded.", [retry])),
    );
    expect(message.error).toMatchObject({ reason: "rate_limit", retryAfterMs: 37_000 });
  });

  it("429 with a retry-after header → retryAfterMs", async () => {
    const body = envelope(429, "RESOURCE_EXHAUSTED", "Resource has been exhausted (e.g. check quota).");
    const message = await failWith(json(429, body, { "retry-after": "7" }));
    expect(message.error).toMatchObject({ reason: "rate_limit", retryAfterMs: 7_000 });
  });
});

describe("google-generative-ai: broken streams and transport", () => {
  it("connection refused → network (ECONNREFUSED), worded as such", async () => {
    const closed = await startFakeServer(json(200, {}));
    await closed.close();
    const { message, types } = await collect(streamGoogle(geminiModel(closed.url), ASK, KEY));
    expect(types).toEqual(["start", "error"]);
    expect(message.error).toMatchObject({ reason: "network", code: "ECONNREFUSED" });
    expect(message.error?.message).toMatch(/^connection refused/);
  });

  it("connection reset before any response → network", async () => {
    const message = await failWith(resetConnection());
    expect(message.error?.reason).toBe("network");
  });

  it("socket hang-up mid-stream keeps the partial thinking and ends in network", async () => {
    const message = await failWith(
      hangUpAfter(replaySse(THOUGHTS, { terminator: "\r\n\r\n" }), { events: 2 }),
    );
    expect(message.error?.reason).toBe("network");
    expect(message.content[0]).toMatchObject({ type: "thinking" });
  });

  it("a malformed data line → error, classified as a broken stream", async () => {
    const valid = [{ candidates: [{ content: { parts: [{ text: "Hi" }], role: "model" }, index: 0 }] }];
    const message = await failWith(malformedSse({ validEvents: valid, terminator: "\r\n\r\n" }));
    expect(message.error).toMatchObject({ reason: "timeout", code: "MALFORMED_STREAM" });
    expect(message.error?.message).toMatch(/^Gemini sent a malformed stream event: /);
    expect(message.content).toEqual([{ type: "text", text: "Hi" }]);
  });

  it("an error envelope inside a 200 stream → classified by its status", async () => {
    const events = [
      { candidates: [{ content: { parts: [{ text: "Hi" }], role: "model" }, index: 0 }] },
      envelope(503, "UNAVAILABLE", "The model is overloaded."),
    ];
    const message = await failWith(sse(events, { terminator: "\r\n\r\n" }));
    expect(message.error).toMatchObject({ reason: "overloaded", status: 503, code: "UNAVAILABLE" });
  });

  it("a stream that ends without a finish reason → incomplete (timeout)", async () => {
    const events = [{ candidates: [{ content: { parts: [{ text: "Hi" }], role: "model" }, index: 0 }] }];
    const message = await failWith(sse(events, { terminator: "\r\n\r\n" }));
    expect(message.error).toMatchObject({ reason: "timeout", code: "STREAM_INCOMPLETE" });
  });

  it("timeout while waiting for headers → timeout", async () => {
    const message = await failWith(neverRespond(), { timeoutMs: 150 });
    expect(message.error).toMatchObject({ reason: "timeout", code: "ETIMEDOUT" });
  });

  it("abort mid-stream → aborted, partial content kept", async () => {
    server = await startFakeServer({
      [streamRoute()]: neverRespond({
        body: replaySse(THOUGHTS, { terminator: "\r\n\r\n" }),
        afterEvents: 2,
      }),
    });
    const controller = new AbortController();
    const stream = streamGoogle(geminiModel(server.url), ASK, { ...KEY, signal: controller.signal });
    const seen: string[] = [];
    for await (const event of stream) {
      seen.push(event.type);
      if (event.type === "thinking_delta" && seen.filter((t) => t === "thinking_delta").length === 2)
        controller.abort();
    }
    const message = await stream.result();
    expect(seen.at(-1)).toBe("error");
    expect(message.stopReason).toBe("aborted");
    expect(message.error?.reason).toBe("aborted");
    expect(message.content[0]).toMatchObject({ type: "thinking" });
  });

  it("an already-aborted signal → aborted without a request", async () => {
    server = await startFakeServer({ [streamRoute()]: json(200, {}) });
    const message = (
      await collect(streamGoogle(geminiModel(server.url), ASK, { ...KEY, signal: AbortSignal.abort() }))
    ).message;
    expect(message.stopReason).toBe("aborted");
    expect(server.requests).toHaveLength(0);
  });
});

describe("google-generative-ai: finish and block reasons", () => {
  const chunk = (extra: Record<string, unknown>, candidate: Record<string, unknown> = {}) => ({
    candidates: [{ content: { parts: [{ text: "Partial" }], role: "model" }, index: 0, ...candidate }],
    ...extra,
  });
  it("MAX_TOKENS → done with length", async () => {
    server = await startFakeServer({
      [streamRoute()]: sse([chunk({}, { finishReason: "MAX_TOKENS" })], { terminator: "\r\n\r\n" }),
    });
    const { types, message } = await collect(streamGoogle(geminiModel(server.url), ASK, KEY));
    expect(types.at(-1)).toBe("done");
    expect(message.stopReason).toBe("length");
  });

  it.each([
    ["SAFETY", "unknown"],
    ["RECITATION", "unknown"],
    ["MALFORMED_FUNCTION_CALL", "format"],
  ] as const)("finishReason %s → error %s", async (finishReason, reason) => {
    const message = await failWith(sse([chunk({}, { finishReason })], { terminator: "\r\n\r\n" }));
    expect(message.error).toMatchObject({ reason, code: finishReason });
    expect(message.content).toEqual([{ type: "text", text: "Partial" }]);
  });

  it("promptFeedback.blockReason → error with the block reason", async () => {
    const blocked = {
      promptFeedback: { blockReason: "PROHIBITED_CONTENT" },
      usageMetadata: { promptTokenCount: 5 },
    };
    const message = await failWith(sse([blocked], { terminator: "\r\n\r\n" }));
    expect(message.error).toMatchObject({ reason: "unknown", code: "PROHIBITED_CONTENT" });
  });
});
