import { Type } from "typebox";
import { afterEach, describe, expect, it } from "vitest";
import {
  collect,
  type FakeServer,
  fixture,
  type Responder,
  replayHttprr,
  replayJson,
  replaySse,
  sse,
  startFakeServer,
  syntheticStream,
} from "../../../test/fake-server/index.js";
import { basicContext, closedPortUrl, PNG_1X1, testModel } from "../../../test/support/context.js";
import { type ErrorCase, transportCases } from "../../../test/support/error-matrix.js";
import { OPENAI_HTTP_CASES } from "../../../test/support/openai-errors.js";
import type { Context, StreamOptions } from "../../types.js";
import { streamOpenAICompletions } from "./stream.js";

let server: FakeServer | undefined;
afterEach(async () => {
  await server?.close();
  server = undefined;
});

async function run(
  responder: Responder,
  options: StreamOptions = { apiKey: "sk-test" },
  context: Context = basicContext(),
  baseUrl?: string,
) {
  server = await startFakeServer({ "POST /v1/chat/completions": responder });
  const model = testModel("openai-completions", "openai", baseUrl ?? `${server.url}/v1`);
  return collect(streamOpenAICompletions(model, context, options));
}

describe("openai-completions: recorded streams", () => {
  it("replays a text stream with a trailing usage chunk", async () => {
    const { types, message, text } = await run(
      replayHttprr(fixture("openai-completions/text-stream.httprr")),
    );
    expect(types.at(-1)).toBe("done");
    expect(text.length).toBeGreaterThan(0);
    expect(message.usage.input).toBeGreaterThan(0);
    expect(message.usage.output).toBeGreaterThan(0);
    expect(message.responseId).toMatch(/^chatcmpl-/);
  });

  it("streams parallel tool calls keyed by index, arguments split across chunks", async () => {
    const { message, events } = await run(
      replaySse(fixture("openai-completions/parallel-tool-calls-stream.sse")),
    );
    expect(message.stopReason).toBe("toolUse");
    const calls = message.content.filter((b) => b.type === "toolCall");
    expect(calls.map((c) => c.type === "toolCall" && c.name)).toEqual(["GetWeatherArgs", "get_stock_price"]);
    for (const call of calls)
      expect(call.type === "toolCall" && Object.keys(call.arguments).length).toBeGreaterThan(0);
    expect(events.filter((e) => e.type === "toolcall_end")).toHaveLength(2);
  });

  it("reads reasoning_content from compatible servers as thinking (DeepSeek)", async () => {
    const { message, types } = await run(
      replaySse(fixture("openai-completions/reasoning-content-stream.chunks.txt"), { done: true }),
    );
    expect(types).toContain("thinking_delta");
    expect(message.content[0]?.type).toBe("thinking");
    expect(message.content[1]?.type).toBe("text");
    expect(message.stopReason).toBe("stop");
    expect(message.usage.output).toBeGreaterThan(0);
  });

  it("ignores SSE comment lines (OpenRouter keep-alives)", async () => {
    const chunk = (delta: unknown, finish: string | null) => ({
      id: "gen-1",
      object: "chat.completion.chunk",
      created: 1,
      model: "m",
      choices: [{ index: 0, delta, finish_reason: finish }],
    });
    const body = sse([chunk({ content: "Hi" }, null), chunk({}, "stop")], { done: true });
    const withComments: Responder = async (request) => {
      const reply = await body(request);
      return { ...reply, frames: [Buffer.from(": OPENROUTER PROCESSING\n\n"), ...reply.frames] };
    };
    const { text, message } = await run(withComments);
    expect(text).toBe("Hi");
    expect(message.stopReason).toBe("stop");
  });

  it("sends roles, images, normalised tool schemas, reasoning effort and usage opt-in", async () => {
    const context = basicContext({
      messages: [
        {
          role: "user",
          content: [
            { type: "text", text: "Look" },
            { type: "image", data: PNG_1X1, mimeType: "image/png" },
          ],
          timestamp: 1,
        },
      ],
      tools: [
        {
          name: "pick",
          description: "either shape",
          parameters: Type.Union([Type.Object({ a: Type.String() }), Type.Object({ b: Type.Number() })]),
        },
      ],
    });
    await run(
      replaySse(fixture("openai-completions/parallel-tool-calls-stream.sse")),
      { apiKey: "sk", thinking: "low" },
      context,
    );
    const body = server?.requests[0]?.json<Record<string, unknown>>();
    expect(body).toMatchObject({
      stream: true,
      stream_options: { include_usage: true },
      reasoning_effort: "low",
      max_completion_tokens: 4096,
      messages: [
        { role: "developer", content: "You are terse." },
        {
          role: "user",
          content: [
            { type: "text" },
            { type: "image_url", image_url: { url: expect.stringMatching(/^data:image\/png;base64,/) } },
          ],
        },
      ],
      tools: [
        {
          type: "function",
          function: { name: "pick", parameters: { type: "object", properties: { a: {}, b: {} } } },
        },
      ],
    });
    expect(JSON.stringify(body?.tools)).not.toContain("anyOf");
    expect(server?.requests[0]?.headers.authorization).toBe("Bearer sk");
  });

  it("aborts mid-stream", async () => {
    const controller = new AbortController();
    server = await startFakeServer({
      "POST /v1/chat/completions": syntheticStream("openai-completions", { tokens: 50_000, batchBytes: 512 }),
    });
    const s = streamOpenAICompletions(
      testModel("openai-completions", "openai", `${server.url}/v1`),
      basicContext(),
      {
        apiKey: "k",
        signal: controller.signal,
      },
    );
    let deltas = 0;
    for await (const event of s) if (event.type === "text_delta" && ++deltas === 5) controller.abort();
    const message = await s.result();
    expect(message.stopReason).toBe("aborted");
  });
});

const cases: ErrorCase[] = [
  {
    name: "400 unsupported parameter (recorded)",
    responder: replayJson(fixture("errors/openai-chat-400-unsupported-parameter.json"), 400),
    reason: "format",
    status: 400,
    code: "unsupported_parameter",
  },
  ...OPENAI_HTTP_CASES,
  {
    name: "in-stream error object after 200",
    responder: sse([
      { error: { message: "The server is overloaded", type: "server_error", code: "server_overloaded" } },
    ]),
    reason: "overloaded",
  },
  ...transportCases(syntheticStream("openai-completions", { tokens: 20, batchBytes: 0 })),
];

describe("openai-completions: failures end the stream, never throw", () => {
  it.each(cases)("$name → $reason", async (c) => {
    const baseUrl = c.refused ? await closedPortUrl() : undefined;
    const options: StreamOptions = { apiKey: "sk-test", ...(c.timeoutMs && { timeoutMs: c.timeoutMs }) };
    const { types, message } = await run(c.responder, options, basicContext(), baseUrl);
    expect(types.at(-1)).toBe("error");
    expect(message.error?.reason).toBe(c.reason);
    if (c.status !== undefined) expect(message.error?.status).toBe(c.status);
    if (c.code !== undefined) expect(message.error?.code).toBe(c.code);
    if (c.retryAfterMs !== undefined) expect(message.error?.retryAfterMs).toBe(c.retryAfterMs);
  });
});
