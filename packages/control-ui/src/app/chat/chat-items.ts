/**
 * What the chat shows, as plain data: transcript messages (`chat.history`) and run events
 * (`agent`, `chat`) folded into a list of items. Pure functions, so every rule has a table test.
 */
import type { AgentEvent, ChatEvent, ChatMessage } from "@claw/client/browser";
import { readCompactionSummary } from "@claw/compaction";

export type ToolStatus = "running" | "ok" | "error";

export type ChatItem =
  | { kind: "user"; id: string; text: string }
  | { kind: "assistant"; id: string; runId?: string; text: string; thinking: string; streaming: boolean }
  | {
      kind: "tool";
      id: string;
      runId?: string;
      toolCallId: string;
      name: string;
      args: unknown;
      result?: string;
      status: ToolStatus;
    }
  | { kind: "summary"; id: string; text: string }
  | { kind: "notice"; id: string; text: string; tone: "info" | "error" };

type Block = Record<string, unknown>;

function blocks(content: unknown): Block[] {
  if (typeof content === "string") return [{ type: "text", text: content }];
  if (!Array.isArray(content)) return [];
  return content.filter((b): b is Block => typeof b === "object" && b !== null);
}

function joined(parts: Block[], type: string, field: string): string {
  return parts
    .filter((b) => b.type === type)
    .map((b) => String(b[field] ?? ""))
    .join("");
}

/** Text of a tool result's content (string, or text blocks). */
export function resultText(content: unknown): string {
  if (typeof content === "string") return content;
  return joined(blocks(content), "text", "text");
}

/**
 * Transcript messages as chat items: compaction summaries get their own item, tool calls become
 * cards that their results fill in.
 *
 * @example
 * itemsFromHistory([{ role: "user", content: "hi" }]); // [{ kind: "user", id: "h1", text: "hi" }]
 */
export function itemsFromHistory(messages: readonly ChatMessage[]): ChatItem[] {
  const items: ChatItem[] = [];
  const cards = new Map<string, number>();
  let n = 0;
  const id = () => `h${++n}`;
  for (const message of messages) {
    if (message.role === "user") {
      const text =
        typeof message.content === "string"
          ? message.content
          : joined(blocks(message.content), "text", "text");
      const summary = readCompactionSummary({ role: "user", content: text, timestamp: 0 });
      items.push(
        summary === undefined
          ? { kind: "user", id: id(), text }
          : { kind: "summary", id: id(), text: summary },
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
          args: call.arguments ?? {},
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
          result: resultText(result.content),
        };
    }
  }
  return items;
}

/** Replaces the last item matching `match` (searching from the end), or returns undefined. */
function updateLast(
  items: ChatItem[],
  match: (item: ChatItem) => boolean,
  update: (item: ChatItem) => ChatItem,
): ChatItem[] | undefined {
  for (let i = items.length - 1; i >= 0; i--) {
    const item = items[i] as ChatItem;
    if (match(item)) {
      const next = items.slice();
      next[i] = update(item);
      return next;
    }
  }
  return undefined;
}

/** The streaming answer of a run, when it is the last item (text after a tool card starts anew). */
function streamingAnswer(items: ChatItem[], runId: string): boolean {
  const last = items.at(-1);
  return last?.kind === "assistant" && last.runId === runId && last.streaming;
}

function appendText(
  items: ChatItem[],
  runId: string,
  field: "text" | "thinking",
  delta: string,
  snapshot?: string,
): ChatItem[] {
  if (!streamingAnswer(items, runId))
    return [
      ...items,
      {
        kind: "assistant",
        id: `${runId}:${items.length}`,
        runId,
        text: "",
        thinking: "",
        streaming: true,
        [field]: snapshot ?? delta,
      },
    ];
  const last = items.at(-1) as Extract<ChatItem, { kind: "assistant" }>;
  const next = items.slice(0, -1);
  next.push({ ...last, [field]: snapshot ?? last[field] + delta });
  return next;
}

/** Folds one `agent` event of a run shown in this chat into the items. */
export function applyAgentEvent(items: ChatItem[], event: AgentEvent): ChatItem[] {
  const { runId } = event;
  switch (event.stream) {
    case "assistant": {
      const data = event.data;
      if (data.kind === "thinking") return appendText(items, runId, "thinking", data.delta);
      if (data.kind === "toolcall") return items;
      return appendText(items, runId, "text", data.delta, data.text);
    }
    case "tool": {
      const data = event.data;
      if (data.phase === "start")
        return [
          ...endStreaming(items, runId),
          {
            kind: "tool",
            id: `${runId}:${data.toolCallId}`,
            runId,
            toolCallId: data.toolCallId,
            name: data.name,
            args: data.args,
            status: "running",
          },
        ];
      const isCard = (item: ChatItem) => item.kind === "tool" && item.toolCallId === data.toolCallId;
      return (
        updateLast(items, isCard, (item) =>
          item.kind !== "tool"
            ? item
            : data.phase === "update"
              ? { ...item, result: data.result }
              : {
                  ...item,
                  status: data.isError ? "error" : "ok",
                  result: data.result ?? (data.skipped ? "(skipped)" : item.result),
                },
        ) ?? items
      );
    }
    case "lifecycle": {
      const data = event.data;
      if (data.phase === "end") return endStreaming(items, runId);
      if (data.phase === "error")
        return [
          ...endStreaming(items, runId),
          {
            kind: "notice",
            id: `${runId}:end`,
            tone: data.status === "aborted" ? "info" : "error",
            text: data.status === "aborted" ? "Stopped." : `Run failed: ${data.error}`,
          },
        ];
      return items;
    }
    case "compaction": {
      const data = event.data;
      if (data.phase === "end" && data.ok && !data.skipped)
        return [
          ...items,
          {
            kind: "notice",
            id: `${runId}:compaction:${items.length}`,
            tone: "info",
            text: "The conversation was compacted.",
          },
        ];
      return items;
    }
    default:
      return items;
  }
}

function endStreaming(items: ChatItem[], runId: string): ChatItem[] {
  return (
    updateLast(
      items,
      (item) => item.kind === "assistant" && item.runId === runId && item.streaming,
      (item) => (item.kind === "assistant" ? { ...item, streaming: false } : item),
    ) ?? items
  );
}

/**
 * Folds a `chat` event: the final answer fills in a run that streamed nothing (its agent events
 * were dropped for a slow page); aborted and failed runs say so once.
 */
export function applyChatEvent(items: ChatItem[], event: ChatEvent): ChatItem[] {
  const { runId } = event;
  if (event.state === "delta") return items;
  const said = items.some((item) => item.id === `${runId}:end`);
  if (event.state === "final") {
    const streamed = items.some(
      (item) => (item.kind === "assistant" || item.kind === "tool") && item.runId === runId,
    );
    if (streamed) return endStreaming(items, runId);
    const text = resultText((event.message as { content?: unknown } | undefined)?.content);
    return text
      ? [...items, { kind: "assistant", id: `${runId}:final`, runId, text, thinking: "", streaming: false }]
      : items;
  }
  if (said) return endStreaming(items, runId);
  return [
    ...endStreaming(items, runId),
    event.state === "aborted"
      ? { kind: "notice", id: `${runId}:end`, tone: "info", text: "Stopped." }
      : {
          kind: "notice",
          id: `${runId}:end`,
          tone: "error",
          text: `Run failed: ${event.errorMessage ?? "unknown error"}`,
        },
  ];
}
