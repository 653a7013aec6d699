import { describe, expect, it } from "vitest";
import { complete, stream } from "../registry/entry.js";
import type { AssistantEvent, Context } from "../types.js";
import { createFauxProvider } from "./faux-provider.js";

const ask = (text: string): Context => ({ messages: [{ role: "user", content: text, timestamp: 0 }] });

describe("createFauxProvider (test double)", () => {
  it("plays text, thinking and tool calls through the normal stream() entry", async () => {
    const faux = createFauxProvider([
      { thinking: "hmm", text: "Reading.", toolCalls: [{ name: "read", arguments: { path: "a.txt" } }] },
      "Done.",
    ]);
    const s = stream(faux.model, ask("go"));
    const types: string[] = [];
    for await (const e of s) types.push(e.type);
    const first = await s.result();
    expect(types[0]).toBe("start");
    expect(types).toContain("thinking_delta");
    expect(types).toContain("toolcall_delta");
    expect(types.at(-1)).toBe("done");
    expect(first.stopReason).toBe("toolUse");
    expect(first.content.map((b) => b.type)).toEqual(["thinking", "text", "toolCall"]);
    expect(first.content[2]).toMatchObject({
      name: "read",
      arguments: { path: "a.txt" },
      id: "faux_call_1_1",
    });
    const second = await complete(faux.model, ask("next"));
    expect(second.content).toEqual([{ type: "text", text: "Done." }]);
    expect(faux.contexts.map((c) => c.messages[0]?.content)).toEqual(["go", "next"]);
    expect(faux.remaining).toBe(0);
  });

  it("scripts errors with reason, status and retry-after, after partial output", async () => {
    const faux = createFauxProvider(
      [{ text: "part", error: { reason: "rate_limit", status: 429, retryAfterMs: 1000 } }],
      {
        provider: "faux-errors",
      },
    );
    const reply = await complete(faux.model, ask("x"));
    expect(reply.stopReason).toBe("error");
    expect(reply.error).toEqual({
      reason: "rate_limit",
      status: 429,
      retryAfterMs: 1000,
      message: "faux: scripted rate_limit error",
    });
    expect(reply.content).toEqual([{ type: "text", text: "part" }]);
  });

  it("chunks per character and honours AbortSignal mid-stream", async () => {
    const faux = createFauxProvider([{ text: "abcdefghij", chunkSize: 1, chunkDelayMs: 1 }], {
      provider: "faux-abort",
    });
    const controller = new AbortController();
    const s = faux.stream(faux.model, ask("x"), { signal: controller.signal });
    const deltas: string[] = [];
    for await (const e of s) {
      if (e.type === "text_delta") {
        deltas.push(e.delta);
        if (deltas.length === 3) controller.abort();
      }
    }
    const reply = await s.result();
    expect(reply.stopReason).toBe("aborted");
    expect(deltas).toEqual(["a", "b", "c"]);
  });

  it("hangs until aborted, or times out", async () => {
    const faux = createFauxProvider([{ hang: true }, { hang: true }], { provider: "faux-hang" });
    const controller = new AbortController();
    const s = faux.stream(faux.model, ask("x"), { signal: controller.signal });
    const seen: AssistantEvent[] = [];
    for await (const e of s) {
      seen.push(e);
      if (e.type === "start") controller.abort();
    }
    expect((await s.result()).stopReason).toBe("aborted");
    const timedOut = await faux.stream(faux.model, ask("x"), { timeoutMs: 20 }).result();
    expect(timedOut.error?.reason).toBe("timeout");
  });

  it("computes replies from the call, reports usage, and errors when the script runs out", async () => {
    const faux = createFauxProvider([(call) => `echo ${String(call.context.messages[0]?.content)}`], {
      provider: "faux-fn",
      cost: { input: 1, output: 2, cacheRead: 0, cacheWrite: 0 },
    });
    const reply = await complete(faux.model, ask("ping"));
    expect(reply.content).toEqual([{ type: "text", text: "echo ping" }]);
    expect(reply.usage.input).toBeGreaterThan(0);
    expect(reply.usage.cost.total).toBeGreaterThan(0);
    const exhausted = await complete(faux.model, ask("again"));
    expect(exhausted.stopReason).toBe("error");
    expect(exhausted.error?.message).toMatch(/script exhausted at call 2/);
  });

  it("repeats the last step on request, and serves extra model ids", async () => {
    const faux = createFauxProvider(["same"], { provider: "faux-repeat", whenExhausted: "repeat-last" });
    const other = faux.modelFor("faux-2", { contextWindow: 10 });
    expect((await complete(faux.model, ask("1"))).content).toEqual([{ type: "text", text: "same" }]);
    const second = await complete(other, ask("2"));
    expect(second.model).toBe("faux-2");
    expect(second.content).toEqual([{ type: "text", text: "same" }]);
    faux.push({ text: "pushed", stopReason: "length" });
    expect((await complete(faux.model, ask("3"))).stopReason).toBe("length");
  });

  it("keeps no calls when recordCalls is off (long runs stay bounded), still numbering them", async () => {
    const faux = createFauxProvider([(call) => `seen ${call.context.messages.length}`], {
      provider: "faux-unrecorded",
      recordCalls: false,
    });
    expect((await complete(faux.model, ask("1"))).content).toEqual([{ type: "text", text: "seen 1" }]);
    expect(faux.calls).toEqual([]);
    const exhausted = await complete(faux.model, ask("2"));
    expect(exhausted.error?.message).toMatch(/script exhausted at call 2/);
  });

  it("keeps a snapshot of each context even if the caller mutates it later", async () => {
    const faux = createFauxProvider(["a"], { provider: "faux-snap" });
    const context = ask("first");
    await complete(faux.model, context);
    context.messages.push({ role: "user", content: "later", timestamp: 1 });
    expect(faux.contexts[0]?.messages).toHaveLength(1);
  });
});
