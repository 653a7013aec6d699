import { describe, expect, it } from "vitest";
import type { AssistantEvent, Model } from "../types.js";
import { createAssistantEventStream } from "./event-stream.js";
import { MessageBuilder } from "./message-builder.js";

const model: Model = {
  id: "m",
  provider: "p",
  api: "faux",
  contextWindow: 1000,
  maxTokens: 100,
  input: ["text"],
  reasoning: false,
  cost: { input: 3, output: 15, cacheRead: 0.3, cacheWrite: 3.75 },
};

async function collect(run: (b: MessageBuilder) => void): Promise<AssistantEvent[]> {
  const stream = createAssistantEventStream();
  const b = new MessageBuilder(model, stream);
  run(b);
  const events: AssistantEvent[] = [];
  for await (const e of stream) events.push(e);
  return events;
}

describe("MessageBuilder", () => {
  it("opens, fills and closes blocks with stable content indexes", async () => {
    const events = await collect((b) => {
      b.appendThinking("hmm");
      b.setThinkingSignature("sig");
      b.appendText("Hel");
      b.appendText("lo");
      b.startToolCall(7, { id: "call_1", name: "get_weather" });
      b.appendToolArguments(7, '{"city":"Pa');
      b.appendToolArguments(7, 'ris"}');
      b.setUsage({ input: 1_000_000, output: 1000 });
      b.finish("toolUse");
    });
    expect(events.map((e) => e.type)).toEqual([
      "start",
      "thinking_start",
      "thinking_delta",
      "text_start",
      "text_delta",
      "text_delta",
      "toolcall_start",
      "toolcall_delta",
      "toolcall_delta",
      "thinking_end",
      "text_end",
      "toolcall_end",
      "done",
    ]);
    const done = events.at(-1);
    if (done?.type !== "done") throw new Error("expected done");
    expect(done.message.content).toEqual([
      { type: "thinking", thinking: "hmm", thinkingSignature: "sig" },
      { type: "text", text: "Hello" },
      { type: "toolCall", id: "call_1", name: "get_weather", arguments: { city: "Paris" } },
    ]);
    expect(done.message.usage.cost.input).toBeCloseTo(3);
    expect(done.message.usage.cost.total).toBeCloseTo(3.015);
    const start = events.find((e) => e.type === "toolcall_start");
    expect(start && "contentIndex" in start ? start.contentIndex : -1).toBe(2);
  });

  it("parses tool arguments incrementally", async () => {
    const seen: unknown[] = [];
    await collect((b) => {
      b.stream[Symbol.asyncIterator]();
      b.startToolCall(0, { id: "c", name: "n" });
      for (const piece of ['{"q": "al', "pha", '", "n": 1', "}"]) {
        b.appendToolArguments(0, piece);
        const block = b.message.content[0];
        seen.push(block?.type === "toolCall" ? { ...block.arguments } : undefined);
      }
      b.finish("toolUse");
    });
    expect(seen).toEqual([{ q: "al" }, { q: "alpha" }, { q: "alpha", n: 1 }, { q: "alpha", n: 1 }]);
  });

  it("fails once, marks aborted, and ignores later calls", async () => {
    const events = await collect((b) => {
      b.appendText("partial");
      b.fail({ message: "stop", reason: "aborted" });
      b.appendText("ignored");
      b.finish("stop");
    });
    const last = events.at(-1);
    expect(last?.type).toBe("error");
    if (last?.type !== "error") return;
    expect(last.reason).toBe("aborted");
    expect(last.message.stopReason).toBe("aborted");
    expect(last.message.content).toEqual([{ type: "text", text: "partial" }]);
  });
});

describe("MessageBuilder: large tool arguments", () => {
  it("stays linear for a 200 KB argument streamed in 10-byte pieces, and ends exact", async () => {
    const content = "x".repeat(200_000);
    const json = JSON.stringify({ path: "big.txt", content });
    const events = await collect((b) => {
      b.startToolCall(0, { id: "c", name: "write" });
      for (let i = 0; i < json.length; i += 10) b.appendToolArguments(0, json.slice(i, i + 10));
      b.finish("toolUse");
    });
    const end = events.find((e) => e.type === "toolcall_end");
    expect(end?.type === "toolcall_end" && end.toolCall.arguments).toEqual({ path: "big.txt", content });
  });
});
