import { describe, expect, it } from "vitest";
import type { AssistantMessage } from "../types.js";
import { createAssistantEventStream } from "./event-stream.js";

const message: AssistantMessage = {
  role: "assistant",
  content: [{ type: "text", text: "hi" }],
  api: "faux",
  provider: "faux",
  model: "m",
  usage: {
    input: 0,
    output: 0,
    cacheRead: 0,
    cacheWrite: 0,
    totalTokens: 0,
    cost: { input: 0, output: 0, cacheRead: 0, cacheWrite: 0, total: 0 },
  },
  stopReason: "stop",
  timestamp: 0,
};

describe("createAssistantEventStream", () => {
  it("delivers queued and awaited events in order and ends on done", async () => {
    const stream = createAssistantEventStream();
    stream.push({ type: "start", partial: message });
    const seen: string[] = [];
    const reading = (async () => {
      for await (const event of stream) seen.push(event.type);
    })();
    await Promise.resolve();
    stream.push({ type: "text_delta", contentIndex: 0, delta: "hi", partial: message });
    stream.push({ type: "done", reason: "stop", message });
    stream.push({ type: "text_delta", contentIndex: 0, delta: "late", partial: message });
    await reading;
    expect(seen).toEqual(["start", "text_delta", "done"]);
    await expect(stream.result()).resolves.toBe(message);
  });

  it("resolves result() without being iterated", async () => {
    const stream = createAssistantEventStream();
    const failed = { ...message, stopReason: "error" as const };
    stream.push({
      type: "error",
      reason: "error",
      error: { message: "x", reason: "unknown" },
      message: failed,
    });
    await expect(stream.result()).resolves.toBe(failed);
  });
});
