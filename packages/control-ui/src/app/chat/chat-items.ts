/**
 * What the chat shows, as plain data: transcript messages (`chat.history`) and run events
 * (`agent`, `chat`) folded into a list of items. Pure functions, so every rule has a table test.
 */
import type { AgentEvent, ChatEvent, ChatMessage } from "@claw/client/browser";
import {
  argsRecord,
  contentText,
  type HistoryItem,
  itemsFromHistory as historyItems,
} from "@claw/client/chat-view";
import { readCompactionSummary } from "@claw/compaction";

export type { ToolStatus } from "@claw/client/chat-view";

/** A transcript item (shared with the TUI) or a notice this page adds. */
export type ChatItem = HistoryItem | { kind: "notice"; id: string; text: string; tone: "info" | "error" };

const compactionSummary = (text: string) =>
  readCompactionSummary({ role: "user", content: text, timestamp: 0 });

/**
 * Transcript messages as chat items (the shared mapping), compaction summaries recognised.
 *
 * @example
 * itemsFromHistory([{ role: "user", content: "hi" }]); // [{ kind: "user", id: "h1", text: "hi" }]
 */
export function itemsFromHistory(messages: readonly ChatMessage[]): ChatItem[] {
  return historyItems(messages, { compactionSummary });
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
            args: argsRecord(data.args),
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
    const text = contentText((event.message as { content?: unknown } | undefined)?.content);
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
