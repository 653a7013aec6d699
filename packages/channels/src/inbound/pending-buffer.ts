/**
 * Messages held for a busy session, with the cap and drop policy applied, and how they turn into
 * follow-up turns: one turn per message (`followup`) or one merged turn per route (`collect`).
 */
import type { DropPolicy } from "./queue-settings.js";
import type { ChatToolRules } from "./types.js";

export interface PendingMessage {
  text: string;
  channel?: string;
  accountId?: string;
  /** The chat the message came from: replies go back there. */
  peer?: string;
  senderId?: string;
  threadId?: string;
  /** Message id of the latest message folded into this one (for reply threading). */
  id?: string;
  senderIsOwner?: boolean;
  /** The chat's tool rules; one route (chat) has one set. */
  groupTools?: ChatToolRules;
}

export interface CapOutcome {
  kept: PendingMessage[];
  dropped: PendingMessage[];
  /** Whether the incoming message itself was refused (drop "new"). */
  refusedIncoming: boolean;
}

/**
 * Adds `incoming` to `queue` under `cap`. `old` drops the oldest, `new` refuses the incoming
 * message, `summarize` drops the oldest but keeps them for a summary line.
 *
 * @example
 * addWithCap([a, b], c, 2, "old"); // → { kept: [b, c], dropped: [a], refusedIncoming: false }
 */
export function addWithCap(
  queue: PendingMessage[],
  incoming: PendingMessage,
  cap: number,
  drop: DropPolicy,
): CapOutcome {
  if (queue.length < cap) return { kept: [...queue, incoming], dropped: [], refusedIncoming: false };
  if (drop === "new") return { kept: queue, dropped: [incoming], refusedIncoming: true };
  const all = [...queue, incoming];
  const excess = all.length - cap;
  return { kept: all.slice(excess), dropped: all.slice(0, excess), refusedIncoming: false };
}

/** The synthetic prompt listing messages dropped by `summarize`. */
export function droppedSummary(dropped: readonly PendingMessage[]): string | undefined {
  if (dropped.length === 0) return undefined;
  const bullets = dropped.map((m) => `- ${oneLine(m.text)}`);
  return `[${dropped.length} earlier queued message${dropped.length === 1 ? " was" : "s were"} dropped over the queue cap; in short:]\n${bullets.join("\n")}`;
}

/** A turn to run after the busy run ends. */
export interface FollowUpTurn {
  text: string;
  channel?: string;
  accountId?: string;
  peer?: string;
  senderId?: string;
  threadId?: string;
  id?: string;
  senderIsOwner?: boolean;
  groupTools?: ChatToolRules;
}

/**
 * Turns held messages into follow-up turns. `collect` merges messages of one route (channel,
 * account, chat, thread and sender) into one turn, never messages of different senders or chats; `followup` keeps one turn per message. A summary of dropped messages
 * leads the first turn.
 */
export function toFollowUpTurns(
  pending: readonly PendingMessage[],
  mode: "collect" | "followup",
  summary?: string,
): FollowUpTurn[] {
  const turns: FollowUpTurn[] = [];
  if (mode === "followup") for (const m of pending) turns.push({ ...m });
  else {
    const routes = new Map<string, PendingMessage[]>();
    for (const m of pending) {
      const route = [m.channel, m.accountId, m.peer, m.threadId, m.senderId]
        .map((v) => v ?? "")
        .join("\u0000");
      routes.set(route, [...(routes.get(route) ?? []), m]);
    }
    for (const group of routes.values()) {
      const last = group.at(-1) as PendingMessage;
      const text =
        group.length === 1
          ? last.text
          : `[${group.length} messages arrived while you were busy]\n${group.map((m, i) => `${i + 1}. ${m.text}`).join("\n")}`;
      turns.push({ ...last, text, senderIsOwner: group.every((m) => m.senderIsOwner) });
    }
  }
  if (summary) {
    const first = turns[0];
    if (first) first.text = `${summary}\n\n${first.text}`;
    else turns.push({ text: summary });
  }
  return turns;
}

function oneLine(text: string, max = 120): string {
  const flat = text.replace(/\s+/g, " ").trim();
  return flat.length > max ? `${flat.slice(0, max - 1)}…` : flat;
}
