/** Maps `chat.history` messages (the gateway's transcript shape) onto chat items. */
import { resultText } from "./format.js";
import type { ChatItem, ToolItem } from "./types.js";

interface WireMessage {
  role: string;
  content: unknown;
}

function blocks(content: unknown): Record<string, unknown>[] {
  if (typeof content === "string") return [{ type: "text", text: content }];
  if (!Array.isArray(content)) return [];
  return content.filter((b): b is Record<string, unknown> => typeof b === "object" && b !== null);
}

function textOf(content: unknown): string {
  return blocks(content)
    .filter((b) => b.type === "text")
    .map((b) => String(b.text ?? ""))
    .join("");
}

/**
 * @example
 * itemsFromHistory([{ role: "user", content: "hi" }, { role: "assistant", content: [{ type: "text", text: "hello" }] }]);
 */
export function itemsFromHistory(messages: readonly WireMessage[]): ChatItem[] {
  const items: ChatItem[] = [];
  const cards = new Map<string, number>();
  let n = 0;
  const id = () => `h${++n}`;
  for (const message of messages) {
    if (message.role === "user") {
      items.push({ kind: "user", id: id(), text: textOf(message.content) });
    } else if (message.role === "assistant") {
      const parts = blocks(message.content);
      const thinking = parts
        .filter((b) => b.type === "thinking")
        .map((b) => String(b.thinking ?? ""))
        .join("");
      const text = textOf(parts);
      if (text || thinking) items.push({ kind: "assistant", id: id(), text, thinking, streaming: false });
      for (const call of parts.filter((b) => b.type === "toolCall")) {
        const toolCallId = String(call.id ?? "");
        cards.set(toolCallId, items.length);
        const args =
          typeof call.arguments === "object" && call.arguments
            ? (call.arguments as Record<string, unknown>)
            : {};
        items.push({
          kind: "tool",
          id: id(),
          toolCallId,
          name: String(call.name ?? "tool"),
          args,
          status: "ok",
        });
      }
    } else if (message.role === "toolResult" && typeof message.content === "object" && message.content) {
      const result = message.content as { toolCallId?: string; isError?: boolean; content?: unknown };
      const index = cards.get(String(result.toolCallId ?? ""));
      const card = index === undefined ? undefined : (items[index] as ToolItem);
      if (card && index !== undefined)
        items[index] = {
          ...card,
          status: result.isError ? "error" : "ok",
          result: resultText(result.content),
        };
    }
  }
  return items;
}
