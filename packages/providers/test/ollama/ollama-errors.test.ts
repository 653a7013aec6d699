import { afterEach, describe, expect, it, vi } from "vitest";
import {
  estimatePromptTokens,
  promptClearlyExceedsWindow,
  streamOllama,
  thinkFor,
} from "../../src/adapters/ollama/index.js";
import type { FailureReason } from "../../src/types.js";
import {
  collect,
  type FakeServer,
  fixture,
  hangUpAfter,
  json,
  ndjson,
  neverRespond,
  type Responder,
  replayHttprr,
  resetConnection,
  startFakeServer,
} from "../fake-server/index.js";
import { ASK, CHAT, ollamaModel } from "./model.js";

let server: FakeServer | undefined;
afterEach(async () => {
  await server?.close();
  server = undefined;
  vi.restoreAllMocks();
});

async function failWith(responder: Responder, options = {}, model = {}) {
  server = await startFakeServer({ [CHAT]: responder });
  const result = await collect(streamOllama(ollamaModel(server.url, model), ASK, options));
  expect(result.types.at(-1)).toBe("error");
  expect(result.types.filter((t) => t === "error" || t === "done")).toHaveLength(1);
  return result.message;
}

const delta = (content: string) => ({ model: "m", message: { role: "assistant", content }, done: false });
const done = (extra: Record<string, unknown> = {}) => ({
  model: "m",
  message: { role: "assistant", content: "" },
  done: true,
  done_reason: "stop",
  prompt_eval_count: 10,
  eval_count: 3,
  ...extra,
});

describe("ollama-chat: HTTP errors", () => {
  it("400 does not support tools (capture) → format", async () => {
    const message = await failWith(
      replayHttprr(fixture("errors/ollama-400-model-does-not-support-tools.httprr")),
    );
    expect(message.error).toEqual({
      reason: "format",
      status: 400,
      message: "registry.ollama.ai/library/gemma3:1b does not support tools",
    });
  });

  const cases: [string, number, unknown, Record<string, string>, FailureReason, number | undefined][] = [
    ["400 invalid request", 400, { error: "invalid message format" }, {}, "format", undefined],
    [
      "400 context overflow",
      400,
      { error: "the input length exceeds the context length" },
      {},
      "context_overflow",
      undefined,
    ],
    ["401 cloud key", 401, { error: "unauthorized" }, {}, "auth", undefined],
    ["403 forbidden", 403, { error: "forbidden" }, {}, "auth", undefined],
    [
      "404 unknown model",
      404,
      { error: 'model "llama9" not found, try pulling it first' },
      {},
      "model_not_found",
      undefined,
    ],
    [
      "429 with retry-after",
      429,
      { error: "too many requests" },
      { "retry-after": "12" },
      "rate_limit",
      12_000,
    ],
    [
      "500 out of memory",
      500,
      { error: "model requires more system memory (12.0 GiB) than is available (8.0 GiB)" },
      {},
      "overloaded",
      undefined,
    ],
    [
      "500 runner crash",
      500,
      { error: "llama runner process has terminated: exit status 2" },
      {},
      "overloaded",
      undefined,
    ],
    [
      "503 busy",
      503,
      { error: "server busy, please try again.  maximum pending requests exceeded" },
      {},
      "overloaded",
      undefined,
    ],
  ];
  it.each(cases)("%s", async (_name, status, body, headers, reason, retryAfterMs) => {
    const message = await failWith(json(status, body, headers));
    expect(message.stopReason).toBe("error");
    expect(message.error).toMatchObject({ reason, status, message: (body as { error: string }).error });
    expect(message.error?.retryAfterMs).toBe(retryAfterMs);
  });
});

describe("ollama-chat: broken streams and transport", () => {
  it("connection refused (server not running) → network ECONNREFUSED", async () => {
    const closed = await startFakeServer(json(200, {}));
    await closed.close();
    const { types, message } = await collect(streamOllama(ollamaModel(closed.url), ASK));
    expect(types).toEqual(["start", "error"]);
    expect(message.error).toMatchObject({ reason: "network", code: "ECONNREFUSED" });
    expect(message.error?.message).toMatch(/^connection refused/);
  });

  it("connection reset before a response → network", async () => {
    expect((await failWith(resetConnection())).error?.reason).toBe("network");
  });

  it("socket hang-up mid-stream keeps the partial text → network", async () => {
    const message = await failWith(
      hangUpAfter(replayHttprr(fixture("ollama-chat/thinking-stream.httprr")), { events: 5 }),
    );
    expect(message.error?.reason).toBe("network");
    expect(message.content[0]).toMatchObject({ type: "thinking", thinking: 'User asks: "Count' });
  });

  it("an error line after a 200 (documented mid-stream error) → classified by its text", async () => {
    const message = await failWith(
      ndjson([delta("Hel"), { error: "model runner has unexpectedly stopped" }]),
    );
    expect(message.error?.reason).toBe("overloaded");
    expect(message.content).toEqual([{ type: "text", text: "Hel" }]);
  });

  it("a malformed last line (stream cut inside JSON) → incomplete, timeout", async () => {
    vi.spyOn(console, "warn").mockImplementation(() => {});
    const message = await failWith(ndjson([delta("Hel"), '{"model":"m","message":{"role":"assist']));
    expect(message.error).toMatchObject({ reason: "timeout", code: "STREAM_INCOMPLETE" });
  });

  it("timeout while waiting for the response → timeout", async () => {
    const message = await failWith(neverRespond(), { timeoutMs: 150 });
    expect(message.error).toMatchObject({ reason: "timeout", code: "ETIMEDOUT" });
  });

  it("abort mid-stream → aborted with the partial text", async () => {
    server = await startFakeServer({
      [CHAT]: neverRespond({ body: ndjson([delta("a"), delta("b"), done()]), afterEvents: 2 }),
    });
    const controller = new AbortController();
    const stream = streamOllama(ollamaModel(server.url), ASK, { signal: controller.signal });
    for await (const event of stream)
      if (event.type === "text_delta" && event.delta === "b") controller.abort();
    const message = await stream.result();
    expect(message.stopReason).toBe("aborted");
    expect(message.error?.reason).toBe("aborted");
    expect(message.content).toEqual([{ type: "text", text: "ab" }]);
  });
});

describe("ollama-chat: stop reasons and silent truncation", () => {
  it("done_reason length → done with length", async () => {
    server = await startFakeServer({ [CHAT]: ndjson([delta("Hi"), done({ done_reason: "length" })]) });
    const { types, message } = await collect(streamOllama(ollamaModel(server.url), ASK, { maxTokens: 1 }));
    expect(types.at(-1)).toBe("done");
    expect(message.stopReason).toBe("length");
    expect(server.requests[0]?.json()).toMatchObject({ options: { num_predict: 1, num_ctx: 32_768 } });
  });

  it("tool calls without ids get generated, unique ids", async () => {
    const call = (n: number) => ({ function: { name: "sum", arguments: { a: n } } });
    server = await startFakeServer({
      [CHAT]: ndjson([
        {
          model: "m",
          message: { role: "assistant", content: "", tool_calls: [call(1), call(2)] },
          done: false,
        },
        done(),
      ]),
    });
    const { message } = await collect(streamOllama(ollamaModel(server.url), ASK));
    expect(message.stopReason).toBe("toolUse");
    const ids = message.content.map((b) => (b.type === "toolCall" ? b.id : ""));
    expect(ids).toHaveLength(2);
    expect(new Set(ids).size).toBe(2);
    for (const id of ids) expect(id).toMatch(/^call_[0-9a-f-]{12}$/);
  });

  it("prompt_eval_count filling the window → context_overflow, reply kept", async () => {
    const message = await failWith(
      ndjson([delta("Hi"), done({ prompt_eval_count: 2048 })]),
      {},
      { contextWindow: 2048 },
    );
    expect(message.error).toMatchObject({ reason: "context_overflow", code: "OLLAMA_CONTEXT_TRUNCATED" });
    expect(message.usage.input).toBe(2048);
    expect(message.content).toEqual([{ type: "text", text: "Hi" }]);
  });

  it("a prompt far larger than the window that 'succeeds' → context_overflow", async () => {
    server = await startFakeServer({ [CHAT]: ndjson([delta("Hi"), done({ prompt_eval_count: 900 })]) });
    const huge = { messages: [{ role: "user" as const, content: "x".repeat(4 * 4000), timestamp: 0 }] };
    const { message } = await collect(streamOllama(ollamaModel(server.url, { contextWindow: 1024 }), huge));
    expect(message.error?.reason).toBe("context_overflow");
  });

  it.each([
    [120, 4096, false],
    [5000, 4096, false],
    [7000, 4096, true],
  ])("promptClearlyExceedsWindow(%i, %i) = %s", (estimate, window, expected) => {
    expect(promptClearlyExceedsWindow(estimate, window)).toBe(expected);
  });

  it("estimates prompt tokens from text and tools", () => {
    expect(estimatePromptTokens({ model: "m", messages: [{ role: "user", content: "abcdefgh" }] })).toBe(2);
  });

  it.each([
    [{ id: "qwen3:8b", reasoning: true }, "high", true],
    [{ id: "qwen3:8b", reasoning: true }, "off", false],
    [{ id: "gpt-oss:20b", reasoning: true }, "minimal", "low"],
    [{ id: "gpt-oss:20b", reasoning: true }, undefined, undefined],
    [{ id: "llama3.1:8b", reasoning: false }, "high", undefined],
  ] as const)("thinkFor(%o, %s) = %s", (model, level, expected) => {
    expect(thinkFor(model, level)).toBe(expected);
  });

  it("sends images, system prompt and tool results", async () => {
    server = await startFakeServer({ [CHAT]: ndjson([delta("ok"), done()]) });
    await collect(
      streamOllama(ollamaModel(server.url), {
        systemPrompt: "Be brief.",
        messages: [
          {
            role: "user",
            content: [
              { type: "text", text: "What is this?" },
              { type: "image", data: "aGk=", mimeType: "image/png" },
            ],
            timestamp: 0,
          },
        ],
      }),
    );
    expect(server.requests[0]?.json()).toMatchObject({
      messages: [
        { role: "system", content: "Be brief." },
        { role: "user", content: "What is this?", images: ["aGk="] },
      ],
    });
  });
});
