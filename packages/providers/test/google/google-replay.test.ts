import { afterEach, describe, expect, it } from "vitest";
import { streamGoogle } from "../../src/adapters/google/index.js";
import type { AssistantMessage, Message, ToolCall } from "../../src/types.js";
import {
  collect,
  type FakeServer,
  fixture,
  readCapture,
  replayHttprr,
  replaySse,
  sse,
  startFakeServer,
} from "../fake-server/index.js";
import { ASK, geminiModel, KEY, streamRoute } from "./model.js";

let server: FakeServer | undefined;
afterEach(async () => {
  await server?.close();
  server = undefined;
});

describe("google-generative-ai: recorded streams", () => {
  it("text-stream.httprr: one CRLF event with text, finish and usage", async () => {
    server = await startFakeServer({
      [streamRoute()]: replayHttprr(fixture("google-generative-ai/text-stream.httprr")),
    });
    const { types, message, text } = await collect(
      streamGoogle(geminiModel(server.url), ASK, { apiKey: "k" }),
    );
    expect(types).toEqual(["start", "text_start", "text_delta", "text_end", "done"]);
    expect(text).toBe("Paris");
    expect(message.stopReason).toBe("stop");
    expect(message.responseId).toBe("yFWYabnBB8Wg1e8P3ZTdiAY");
    expect(message.usage).toMatchObject({ input: 11, output: 34, cacheRead: 0, totalTokens: 45 });
    expect(message.usage.cost.total).toBeCloseTo((11 * 0.3 + 34 * 2.5) / 1e6, 12);
    expect(server.requests[0]?.url).toBe("/v1beta/models/gemini-2.5-flash:streamGenerateContent?alt=sse");
    expect(server.requests[0]?.headers["x-goog-api-key"]).toBe("k");
  });

  it("text-stream.chunks.txt: text deltas, then a thought signature on an empty final part", async () => {
    const file = fixture("google-generative-ai/text-stream.chunks.txt");
    const lines = readCapture(file).toString("utf8").trim().split("\n");
    const signature = (
      JSON.parse(lines[2] ?? "") as { candidates: { content: { parts: { thoughtSignature: string }[] } }[] }
    ).candidates[0]?.content.parts[0]?.thoughtSignature;
    const model = geminiModel("", { id: "gemini-3-pro-preview" });
    server = await startFakeServer({ [streamRoute(model.id)]: replaySse(file, { terminator: "\r\n\r\n" }) });
    const { types, message } = await collect(streamGoogle({ ...model, baseUrl: server.url }, ASK, KEY));
    expect(types).toEqual(["start", "text_start", "text_delta", "text_delta", "text_end", "done"]);
    expect(message.content).toEqual([
      {
        type: "text",
        text: 'There are **3** "r"s in strawberry.\n\nst**r**awbe**rr**y',
        textSignature: signature,
      },
    ]);
    expect(signature).toMatch(/^EqsFCqgF/);
    expect(message.usage).toMatchObject({ input: 9, output: 23 + 185 });
    expect(message.responseId).toBe("bH6LaZW8Fp_3nsEPqtaSwQ4");
  });

  it("thinking-stream.chunks.txt: thought parts become one thinking block before the answer", async () => {
    server = await startFakeServer({
      [streamRoute()]: replaySse(fixture("google-generative-ai/thinking-stream.chunks.txt"), {
        terminator: "\r\n\r\n",
      }),
    });
    const { types, message, text } = await collect(streamGoogle(geminiModel(server.url), ASK, KEY));
    expect(types).toEqual([
      "start",
      "thinking_start",
      ...Array(4).fill("thinking_delta"),
      "thinking_end",
      "text_start",
      "text_delta",
      "text_end",
      "done",
    ]);
    const thinking = message.content[0];
    expect(thinking?.type).toBe("thinking");
    expect(thinking?.type === "thinking" && thinking.thinking).toBe(
      '*   User input: "Reply with exactly: hello"\n    *   Constraint: The response must be "exactly: hello".\n    *   Goal: Comply with the specific instruction.\n\n    *   The user wants a single word: "hello".\n\n    *   Input: "Reply with exactly: hello"\n    *   Output: "hello"',
    );
    expect(text).toBe("hello");
    expect(message.usage).toMatchObject({ input: 6, output: 77 });
  });

  it("nonstream.json: a whole generateContent body served as one stream event", async () => {
    const body = readCapture("google-generative-ai/nonstream.json").toString("utf8");
    server = await startFakeServer({
      [streamRoute()]: sse([body.trim()], { raw: true, terminator: "\r\n\r\n" }),
    });
    const { message, text } = await collect(streamGoogle(geminiModel(server.url), ASK, KEY));
    const parsed = JSON.parse(body) as {
      candidates: { content: { parts: { text: string; thoughtSignature: string }[] } }[];
    };
    const part = parsed.candidates[0]?.content.parts[0];
    expect(text).toBe(part?.text);
    expect(message.content[0]).toMatchObject({ type: "text", textSignature: part?.thoughtSignature });
    expect(message.stopReason).toBe("stop");
  });

  it("parallel-function-calls-stream.httprr: 3 parallel calls, results sent back, 2 user turns", async () => {
    server = await startFakeServer({
      [streamRoute()]: replayHttprr(fixture("google-generative-ai/parallel-function-calls-stream.httprr")),
    });
    const model = geminiModel(server.url);
    const tools = [{ name: "sum", description: "sums two integers", parameters: { type: "object" } }];
    const messages: Message[] = [];
    const expected = [
      {
        ask: "Can you add 2 and 3? Also 4 and 5? And 6 and 7?",
        pairs: [
          [2, 3],
          [4, 5],
          [6, 7],
        ],
        answer: "The sum of 2 and 3 is 5.\nThe sum of 4 and 5 is 9.\nThe sum of 6 and 7 is 13.",
      },
      {
        ask: "Now 10+20, 40+50, 60+70",
        pairs: [
          [10, 20],
          [40, 50],
          [60, 70],
        ],
        answer: "The sum of 10 and 20 is 30.\nThe sum of 40 and 50 is 90.\nThe sum of 60 and 70 is 130.",
      },
    ];
    for (const turn of expected) {
      messages.push({ role: "user", content: turn.ask, timestamp: 0 });
      const first = await collect(streamGoogle(model, { messages, tools }, KEY));
      expect(first.message.stopReason).toBe("toolUse");
      expect(first.types.filter((t) => t === "toolcall_end")).toHaveLength(3);
      const calls = first.message.content.filter((b): b is ToolCall => b.type === "toolCall");
      expect(calls.map((c) => [c.name, c.arguments])).toEqual(turn.pairs.map(([a, b]) => ["sum", { a, b }]));
      expect(calls[0]?.thoughtSignature).toMatch(/^C/);
      expect(calls.slice(1).map((c) => c.thoughtSignature)).toEqual([undefined, undefined]);
      expect(new Set(calls.map((c) => c.id)).size).toBe(3);
      messages.push(first.message);
      for (const [index, call] of calls.entries()) {
        const [a = 0, b = 0] = turn.pairs[index] ?? [];
        messages.push({
          role: "toolResult",
          toolCallId: call.id,
          toolName: "sum",
          content: [{ type: "text", text: String(a + b) }],
          isError: false,
          timestamp: 0,
        });
      }
      const second = await collect(streamGoogle(model, { messages, tools }, KEY));
      expect(second.text).toBe(turn.answer);
      expect(second.message.stopReason).toBe("stop");
      messages.push(second.message as AssistantMessage);
    }
    // The second request of each turn sends back the calls (first one signed) and 3 responses in one user turn.
    const sent = server.requests[1]?.json<{
      contents: { role: string; parts: Record<string, unknown>[] }[];
    }>();
    expect(sent?.contents.map((c) => c.role)).toEqual(["user", "model", "user"]);
    expect(sent?.contents[1]?.parts.map((p) => Object.keys(p).sort())).toEqual([
      ["functionCall", "thoughtSignature"],
      ["functionCall"],
      ["functionCall"],
    ]);
    expect(sent?.contents[2]?.parts).toEqual(
      [5, 9, 13].map((n) => ({ functionResponse: { name: "sum", response: { output: String(n) } } })),
    );
  });
});
