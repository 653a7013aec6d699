import type { AssistantMessage, Message, ToolResultMessage, UserMessage } from "@claw/providers";
import { charsPerTokenEstimator, createTokenEstimator } from "../src/index.js";

/** Message builders and an exact-token estimator for table-driven tests. */
const sizes = new WeakMap<Message, number>();

/** Estimator that returns the size a builder assigned, else chars/4. */
export const sized = createTokenEstimator({
  name: "fixed",
  countText: (t) => Math.ceil(t.length / 4),
  imageTokens: 2000,
  countMessage: (m) => sizes.get(m) ?? charsPerTokenEstimator.message(m),
});

function withSize<T extends Message>(message: T, tokens?: number): T {
  if (tokens !== undefined) sizes.set(message, tokens);
  return message;
}

const zeroUsage = {
  input: 0,
  output: 0,
  cacheRead: 0,
  cacheWrite: 0,
  totalTokens: 0,
  cost: { input: 0, output: 0, cacheRead: 0, cacheWrite: 0, total: 0 },
};

export function user(text: string, tokens?: number, timestamp = 1): UserMessage {
  return withSize({ role: "user", content: text, timestamp }, tokens);
}

export function assistant(
  text: string,
  options: { tokens?: number; calls?: { id: string; name?: string }[]; usageTotal?: number } = {},
): AssistantMessage {
  const content: AssistantMessage["content"] = [{ type: "text", text }];
  for (const call of options.calls ?? [])
    content.push({ type: "toolCall", id: call.id, name: call.name ?? "read", arguments: {} });
  return withSize(
    {
      role: "assistant",
      content,
      api: "faux",
      provider: "faux",
      model: "faux-1",
      usage: { ...zeroUsage, totalTokens: options.usageTotal ?? 0 },
      stopReason: options.calls?.length ? "toolUse" : "stop",
      timestamp: 1,
    },
    options.tokens,
  );
}

export function result(
  id: string,
  text: string,
  options: { tokens?: number; name?: string; image?: boolean; details?: unknown } = {},
): ToolResultMessage {
  const content: ToolResultMessage["content"] = [{ type: "text", text }];
  if (options.image) content.push({ type: "image", data: "AAAA", mimeType: "image/png" });
  return withSize(
    {
      role: "toolResult",
      toolCallId: id,
      toolName: options.name ?? "read",
      content,
      isError: false,
      details: options.details,
      timestamp: 1,
    },
    options.tokens,
  );
}

/** A short label for assertions: user/assistant text, or `R:<id>` for results. */
export function label(message: Message): string {
  if (message.role === "toolResult") return `R:${message.toolCallId}${message.isError ? "!" : ""}`;
  if (typeof message.content === "string") return message.content;
  const first = message.content[0];
  return first?.type === "text" ? first.text : "?";
}

/** Deterministic PRNG (mulberry32) for generated histories. */
export function rng(seed: number): () => number {
  let a = seed >>> 0;
  return () => {
    a = (a + 0x6d2b79f5) >>> 0;
    let t = a;
    t = Math.imul(t ^ (t >>> 15), t | 1);
    t ^= t + Math.imul(t ^ (t >>> 7), t | 61);
    return ((t ^ (t >>> 14)) >>> 0) / 4294967296;
  };
}

/** A mixed history: user turns, assistants with 0–3 parallel tool calls and their results. */
export function generateHistory(count: number, seed = 1): Message[] {
  const next = rng(seed);
  const out: Message[] = [];
  let call = 0;
  while (out.length < count) {
    out.push(user(`u${out.length}`, 20 + Math.floor(next() * 200)));
    const calls = Math.floor(next() * 4);
    const ids = Array.from({ length: calls }, () => ({ id: `c${call++}` }));
    out.push(assistant(`a${out.length}`, { tokens: 50 + Math.floor(next() * 300), calls: ids }));
    for (const { id } of ids) out.push(result(id, "ok", { tokens: 100 + Math.floor(next() * 4000) }));
  }
  return out.slice(0, count);
}
