import type { Message, UserMessage } from "@claw/providers";

/** First line of a compaction summary message; also how one is recognised. */
export const COMPACTION_SUMMARY_HEADER =
  "[Conversation summary] Earlier messages were compacted into this summary:";
const OPEN = "<summary>";
const CLOSE = "</summary>";

/**
 * The message that stands for everything compaction dropped. It is a plain user message (every
 * provider accepts it in first position), so it can be persisted and replayed as is.
 *
 * @example
 * createCompactionSummaryMessage("## Goal\nShip v2", Date.now());
 * // → { role: "user", content: "[Conversation summary] …\n<summary>\n## Goal\nShip v2\n</summary>", timestamp }
 */
export function createCompactionSummaryMessage(summary: string, timestamp: number): UserMessage {
  return { role: "user", content: `${COMPACTION_SUMMARY_HEADER}\n${OPEN}\n${summary}\n${CLOSE}`, timestamp };
}

/** The summary text of a message made by {@link createCompactionSummaryMessage}, else undefined. */
export function readCompactionSummary(message: Message | undefined): string | undefined {
  if (message?.role !== "user" || typeof message.content !== "string") return undefined;
  const text = message.content;
  if (!text.startsWith(COMPACTION_SUMMARY_HEADER)) return undefined;
  const start = text.indexOf(OPEN);
  const end = text.lastIndexOf(CLOSE);
  if (start < 0 || end < start) return undefined;
  return text.slice(start + OPEN.length, end).trim();
}

/** True for a compaction summary message. */
export function isCompactionSummaryMessage(message: Message | undefined): boolean {
  return readCompactionSummary(message) !== undefined;
}
