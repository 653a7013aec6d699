/**
 * Transcript messages (`chat.history`) as display items, the same for every chat surface (the
 * terminal UI and the Control UI): user bubbles (with their images), assistant answers with
 * thinking, tool cards filled in by their results, and compaction summaries.
 */

export type ToolStatus = "running" | "ok" | "error";

/** An image a person sent with a message (base64 as the transcript keeps it). */
export interface ImageView {
  mimeType: string;
  data: string;
}

export interface UserItem {
  kind: "user";
  id: string;
  text: string;
  images?: ImageView[];
}

export interface AssistantItem {
  kind: "assistant";
  id: string;
  runId?: string;
  text: string;
  thinking: string;
  streaming: boolean;
}

export interface ToolItem {
  kind: "tool";
  id: string;
  runId?: string;
  toolCallId?: string;
  name: string;
  args: Record<string, unknown>;
  status: ToolStatus;
  durationMs?: number;
  result?: string;
}

/** A compaction summary standing in for the earlier conversation. */
export interface SummaryItem {
  kind: "summary";
  id: string;
  text: string;
}

export type HistoryItem = UserItem | AssistantItem | ToolItem | SummaryItem;

/** A transcript message as `chat.history` sends it. */
export interface HistoryMessage {
  role: string;
  content: unknown;
}

export interface HistoryOptions {
  /**
   * The summary text of a compaction summary message (pass @claw/compaction's
   * `readCompactionSummary` adapted to text), else undefined; without it summaries show as text.
   */
  compactionSummary?: (text: string) => string | undefined;
}

type Block = Record<string, unknown>;

function blocks(content: unknown): Block[] {
  if (typeof content === "string") return [{ type: "text", text: content }];
  if (!Array.isArray(content)) return [];
  return content.filter((b): b is Block => typeof b === "object" && b !== null);
}

function joined(parts: readonly Block[], type: string, field: string): string {
  return parts
    .filter((b) => b.type === type)
    .map((b) => String(b[field] ?? ""))
    .join("");
}

/**
 * The text of message content: a string, or its text blocks joined.
 * @example contentText([{ type: "text", text: "a" }, { type: "image", data: "…" }]) // "a"
 */
export function contentText(content: unknown): string {
  if (typeof content === "string") return content;
  return joined(blocks(content), "text", "text");
}

/** Plain objects only: a tool call's arguments as a card shows them. */
export function argsRecord(value: unknown): Record<string, unknown> {
  return typeof value === "object" && value !== null && !Array.isArray(value)
    ? (value as Record<string, unknown>)
    : {};
}

function imagesOf(parts: readonly Block[]): ImageView[] {
  return parts
    .filter((b) => b.type === "image" && typeof b.data === "string" && typeof b.mimeType === "string")
    .map((b) => ({ mimeType: b.mimeType as string, data: b.data as string }));
}

/**
 * @example
 * itemsFromHistory([{ role: "user", content: "hi" }]); // [{ kind: "user", id: "h1", text: "hi" }]
 */
export function itemsFromHistory(
  messages: readonly HistoryMessage[],
  options: HistoryOptions = {},
): HistoryItem[] {
  const items: HistoryItem[] = [];
  const cards = new Map<string, number>();
  let n = 0;
  const id = () => `h${++n}`;
  for (const message of messages) {
    if (message.role === "user") {
      const parts = blocks(message.content);
      const text = joined(parts, "text", "text");
      const summary = options.compactionSummary?.(text);
      const images = imagesOf(parts);
      items.push(
        summary !== undefined
          ? { kind: "summary", id: id(), text: summary }
          : { kind: "user", id: id(), text, ...(images.length > 0 ? { images } : {}) },
      );
    } else if (message.role === "assistant") {
      const parts = blocks(message.content);
      const text = joined(parts, "text", "text");
      const thinking = joined(parts, "thinking", "thinking");
      if (text || thinking) items.push({ kind: "assistant", id: id(), text, thinking, streaming: false });
      for (const call of parts.filter((b) => b.type === "toolCall")) {
        const toolCallId = String(call.id ?? "");
        cards.set(toolCallId, items.length);
        items.push({
          kind: "tool",
          id: id(),
          toolCallId,
          name: String(call.name ?? "tool"),
          args: argsRecord(call.arguments),
          status: "ok",
        });
      }
    } else if (message.role === "toolResult" && typeof message.content === "object" && message.content) {
      const result = message.content as { toolCallId?: unknown; isError?: unknown; content?: unknown };
      const index = cards.get(String(result.toolCallId ?? ""));
      const card = index === undefined ? undefined : items[index];
      if (card?.kind === "tool" && index !== undefined)
        items[index] = {
          ...card,
          status: result.isError ? "error" : "ok",
          result: contentText(result.content),
        };
    }
  }
  return items;
}
