import { describe, expect, it } from "vitest";
import type { Model } from "../types.js";
import { runAdapter } from "./run-adapter.js";

const model: Model = {
  id: "m",
  provider: "p",
  api: "test",
  contextWindow: 100,
  maxTokens: 10,
  input: ["text"],
  reasoning: false,
  cost: { input: 0, output: 0, cacheRead: 0, cacheWrite: 0 },
};

describe("runAdapter", () => {
  it("does not start the body when the signal is already aborted", async () => {
    let ran = false;
    const controller = new AbortController();
    controller.abort();
    const reply = await runAdapter(model, { signal: controller.signal }, [], async () => {
      ran = true;
    }).result();
    expect(ran).toBe(false);
    expect(reply.stopReason).toBe("aborted");
    expect(reply.error).toMatchObject({ reason: "aborted", code: "ABORT_ERR" });
  });

  it("reports a body that returns without finishing as an incomplete stream", async () => {
    const reply = await runAdapter(model, {}, [], async ({ builder }) => builder.appendText("half")).result();
    expect(reply.error).toMatchObject({ reason: "timeout", code: "STREAM_INCOMPLETE" });
    expect(reply.content).toEqual([{ type: "text", text: "half" }]);
  });

  it("classifies thrown non-errors with the given rules", async () => {
    const rules = [{ reason: "billing" as const, message: /broke/, note: "" }];
    const reply = await runAdapter(model, {}, rules, async () => {
      throw "we are broke";
    }).result();
    expect(reply.error).toEqual({ message: "we are broke", reason: "billing" });
  });

  it("times out the whole request, including a stream that stalls", async () => {
    const s = runAdapter(model, { timeoutMs: 20 }, [], async ({ builder, signal }) => {
      builder.appendText("started");
      await new Promise((_, reject) => signal.addEventListener("abort", () => reject(signal.reason)));
    });
    const types: string[] = [];
    for await (const e of s) types.push(e.type);
    expect(types).toEqual(["start", "text_start", "text_delta", "text_end", "error"]);
    expect((await s.result()).error).toMatchObject({ reason: "timeout", code: "ETIMEDOUT" });
  });

  it("ignores anything after finish", async () => {
    const reply = await runAdapter(model, {}, [], async ({ builder }) => {
      builder.finish("stop");
      throw new Error("late");
    }).result();
    expect(reply.stopReason).toBe("stop");
  });
});
