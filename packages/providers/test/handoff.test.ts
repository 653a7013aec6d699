/**
 * Switching provider mid-session: a real Anthropic turn (recorded thinking + tool use) continues
 * on OpenAI Chat Completions and on the Responses API, through the public `stream()` entry.
 */
import { afterEach, describe, expect, it } from "vitest";
import { complete, createFauxProvider } from "../src/index.js";
import type { Context, Model } from "../src/types.js";
import { type FakeServer, fixture, replaySse, startFakeServer } from "./fake-server/index.js";
import { basicContext, testModel } from "./support/context.js";

const servers: FakeServer[] = [];
afterEach(async () => {
  await Promise.all(servers.splice(0).map((s) => s.close()));
});

async function serve(path: string, file: string, options: Parameters<typeof replaySse>[1]): Promise<string> {
  const server = await startFakeServer({ [`POST ${path}`]: replaySse(fixture(file), options) });
  servers.push(server);
  return server.url;
}

describe("cross-provider handoff", () => {
  it("anthropic tool turn → openai-completions → openai-responses", async () => {
    const claudeUrl = await serve("/v1/messages", "anthropic-messages/tool-use-stream.sse", {
      appendBlank: true,
    });
    const claude: Model = testModel("anthropic-messages", "anthropic", claudeUrl, {
      id: "claude-sonnet-4-5",
    });
    const context: Context = basicContext();
    const first = await complete(claude, context, { apiKey: "a" });
    expect(first.stopReason).toBe("toolUse");
    const call = first.content.find((b) => b.type === "toolCall");
    if (call?.type !== "toolCall") throw new Error("expected a tool call");
    context.messages.push(first, {
      role: "toolResult",
      toolCallId: call.id,
      toolName: call.name,
      content: [{ type: "text", text: "18°C, clear" }],
      isError: false,
      timestamp: 5,
    });

    const chatUrl = await serve(
      "/v1/chat/completions",
      "openai-completions/parallel-tool-calls-stream.sse",
      {},
    );
    const gpt = testModel("openai-completions", "openai", `${chatUrl}/v1`, {
      id: "gpt-4o",
      reasoning: false,
    });
    const second = await complete(gpt, context, { apiKey: "o" });
    expect(second.stopReason).toBe("toolUse");
    const chatBody = servers[1]?.requests[0]?.json<{ messages: Record<string, unknown>[] }>();
    expect(chatBody?.messages.map((m) => m.role)).toEqual(["system", "user", "assistant", "tool"]);
    expect(chatBody?.messages[2]).toMatchObject({
      tool_calls: [{ id: call.id, function: { name: "get_weather" } }],
    });
    expect(chatBody?.messages[3]).toMatchObject({ tool_call_id: call.id, content: "18°C, clear" });

    const respUrl = await serve("/v1/responses", "openai-responses/text-stream.chunks.txt", {
      eventLines: true,
    });
    const gpt5 = testModel("openai-responses", "openai", `${respUrl}/v1`, { id: "gpt-5" });
    const third = await complete(gpt5, { ...context, messages: [...context.messages] }, { apiKey: "o" });
    expect(third.stopReason).toBe("stop");
    const input = servers[2]?.requests[0]?.json<{ input: Record<string, unknown>[] }>().input ?? [];
    expect(input.filter((i) => i.type === "function_call").map((i) => i.call_id)).toEqual([call.id]);
    expect(input.some((i) => i.type === "function_call_output" && i.call_id === call.id)).toBe(true);
  });

  it("a faux turn with thinking continues on a real adapter as plain text", async () => {
    const faux = createFauxProvider([{ thinking: "secret plan", text: "Hi!" }], { provider: "faux-handoff" });
    const context: Context = { messages: [{ role: "user", content: "hello", timestamp: 0 }] };
    context.messages.push(await complete(faux.model, context), {
      role: "user",
      content: "and?",
      timestamp: 2,
    });
    const url = await serve("/v1/messages", "anthropic-messages/text-stream.chunks.txt", {
      eventLines: true,
    });
    const reply = await complete(testModel("anthropic-messages", "anthropic", url), context, { apiKey: "a" });
    expect(reply.stopReason).toBe("stop");
    const body = servers[0]?.requests[0]?.json<{ messages: { role: string; content: unknown }[] }>();
    expect(body?.messages[1]).toEqual({
      role: "assistant",
      content: [
        { type: "text", text: "secret plan" },
        { type: "text", text: "Hi!" },
      ],
    });
  });
});
