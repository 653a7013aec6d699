import { describe, expect, it } from "vitest";
import { basicContext, PNG_1X1, testModel } from "../../../test/support/context.js";
import { createAssistantMessage } from "../../stream/message-builder.js";
import type { AssistantMessage, Message } from "../../types.js";
import { toAnthropicParams } from "./convert.js";
import { ANTHROPIC_THINKING_BUDGETS, anthropicThinking } from "./thinking.js";

const claude = testModel("anthropic-messages", "anthropic", "http://x", { id: "claude-sonnet-4-5" });

function turn(
  from: { api: string; provider: string; id: string },
  content: AssistantMessage["content"],
): AssistantMessage {
  return { ...createAssistantMessage(from), content, stopReason: "toolUse" };
}

describe("toAnthropicParams", () => {
  it("hands over a GPT turn: reasoning as text, ids fixed, parallel results in one user message", () => {
    const gpt = { api: "openai-responses", provider: "openai", id: "gpt-5" };
    const messages: Message[] = [
      { role: "user", content: "go", timestamp: 1 },
      turn(gpt, [
        { type: "thinking", thinking: "think", thinkingSignature: '{"type":"reasoning"}' },
        { type: "toolCall", id: "call_a|fc_1", name: "read", arguments: { p: "a" } },
        { type: "toolCall", id: "call_b|fc_2", name: "read", arguments: { p: "b" } },
      ]),
      {
        role: "toolResult",
        toolCallId: "call_a|fc_1",
        toolName: "read",
        content: [{ type: "text", text: "A" }],
        isError: false,
        timestamp: 3,
      },
      {
        role: "toolResult",
        toolCallId: "call_b|fc_2",
        toolName: "read",
        content: [{ type: "image", data: PNG_1X1, mimeType: "image/png" }],
        isError: true,
        timestamp: 4,
      },
    ];
    const params = toAnthropicParams(claude, basicContext({ messages }), {});
    expect(params.messages).toHaveLength(3);
    expect(params.messages[1]).toEqual({
      role: "assistant",
      content: [
        { type: "text", text: "think" },
        { type: "tool_use", id: "call_a_fc_1", name: "read", input: { p: "a" } },
        { type: "tool_use", id: "call_b_fc_2", name: "read", input: { p: "b" } },
      ],
    });
    const results = params.messages[2]?.content;
    expect(Array.isArray(results) && results.map((r) => r.type)).toEqual(["tool_result", "tool_result"]);
    expect(JSON.stringify(results)).toContain('"tool_use_id":"call_b_fc_2"');
    expect(JSON.stringify(results)).toContain('"is_error":true');
    expect(JSON.stringify(results)).toContain('"cache_control":{"type":"ephemeral"}');
  });

  it("sends its own signed and redacted thinking back unchanged", () => {
    const own = turn(claude, [
      { type: "thinking", thinking: "t", thinkingSignature: "sig" },
      { type: "thinking", thinking: "", thinkingSignature: "opaque", redacted: true },
      { type: "text", text: "answer" },
    ]);
    const params = toAnthropicParams(
      claude,
      basicContext({ messages: [{ role: "user", content: "q", timestamp: 0 }, own] }),
      {},
    );
    expect(params.messages[1]?.content).toEqual([
      { type: "thinking", thinking: "t", signature: "sig" },
      { type: "redacted_thinking", data: "opaque" },
      { type: "text", text: "answer" },
    ]);
  });

  it("maps thinking levels to budgets below max_tokens and drops temperature while thinking", () => {
    const params = toAnthropicParams(claude, basicContext(), {
      thinking: "high",
      maxTokens: 8000,
      temperature: 0.5,
    });
    expect(params.thinking).toEqual({ type: "enabled", budget_tokens: 6976 });
    expect(params.max_tokens).toBe(8000);
    expect(params.temperature).toBeUndefined();
    const off = toAnthropicParams(claude, basicContext(), { thinking: "off", temperature: 0.5 });
    expect(off.thinking).toBeUndefined();
    expect(off.temperature).toBe(0.5);
    expect(
      toAnthropicParams({ ...claude, reasoning: false }, basicContext(), { thinking: "high" }).thinking,
    ).toBeUndefined();
  });

  it("budgets grow with the level", () => {
    const levels = ["minimal", "low", "medium", "high"] as const;
    const budgets = levels.map((l) => anthropicThinking(l, 64_000)?.thinking.budget_tokens ?? 0);
    expect(budgets).toEqual(levels.map((l) => ANTHROPIC_THINKING_BUDGETS[l]));
    expect([...budgets].sort((a, b) => a - b)).toEqual(budgets);
    expect(anthropicThinking("high", 2000)).toEqual({
      thinking: { type: "enabled", budget_tokens: 1024 },
      maxTokens: 2048,
    });
  });
});
