import { afterEach, describe, expect, it } from "vitest";
import {
  collect,
  type FakeServer,
  fixture,
  type Responder,
  replayCassette,
  replayJson,
  replaySse,
  sse,
  startFakeServer,
  syntheticStream,
} from "../../../test/fake-server/index.js";
import { basicContext, closedPortUrl, testModel } from "../../../test/support/context.js";
import { type ErrorCase, transportCases } from "../../../test/support/error-matrix.js";
import { OPENAI_HTTP_CASES } from "../../../test/support/openai-errors.js";
import type { AssistantMessage, Context, StreamOptions } from "../../types.js";
import { streamOpenAIResponses } from "./stream.js";

let server: FakeServer | undefined;
afterEach(async () => {
  await server?.close();
  server = undefined;
});

const model = (url: string) => testModel("openai-responses", "openai", `${url}/v1`);

async function run(
  responder: Responder,
  options: StreamOptions = { apiKey: "sk-test" },
  context: Context = basicContext(),
  baseUrl?: string,
) {
  server = await startFakeServer({ "POST /v1/responses": responder });
  return collect(
    streamOpenAIResponses(
      baseUrl ? testModel("openai-responses", "openai", baseUrl) : model(server.url),
      context,
      options,
    ),
  );
}

describe("openai-responses: recorded streams", () => {
  it("replays a text stream with usage from response.completed", async () => {
    const { types, message, text } = await run(
      replaySse(fixture("openai-responses/text-stream.chunks.txt"), { eventLines: true }),
    );
    expect(types.at(-1)).toBe("done");
    expect(types.filter((t) => t === "text_delta")).toHaveLength(12);
    expect(text.length).toBeGreaterThan(0);
    expect(message.usage.output).toBeGreaterThan(0);
    expect(message.responseId).toMatch(/^resp_/);
    expect(message.content[0]?.type === "text" && message.content[0].textSignature).toMatch(/^msg_/);
  });

  it("keeps the encrypted reasoning item and streams a function call at output_index 1", async () => {
    const { message } = await run(
      replaySse(fixture("openai-responses/reasoning-then-function-call-stream.chunks.txt"), {
        eventLines: true,
      }),
    );
    expect(message.stopReason).toBe("toolUse");
    const [thinking, call] = message.content;
    expect(thinking?.type).toBe("thinking");
    const item = JSON.parse((thinking?.type === "thinking" && thinking.thinkingSignature) || "{}") as Record<
      string,
      unknown
    >;
    expect(item.type).toBe("reasoning");
    expect(typeof item.encrypted_content).toBe("string");
    expect(call).toMatchObject({
      type: "toolCall",
      name: "lookupVerificationCode",
      arguments: { label: expect.any(String) },
    });
  });

  it("streams reasoning summaries (4 parts) then text, from the raw cassette", async () => {
    const { message, types } = await run(
      replayCassette(fixture("openai-responses/reasoning-summary-stream.cassette.yaml"), 0),
    );
    expect(types.filter((t) => t === "thinking_delta").length).toBeGreaterThan(300);
    const thinking = message.content.find((b) => b.type === "thinking");
    expect(thinking?.type === "thinking" && thinking.thinking.split("\n\n").length).toBeGreaterThanOrEqual(4);
    expect(message.content.some((b) => b.type === "text" && b.text.length > 100)).toBe(true);
    expect(message.stopReason).toBe("stop");
  });

  it("sends instructions, stateless reasoning, and a tool round trip as input items", async () => {
    const previous: AssistantMessage = {
      role: "assistant",
      api: "openai-responses",
      provider: "openai",
      model: "test-model",
      content: [{ type: "toolCall", id: "call_1", name: "get_weather", arguments: { location: "Paris" } }],
      usage: {
        input: 0,
        output: 0,
        cacheRead: 0,
        cacheWrite: 0,
        totalTokens: 0,
        cost: { input: 0, output: 0, cacheRead: 0, cacheWrite: 0, total: 0 },
      },
      stopReason: "toolUse",
      timestamp: 2,
    };
    const context = basicContext({
      messages: [
        { role: "user", content: "Weather?", timestamp: 1 },
        previous,
        {
          role: "toolResult",
          toolCallId: "call_1",
          toolName: "get_weather",
          content: [{ type: "text", text: "18C" }],
          isError: false,
          timestamp: 3,
        },
      ],
    });
    await run(
      replaySse(fixture("openai-responses/text-stream.chunks.txt"), { eventLines: true }),
      { apiKey: "k", thinking: "high", sessionId: "s1" },
      context,
    );
    const body = server?.requests[0]?.json<Record<string, unknown>>();
    expect(body).toMatchObject({
      instructions: "You are terse.",
      store: false,
      stream: true,
      reasoning: { effort: "high" },
      include: ["reasoning.encrypted_content"],
      prompt_cache_key: "s1",
      input: [
        { role: "user", content: [{ type: "input_text", text: "Weather?" }] },
        { type: "function_call", call_id: "call_1", name: "get_weather", arguments: '{"location":"Paris"}' },
        { type: "function_call_output", call_id: "call_1", output: "18C" },
      ],
      tools: [{ type: "function", name: "get_weather", parameters: { type: "object" } }],
    });
  });

  it("aborts mid-stream", async () => {
    const controller = new AbortController();
    server = await startFakeServer({
      "POST /v1/responses": syntheticStream("openai-responses", { tokens: 50_000, batchBytes: 512 }),
    });
    const s = streamOpenAIResponses(model(server.url), basicContext(), {
      apiKey: "k",
      signal: controller.signal,
    });
    let deltas = 0;
    for await (const event of s) if (event.type === "text_delta" && ++deltas === 5) controller.abort();
    expect((await s.result()).stopReason).toBe("aborted");
  });
});

const cases: ErrorCase[] = [
  {
    name: "400 missing parameter (recorded)",
    responder: replayJson(fixture("errors/openai-responses-400-missing-parameter.json"), 400),
    reason: "format",
    status: 400,
    code: "missing_required_parameter",
  },
  ...OPENAI_HTTP_CASES,
  {
    name: "response.failed in-band",
    responder: sse(
      [
        {
          type: "response.created",
          sequence_number: 0,
          response: { id: "resp_1", status: "in_progress", output: [] },
        },
        {
          type: "response.failed",
          sequence_number: 1,
          response: {
            id: "resp_1",
            status: "failed",
            output: [],
            error: { code: "rate_limit_exceeded", message: "Rate limit reached" },
          },
        },
      ],
      { eventLines: true },
    ),
    reason: "rate_limit",
    code: "rate_limit_exceeded",
  },
  {
    name: "error event in-band (context overflow)",
    responder: sse(
      [
        {
          type: "error",
          sequence_number: 0,
          code: "context_length_exceeded",
          message: "Your input exceeds the context window of this model.",
          param: "input",
        },
      ],
      { eventLines: true },
    ),
    reason: "context_overflow",
  },
  ...transportCases(syntheticStream("openai-responses", { tokens: 20, batchBytes: 0 })),
];

describe("openai-responses: failures end the stream, never throw", () => {
  it.each(cases)("$name → $reason", async (c) => {
    const baseUrl = c.refused ? `${await closedPortUrl()}/v1` : undefined;
    const options: StreamOptions = { apiKey: "sk-test", ...(c.timeoutMs && { timeoutMs: c.timeoutMs }) };
    const { types, message } = await run(c.responder, options, basicContext(), baseUrl);
    expect(types.at(-1)).toBe("error");
    expect(message.error?.reason).toBe(c.reason);
    if (c.status !== undefined) expect(message.error?.status).toBe(c.status);
    if (c.code !== undefined) expect(message.error?.code).toBe(c.code);
    if (c.retryAfterMs !== undefined) expect(message.error?.retryAfterMs).toBe(c.retryAfterMs);
  });
});

describe("openai-responses: servers that skip argument deltas", () => {
  it("takes tool arguments from output_item.done", async () => {
    const item = {
      id: "fc_1",
      type: "function_call",
      status: "completed",
      call_id: "call_1",
      name: "get_weather",
      arguments: '{"location":"Oslo"}',
    };
    const { message } = await run(
      sse(
        [
          {
            type: "response.created",
            sequence_number: 0,
            response: { id: "resp_1", status: "in_progress", output: [] },
          },
          {
            type: "response.output_item.added",
            sequence_number: 1,
            output_index: 0,
            item: { ...item, arguments: "" },
          },
          { type: "response.output_item.done", sequence_number: 2, output_index: 0, item },
          {
            type: "response.completed",
            sequence_number: 3,
            response: {
              id: "resp_1",
              status: "completed",
              output: [item],
              usage: {
                input_tokens: 5,
                output_tokens: 2,
                input_tokens_details: { cached_tokens: 0 },
                output_tokens_details: { reasoning_tokens: 0 },
                total_tokens: 7,
              },
            },
          },
        ],
        { eventLines: true },
      ),
    );
    expect(message.stopReason).toBe("toolUse");
    expect(message.content).toEqual([
      { type: "toolCall", id: "call_1", name: "get_weather", arguments: { location: "Oslo" } },
    ]);
  });
});

describe("openai-responses: parallel calls and images (documented wire shapes)", () => {
  it("keys interleaved argument deltas by item id", async () => {
    const call = (n: number) => ({
      id: `fc_${n}`,
      type: "function_call",
      status: "in_progress",
      call_id: `call_${n}`,
      name: "get_weather",
      arguments: "",
    });
    let seq = 0;
    const ev = (body: Record<string, unknown>) => ({ ...body, sequence_number: seq++ });
    const delta = (n: number, d: string) =>
      ev({ type: "response.function_call_arguments.delta", item_id: `fc_${n}`, output_index: n, delta: d });
    const done = (n: number, args: string) =>
      ev({
        type: "response.output_item.done",
        output_index: n,
        item: { ...call(n), status: "completed", arguments: args },
      });
    const { message } = await run(
      sse(
        [
          ev({ type: "response.created", response: { id: "resp_p", status: "in_progress", output: [] } }),
          ev({ type: "response.output_item.added", output_index: 0, item: call(0) }),
          ev({ type: "response.output_item.added", output_index: 1, item: call(1) }),
          delta(0, '{"locat'),
          delta(1, '{"location":'),
          delta(0, 'ion":"Oslo"}'),
          delta(1, '"Rome"}'),
          done(0, '{"location":"Oslo"}'),
          done(1, '{"location":"Rome"}'),
          ev({
            type: "response.completed",
            response: {
              id: "resp_p",
              status: "completed",
              output: [],
              usage: {
                input_tokens: 9,
                output_tokens: 4,
                input_tokens_details: { cached_tokens: 4 },
                output_tokens_details: { reasoning_tokens: 0 },
                total_tokens: 13,
              },
            },
          }),
        ],
        { eventLines: true },
      ),
      { apiKey: "k" },
      basicContext({
        messages: [
          {
            role: "user",
            content: [
              { type: "text", text: "Where is this?" },
              { type: "image", data: "aGk=", mimeType: "image/jpeg" },
            ],
            timestamp: 0,
          },
        ],
      }),
    );
    expect(message.content).toEqual([
      { type: "toolCall", id: "call_0", name: "get_weather", arguments: { location: "Oslo" } },
      { type: "toolCall", id: "call_1", name: "get_weather", arguments: { location: "Rome" } },
    ]);
    expect(message.usage).toMatchObject({ input: 5, cacheRead: 4, output: 4 });
    const input = server?.requests[0]?.json<{ input: unknown[] }>().input;
    expect(input?.[0]).toEqual({
      role: "user",
      content: [
        { type: "input_text", text: "Where is this?" },
        { type: "input_image", detail: "auto", image_url: "data:image/jpeg;base64,aGk=" },
      ],
    });
  });
});
