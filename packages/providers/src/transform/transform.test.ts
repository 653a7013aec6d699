import { Type } from "typebox";
import { describe, expect, it } from "vitest";
import { toOpenAIParameters } from "../adapters/shared/openai-schema.js";
import { createAssistantMessage } from "../stream/message-builder.js";
import type { AssistantMessage, Message, Model } from "../types.js";
import { normalizeToolCallId, TOOL_CALL_ID_RULES } from "./tool-call-id.js";
import { transformMessages } from "./transform-messages.js";

const model = (api: string, provider: string, id: string): Model => ({
  id,
  provider,
  api,
  contextWindow: 1000,
  maxTokens: 100,
  input: ["text"],
  reasoning: true,
  cost: { input: 0, output: 0, cacheRead: 0, cacheWrite: 0 },
});
const gemini = model("google-generative-ai", "google", "gemini-2.5-pro");
const claude = model("anthropic-messages", "anthropic", "claude-sonnet-4-5");
const gpt = model("openai-completions", "openai", "gpt-4o");

function assistant(
  from: Model,
  content: AssistantMessage["content"],
  stopReason: AssistantMessage["stopReason"] = "toolUse",
): AssistantMessage {
  return { ...createAssistantMessage(from), content, stopReason };
}

const longId = "toolu_01ABCDEFGHIJKLMNOPQRSTUVWXYZ|fc_0123456789abcdef0123456789";

describe("transformMessages", () => {
  const history: Message[] = [
    { role: "user", content: "go", timestamp: 1 },
    assistant(claude, [
      { type: "thinking", thinking: "plan it", thinkingSignature: "sig" },
      { type: "toolCall", id: longId, name: "read", arguments: { p: 1 } },
    ]),
    {
      role: "toolResult",
      toolCallId: longId,
      toolName: "read",
      content: [{ type: "text", text: "ok" }],
      isError: false,
      timestamp: 3,
    },
  ];

  it("keeps signed thinking for the same model", () => {
    const out = transformMessages(history, claude);
    expect((out[1] as AssistantMessage).content[0]).toEqual({
      type: "thinking",
      thinking: "plan it",
      thinkingSignature: "sig",
    });
  });

  it("turns foreign thinking into text and rewrites ids consistently", () => {
    const out = transformMessages(history, gpt);
    const turn = out[1] as AssistantMessage;
    expect(turn.content[0]).toEqual({ type: "text", text: "plan it" });
    const call = turn.content[1];
    const id = call?.type === "toolCall" ? call.id : "";
    expect(id.length).toBeLessThanOrEqual(40);
    expect(id).toMatch(/^[a-zA-Z0-9_-]+$/);
    expect(out[2]).toMatchObject({ role: "toolResult", toolCallId: id });
  });

  it("drops Gemini thought signatures when handing over", () => {
    const turn = assistant(gemini, [
      { type: "toolCall", id: "c1", name: "x", arguments: {}, thoughtSignature: "ts" },
    ]);
    const out = transformMessages(
      [
        turn,
        { role: "toolResult", toolCallId: "c1", toolName: "x", content: [], isError: false, timestamp: 2 },
      ],
      claude,
    );
    expect((out[0] as AssistantMessage).content[0]).not.toHaveProperty("thoughtSignature");
  });

  it("skips failed turns and answers tool calls that never got a result", () => {
    const failed = assistant(gpt, [{ type: "text", text: "half" }], "error");
    const orphan = assistant(gpt, [{ type: "toolCall", id: "call_9", name: "x", arguments: {} }]);
    const out = transformMessages([failed, orphan, { role: "user", content: "next", timestamp: 9 }], gpt);
    expect(out.map((m) => m.role)).toEqual(["assistant", "toolResult", "user"]);
    expect(out[1]).toMatchObject({ toolCallId: "call_9", isError: true });
  });
});

describe("normalizeToolCallId", () => {
  it("is deterministic and keeps distinct long ids distinct", () => {
    const rule = TOOL_CALL_ID_RULES["openai-completions"];
    const a = normalizeToolCallId(`${"x".repeat(60)}a`, rule);
    const b = normalizeToolCallId(`${"x".repeat(60)}b`, rule);
    expect(a).not.toBe(b);
    expect(normalizeToolCallId(`${"x".repeat(60)}a`, rule)).toBe(a);
    expect(normalizeToolCallId("call_1", undefined)).toBe("call_1");
  });
});

describe("toOpenAIParameters", () => {
  it("flattens a root union into one object", () => {
    const schema = Type.Union([
      Type.Object({ kind: Type.Literal("a"), x: Type.Number() }),
      Type.Object({ kind: Type.Literal("b"), y: Type.String() }),
    ]);
    const out = toOpenAIParameters(schema);
    expect(out.type).toBe("object");
    expect(out.anyOf).toBeUndefined();
    expect(Object.keys(out.properties as object)).toEqual(["kind", "x", "y"]);
    expect(out.required).toEqual(["kind"]);
    expect((out.properties as Record<string, unknown>).kind).toEqual({
      anyOf: [
        { type: "string", const: "a" },
        { type: "string", const: "b" },
      ],
    });
  });

  it("gives empty and non-object roots an object shape, leaving nested unions alone", () => {
    expect(toOpenAIParameters(Type.Object({}))).toEqual({ type: "object", properties: {} });
    const nested = toOpenAIParameters(Type.Object({ v: Type.Union([Type.String(), Type.Number()]) }));
    expect(JSON.stringify(nested)).toContain("anyOf");
  });
});
