import { afterEach, describe, expect, it } from "vitest";
import { streamOllama } from "../../src/adapters/ollama/index.js";
import type { Message, ToolCall } from "../../src/types.js";
import {
  collect,
  type FakeServer,
  fixture,
  replayHttprr,
  slowChunks,
  startFakeServer,
} from "../fake-server/index.js";
import { ASK, CHAT, ollamaModel } from "./model.js";

let server: FakeServer | undefined;
afterEach(async () => {
  await server?.close();
  server = undefined;
});

const GPT_OSS = { id: "gpt-oss:120b", reasoning: true, contextWindow: 131_072 };

describe("ollama-chat: recorded streams", () => {
  it("text-stream.httprr: chunked NDJSON text, done_reason stop, counters as usage", async () => {
    server = await startFakeServer({ [CHAT]: replayHttprr(fixture("ollama-chat/text-stream.httprr")) });
    const { types, message, text } = await collect(streamOllama(ollamaModel(server.url), ASK));
    expect(text).toBe("Okay, here we go!\n\n1, 2, 3, 4, 5\n");
    expect(types[0]).toBe("start");
    expect(types.slice(-2)).toEqual(["text_end", "done"]);
    expect(types.filter((t) => t === "text_delta")).toHaveLength(21);
    expect(message.stopReason).toBe("stop");
    expect(message.usage).toMatchObject({ input: 16, output: 22, totalTokens: 38 });
    expect(server.requests[0]?.json()).toMatchObject({
      model: "gemma3:1b",
      stream: true,
      messages: [{ role: "user", content: "Count from 1 to 5" }],
      options: { num_ctx: 32_768 },
    });
  });

  it("the same stream arriving in slow pieces gives the same message", async () => {
    server = await startFakeServer({
      [CHAT]: slowChunks(replayHttprr(fixture("ollama-chat/text-stream.httprr")), 1),
    });
    const { text } = await collect(streamOllama(ollamaModel(server.url), ASK));
    expect(text).toBe("Okay, here we go!\n\n1, 2, 3, 4, 5\n");
  });

  it("thinking-stream.httprr: 37 thinking deltas, then the answer", async () => {
    server = await startFakeServer({ [CHAT]: replayHttprr(fixture("ollama-chat/thinking-stream.httprr")) });
    const { types, message, text } = await collect(
      streamOllama(ollamaModel(server.url, GPT_OSS), ASK, { thinking: "medium", apiKey: "sk-ollama" }),
    );
    expect(types.filter((t) => t === "thinking_delta")).toHaveLength(37);
    expect(types.indexOf("thinking_end")).toBeLessThan(types.indexOf("text_start"));
    expect(message.content.map((b) => b.type)).toEqual(["thinking", "text"]);
    const thinking = message.content[0];
    expect(
      thinking?.type === "thinking" && thinking.thinking.startsWith('User asks: "Count from 1 to 5"'),
    ).toBe(true);
    expect(text).toMatch(/^1\D+2\D+3\D+4\D+5$/);
    expect(message.usage).toMatchObject({ input: 74, output: 57 });
    expect(server.requests[0]?.json()).toMatchObject({ think: "medium" });
    expect(server.requests[0]?.headers.authorization).toBe("Bearer sk-ollama");
  });

  it("nonstream-thinking.httprr: one whole object per request (thinking + content)", async () => {
    server = await startFakeServer({
      [CHAT]: replayHttprr(fixture("ollama-chat/nonstream-thinking.httprr")),
    });
    const model = ollamaModel(server.url, GPT_OSS);
    const first = await collect(streamOllama(model, ASK));
    expect(first.message.content).toEqual([
      {
        type: "thinking",
        thinking:
          'The user asks: "What is the capital of France?" Simple answer: Paris. Provide concise answer.',
      },
      { type: "text", text: "The capital of France is **Paris**." },
    ]);
    expect(first.message.usage).toMatchObject({ input: 74, output: 40 });
    const second = await collect(streamOllama(model, ASK));
    expect(second.text).toBe("15 multiplied by 7 equals **105**.");
    expect(second.message.usage).toMatchObject({ input: 76, output: 33 });
  });

  it("tool-call-nonstream.httprr: object arguments, server id kept, result sent back", async () => {
    server = await startFakeServer({
      [CHAT]: replayHttprr(fixture("ollama-chat/tool-call-nonstream.httprr")),
    });
    const model = ollamaModel(server.url, GPT_OSS);
    const tools = [
      {
        name: "getWeather",
        description: "Get the current weather for a location.",
        parameters: { type: "object", required: ["location"], properties: { location: { type: "string" } } },
      },
    ];
    const messages: Message[] = [
      { role: "user", content: "What's the weather like in San Francisco?", timestamp: 0 },
    ];
    const first = await collect(streamOllama(model, { messages, tools }));
    expect(first.message.stopReason).toBe("toolUse");
    const call = first.message.content.find((b): b is ToolCall => b.type === "toolCall");
    expect(call).toEqual({
      type: "toolCall",
      id: "call_mo1wm122",
      name: "getWeather",
      arguments: { location: "San Francisco, CA" },
    });
    expect(first.types).toEqual([
      "start",
      "thinking_start",
      "thinking_delta",
      "thinking_end",
      "toolcall_start",
      "toolcall_delta",
      "toolcall_end",
      "done",
    ]);
    messages.push(first.message, {
      role: "toolResult",
      toolCallId: "call_mo1wm122",
      toolName: "getWeather",
      content: [{ type: "text", text: '{"temperature": 72, "condition": "sunny"}' }],
      isError: false,
      timestamp: 0,
    });
    const second = await collect(streamOllama(model, { messages, tools }));
    expect(second.text).toMatch(/^San Francisco is currently \*\*72 .*F\*\* and \*\*sunny\*\*\.$/);
    expect(second.message.usage).toMatchObject({ input: 189, output: 21 });
    const sent = server.requests[1]?.json<{ messages: unknown[]; tools: unknown[] }>();
    expect(sent?.messages).toEqual([
      { role: "user", content: "What's the weather like in San Francisco?" },
      {
        role: "assistant",
        content: "",
        thinking: "User asks about weather in San Francisco. Use function getWeather.",
        tool_calls: [
          {
            id: "call_mo1wm122",
            function: { name: "getWeather", arguments: { location: "San Francisco, CA" } },
          },
        ],
      },
      {
        role: "tool",
        content: '{"temperature": 72, "condition": "sunny"}',
        tool_name: "getWeather",
        tool_call_id: "call_mo1wm122",
      },
    ]);
    expect(sent?.tools).toEqual([{ type: "function", function: tools[0] }]);
  });
});
