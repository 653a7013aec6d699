import { describe, expect, it } from "vitest";
import { runAdapter } from "../stream/run-adapter.js";
import type { Model } from "../types.js";
import { BUILTIN_APIS, registerBuiltinApis } from "./builtins.js";
import { complete, stream } from "./entry.js";
import { getApi, listApis, registerApi, unregisterApi } from "./registry.js";

const model = (api: string): Model => ({
  id: "m",
  provider: "p",
  api,
  contextWindow: 10,
  maxTokens: 5,
  input: ["text"],
  reasoning: false,
  cost: { input: 0, output: 0, cacheRead: 0, cacheWrite: 0 },
});
const context = { messages: [] };

describe("registry", () => {
  it("registers all five built-in APIs lazily, without replacing an embedder's adapter", async () => {
    const mine = () =>
      runAdapter(model("anthropic-messages"), {}, [], async ({ builder }) => builder.finish("stop"));
    registerApi("anthropic-messages", mine);
    await complete(model("faux-none"), context);
    expect(getApi("anthropic-messages")).toBe(mine);
    for (const api of ["openai-completions", "openai-responses", "google-generative-ai", "ollama-chat"]) {
      expect(listApis()).toContain(api);
    }
    registerBuiltinApis({ replace: true });
    expect(getApi("anthropic-messages")).toBe(BUILTIN_APIS["anthropic-messages"]);
  });

  it("an unknown API ends in an error event, not a throw", async () => {
    const reply = await complete(model("nope"), context);
    expect(reply.stopReason).toBe("error");
    expect(reply.error?.message).toMatch(/no adapter is registered for api "nope"/);
  });

  it("an adapter that throws synchronously still yields an error event", async () => {
    registerApi("throws", () => {
      throw new Error("kaboom");
    });
    const s = stream(model("throws"), context);
    const types: string[] = [];
    for await (const e of s) types.push(e.type);
    expect(types).toEqual(["start", "error"]);
    expect((await s.result()).error?.message).toMatch(/kaboom/);
    expect(unregisterApi("throws")).toBe(true);
  });

  it("custom APIs stream through runAdapter", async () => {
    registerApi("echo", (m, ctx, options) =>
      runAdapter(m, options, [], async ({ builder }) => {
        builder.appendText(`${ctx.messages.length} messages`);
        builder.finish("stop");
      }),
    );
    expect((await complete(model("echo"), context)).content).toEqual([{ type: "text", text: "0 messages" }]);
  });
});
