/** Recovery's question: did the run of an accepted message already write it, and did it answer? */
import type { Message } from "@claw/providers";
import { assistantText } from "../loop/run-loop.js";
import type { SessionStore } from "../sessions/session-store.js";
import type { InboxRecord } from "./run-inbox.js";

/**
 * Finds the row's user message in its session (by its acceptance timestamp, unique per inbox).
 * Undefined when the run never wrote it; otherwise `answer` is the final assistant text when the
 * run got as far as one.
 */
export async function findAcceptedMessage(
  sessions: Pick<SessionStore, "get" | "loadMessages">,
  row: InboxRecord,
  cache: Map<string, Message[]>,
): Promise<{ answer?: string } | undefined> {
  let messages = cache.get(row.sessionKey);
  if (!messages) {
    const entry = await sessions.get(row.sessionKey);
    messages = entry ? await sessions.loadMessages(entry) : [];
    cache.set(row.sessionKey, messages);
  }
  const at = messages.findIndex(
    (m) => m.role === "user" && m.timestamp === row.acceptedAt && sameText(m, row),
  );
  if (at < 0) return undefined;
  const next = messages.findIndex((m, i) => i > at && m.role === "user");
  const turn = messages.slice(at + 1, next < 0 ? undefined : next);
  const last = turn.at(-1);
  const answered = last?.role === "assistant" && (last.stopReason === "stop" || last.stopReason === "length");
  return answered ? { answer: assistantText(last) } : {};
}

/** A slash command may reach the transcript rewritten; plain text must match exactly. */
function sameText(message: Message & { role: "user" }, row: InboxRecord): boolean {
  if (row.message.trimStart().startsWith("/")) return true;
  const content = message.content;
  if (typeof content === "string") return content === row.message;
  return content.map((part) => (part.type === "text" ? part.text : "")).join("") === row.message;
}
