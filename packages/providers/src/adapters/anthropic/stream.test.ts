import { afterEach, describe, expect, it } from "vitest";
import {
  collect,
  type FakeServer,
  fixture,
  json,
  type Responder,
  replayHttprr,
  replayJson,
  replayRecording,
  replaySse,
  sse,
  startFakeServer,
  syntheticStream,
} from "../../../test/fake-server/index.js";
import { basicContext, closedPortUrl, PNG_1X1, testModel } from "../../../test/support/context.js";
import { type ErrorCase, transportCases } from "../../../test/support/error-matrix.js";
import type { StreamOptions } from "../../types.js";
import { streamAnthropic } from "./stream.js";

let server: FakeServer | undefined;
afterEach(async () => {
  await server?.close();
  server = undefined;
});

async function run(responder: Responder, options: StreamOptions = { apiKey: "sk-test" }, baseUrl?: string) {
  server = await startFakeServer({ "POST /v1/messages": responder });
  const model = testModel("anthropic-messages", "anthropic", baseUrl ?? server.url);
  return collect(streamAnthropic(model, basicContext(), options));
}

const envelope = (type: string, message: string) => ({
  type: "error",
  error: { type, message },
  request_id: "req_011CTest",
});

describe("anthropic-messages: recorded streams", () => {
  it("replays a raw text stream (padding, ping, usage in message_delta)", async () => {
    const { types, message, text } = await run(
      replayHttprr(fixture("anthropic-messages/text-stream.httprr")),
    );
    expect(types[0]).toBe("start");
    expect(types.at(-1)).toBe("done");
    expect(text.length).toBeGreaterThan(0);
    expect(message.stopReason).toBe("stop");
    expect(message.usage.output).toBeGreaterThan(0);
    expect(message.responseId).toMatch(/^msg_/);
  });

  it("reads cache usage and prices it", async () => {
    const { message } = await run(
      replaySse(fixture("anthropic-messages/text-stream.chunks.txt"), { eventLines: true }),
    );
    expect(message.usage.input).toBeGreaterThan(0);
    expect(message.usage.cost.total).toBeGreaterThan(0);
    expect(message.usage.totalTokens).toBe(
      message.usage.input + message.usage.output + message.usage.cacheRead + message.usage.cacheWrite,
    );
  });

  it("streams a tool call whose JSON arguments are split across chunks", async () => {
    const { events, message } = await run(
      replaySse(fixture("anthropic-messages/tool-use-stream.sse"), { appendBlank: true }),
    );
    expect(message.stopReason).toBe("toolUse");
    const call = message.content.find((b) => b.type === "toolCall");
    expect(call).toMatchObject({
      type: "toolCall",
      id: "toolu_01NRLabsLyVHZPKxbKvkfSMn",
      name: "get_weather",
    });
    expect(call?.type === "toolCall" && typeof call.arguments.location).toBe("string");
    expect(events.filter((e) => e.type === "toolcall_delta").length).toBeGreaterThan(1);
    expect(events.some((e) => e.type === "toolcall_end")).toBe(true);
  });

  it("streams three parallel tool calls", async () => {
    const { message } = await run(
      replaySse(fixture("anthropic-messages/parallel-tool-use-stream.chunks.txt"), { eventLines: true }),
    );
    const calls = message.content.filter((b) => b.type === "toolCall");
    expect(calls).toHaveLength(3);
    expect(calls.map((c) => (c.type === "toolCall" ? c.arguments.query : undefined))).toEqual([
      "alpha",
      expect.any(String),
      expect.any(String),
    ]);
  });

  it("streams thinking with its signature, then text", async () => {
    const { types, message } = await run(
      replaySse(fixture("anthropic-messages/thinking-stream.chunks.txt"), { eventLines: true }),
    );
    expect(types).toContain("thinking_delta");
    const thinking = message.content[0];
    expect(thinking?.type).toBe("thinking");
    expect(thinking?.type === "thinking" && thinking.thinkingSignature?.length).toBeGreaterThan(10);
    expect(message.content.some((b) => b.type === "text" && b.text.length > 0)).toBe(true);
    expect(message.stopReason).toBe("stop");
  });

  it("sends system, tools, images, thinking budget and no SDK retries", async () => {
    server = await startFakeServer({
      "POST /v1/messages": json(429, envelope("rate_limit_error", "slow down")),
    });
    const model = testModel("anthropic-messages", "anthropic", server.url);
    const context = basicContext({
      messages: [
        {
          role: "user",
          content: [
            { type: "text", text: "What is this?" },
            { type: "image", data: PNG_1X1, mimeType: "image/png" },
          ],
          timestamp: 1,
        },
      ],
    });
    const reply = await streamAnthropic(model, context, {
      apiKey: "sk-test",
      thinking: "medium",
      temperature: 0.2,
    }).result();
    expect(reply.error?.reason).toBe("rate_limit");
    expect(server.requests).toHaveLength(1);
    const request = server.requests[0];
    expect(`${request?.headers.authorization ?? ""}${request?.headers["x-api-key"] ?? ""}`).toContain(
      "sk-test",
    );
    const body = request?.json<Record<string, unknown>>();
    expect(body).toMatchObject({
      model: "test-model",
      stream: true,
      thinking: { type: "enabled", budget_tokens: expect.any(Number) },
      system: [{ type: "text", text: "You are terse." }],
      tools: [{ name: "get_weather", input_schema: { type: "object", required: ["location"] } }],
    });
    expect(body?.temperature).toBeUndefined();
    expect(JSON.stringify(body?.messages)).toContain('"media_type":"image/png"');
  });

  it("the recorded 429 sequence: first 429 is a rate limit, no retry inside the SDK", async () => {
    const reply = await run(replayRecording(fixture("errors/anthropic-429-429-200.recording.json")));
    expect(reply.message.error).toMatchObject({
      reason: "rate_limit",
      status: 429,
      code: "rate_limit_error",
    });
    expect(server?.requests).toHaveLength(1);
  });

  it("aborts mid-stream and reports aborted", async () => {
    const controller = new AbortController();
    server = await startFakeServer({
      "POST /v1/messages": syntheticStream("anthropic", { tokens: 50_000, batchBytes: 512 }),
    });
    const model = testModel("anthropic-messages", "anthropic", server.url);
    const s = streamAnthropic(model, basicContext(), { apiKey: "k", signal: controller.signal });
    let deltas = 0;
    for await (const event of s) {
      if (event.type === "text_delta" && ++deltas === 5) controller.abort();
    }
    const message = await s.result();
    expect(message.stopReason).toBe("aborted");
    expect(message.error?.reason).toBe("aborted");
    expect(message.content[0]?.type === "text" && message.content[0].text.length).toBeGreaterThan(0);
  });
});

const streamBody = replaySse(fixture("anthropic-messages/text-stream.chunks.txt"), { eventLines: true });
const cases: ErrorCase[] = [
  {
    name: "400 invalid request (recorded)",
    responder: replayJson(fixture("errors/anthropic-400-invalid-request.json"), 400),
    reason: "format",
    status: 400,
    code: "invalid_request_error",
  },
  {
    name: "400 prompt too long",
    responder: json(
      400,
      envelope("invalid_request_error", "prompt is too long: 213462 tokens > 200000 maximum"),
    ),
    reason: "context_overflow",
    status: 400,
  },
  {
    name: "413 request too large",
    responder: json(
      413,
      envelope("request_too_large", "Request exceeds the maximum allowed number of bytes."),
    ),
    reason: "context_overflow",
    status: 413,
  },
  {
    name: "401 bad key",
    responder: json(401, envelope("authentication_error", "invalid x-api-key")),
    reason: "auth",
    status: 401,
    code: "authentication_error",
  },
  {
    name: "403 permission",
    responder: json(
      403,
      envelope("permission_error", "Your API key does not have permission to use the specified resource."),
    ),
    reason: "auth",
    status: 403,
  },
  {
    name: "404 unknown model",
    responder: json(404, envelope("not_found_error", "model: claude-opsu-4")),
    reason: "model_not_found",
    status: 404,
  },
  {
    name: "429 with retry-after",
    responder: json(
      429,
      envelope("rate_limit_error", "Number of request tokens has exceeded your per-minute rate limit"),
      {
        "retry-after": "7",
      },
    ),
    reason: "rate_limit",
    status: 429,
    retryAfterMs: 7000,
  },
  {
    name: "529 overloaded",
    responder: json(529, envelope("overloaded_error", "Overloaded")),
    reason: "overloaded",
    status: 529,
    code: "overloaded_error",
  },
  {
    name: "500 api_error",
    responder: json(500, envelope("api_error", "Internal server error")),
    reason: "timeout",
    status: 500,
  },
  {
    name: "503 unavailable",
    responder: json(503, envelope("api_error", "Service unavailable")),
    reason: "timeout",
    status: 503,
  },
  {
    name: "400 credit balance",
    responder: json(
      400,
      envelope("invalid_request_error", "Your credit balance is too low to access the Anthropic API."),
    ),
    reason: "billing",
    status: 400,
  },
  {
    name: "in-stream overloaded error after 200",
    responder: sse(
      [
        {
          type: "message_start",
          message: {
            id: "msg_1",
            type: "message",
            role: "assistant",
            model: "m",
            content: [],
            usage: { input_tokens: 3, output_tokens: 1 },
          },
        },
        { type: "error", error: { type: "overloaded_error", message: "Overloaded" } },
      ],
      { eventLines: true },
    ),
    reason: "overloaded",
    code: "overloaded_error",
  },
  ...transportCases(streamBody, () => ({
    status: 200,
    headers: { "content-type": "text/event-stream" },
    frames: [Buffer.from('event: message_start\ndata: {"type":"message_start","message":{"id":"m\n\n')],
  })),
];

describe("anthropic-messages: failures end the stream, never throw", () => {
  it.each(cases)("$name → $reason", async (c) => {
    const baseUrl = c.refused ? await closedPortUrl() : undefined;
    const options: StreamOptions = { apiKey: "sk-test", ...(c.timeoutMs && { timeoutMs: c.timeoutMs }) };
    const { types, message } = await run(c.responder, options, baseUrl);
    expect(types.at(-1)).toBe("error");
    expect(message.stopReason).toBe("error");
    expect(message.error?.reason).toBe(c.reason);
    if (c.status !== undefined) expect(message.error?.status).toBe(c.status);
    if (c.code !== undefined) expect(message.error?.code).toBe(c.code);
    if (c.retryAfterMs !== undefined) expect(message.error?.retryAfterMs).toBe(c.retryAfterMs);
  });
});
