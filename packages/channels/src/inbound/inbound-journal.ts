/**
 * The durable inbound journal in state.db: an inbound message that passed dedupe and access is
 * written here (in the same transaction that marks it seen) before the platform is told it was
 * received, so a crash afterwards cannot lose it. A row stays `pending` until its reply is queued
 * in the outbox (in that same transaction) or its message had its effect otherwise; a restarted
 * gateway dispatches the pending rows again. Accepting is the one commit that must also survive a
 * power cut, so it is synced to disk (`synchronous = FULL` for that commit) whatever the
 * connection's level; the outbox's frequent bookkeeping commits may stay at WAL's NORMAL.
 */
import type { ChannelTarget } from "../contract/channel.js";
import type { AccountStateStore } from "../state/account-state.js";
import type { SqliteDatabase } from "../state/sqlite.js";
import type { InboundMessage } from "./types.js";

const SCHEMA = `
CREATE TABLE IF NOT EXISTS channel_inbound (
  id INTEGER PRIMARY KEY AUTOINCREMENT,
  channel TEXT NOT NULL, account_id TEXT NOT NULL, message_key TEXT NOT NULL,
  target TEXT NOT NULL, message TEXT NOT NULL,
  state TEXT NOT NULL DEFAULT 'pending', received_at INTEGER NOT NULL, answered_at INTEGER,
  UNIQUE (channel, account_id, message_key)
);
CREATE INDEX IF NOT EXISTS channel_inbound_pending ON channel_inbound (state, id);`;

/** One accepted inbound message: where its reply goes and what the dispatcher is given. */
export interface JournalEntry {
  channel: string;
  accountId: string;
  /** The platform message key the dedupe set remembers. */
  messageKey: string;
  target: ChannelTarget;
  message: InboundMessage;
}

export interface JournalRow extends JournalEntry {
  id: number;
  receivedAt: number;
}

export interface InboundJournal {
  /**
   * Marks the message seen and records it pending, in one durable transaction. Undefined when the
   * message was seen before (a redelivery).
   */
  accept(entry: JournalEntry, now?: number): number | undefined;
  /** Marks rows answered (call inside the transaction that queues their reply). */
  answered(ids: readonly number[], now?: number): void;
  /** Rows not answered yet, oldest first: what a restart dispatches again. */
  pending(): JournalRow[];
  /** Deletes answered rows older than `maxAgeMs`; returns how many. */
  prune(maxAgeMs: number, now?: number): number;
}

/**
 * @example
 * const journal = openInboundJournal(db, openAccountState(db));
 * const id = journal.accept({ channel: "telegram", accountId: "default", messageKey: "direct:42:7", target, message });
 */
export function openInboundJournal(db: SqliteDatabase, state: AccountStateStore): InboundJournal {
  db.exec(SCHEMA);
  const insert = db.prepare(
    `INSERT OR IGNORE INTO channel_inbound (channel, account_id, message_key, target, message, received_at)
     VALUES (?, ?, ?, ?, ?, ?)`,
  );
  const markAnswered = db.prepare(
    "UPDATE channel_inbound SET state = 'answered', answered_at = ? WHERE id = ? AND state = 'pending'",
  );
  const pendingRows = db.prepare("SELECT * FROM channel_inbound WHERE state = 'pending' ORDER BY id");
  const pruneOld = db.prepare("DELETE FROM channel_inbound WHERE state = 'answered' AND answered_at < ?");

  const syncLevel = db.prepare("PRAGMA synchronous");
  /** Runs `write` as a commit synced to disk, then restores the connection's level. */
  const synced = <T>(write: () => T): T => {
    const level = Number((syncLevel.get() as { synchronous?: unknown } | undefined)?.synchronous ?? 2);
    if (level >= 2) return write();
    db.exec("PRAGMA synchronous = FULL");
    try {
      return write();
    } finally {
      db.exec(`PRAGMA synchronous = ${level}`);
    }
  };

  const accept = (entry: JournalEntry, now: number): number | undefined =>
    synced(
      db.transaction(() => {
        if (!state.markSeen(entry.channel, entry.accountId, entry.messageKey, now)) return undefined;
        const result = insert.run(
          entry.channel,
          entry.accountId,
          entry.messageKey,
          JSON.stringify(entry.target),
          JSON.stringify(entry.message),
          now,
        ) as { changes: number | bigint; lastInsertRowid?: number | bigint };
        return Number(result.changes) > 0 ? Number(result.lastInsertRowid) : undefined;
      }),
    );

  return {
    accept: (entry, now = Date.now()) => accept(entry, now),
    answered(ids, now = Date.now()) {
      if (ids.length === 0) return;
      db.transaction(() => {
        for (const id of ids) markAnswered.run(now, id);
      })();
    },
    pending: () =>
      (pendingRows.all() as Record<string, unknown>[]).map((r) => ({
        id: Number(r.id),
        channel: String(r.channel),
        accountId: String(r.account_id),
        messageKey: String(r.message_key),
        target: JSON.parse(String(r.target)) as ChannelTarget,
        message: JSON.parse(String(r.message)) as InboundMessage,
        receivedAt: Number(r.received_at),
      })),
    prune: (maxAgeMs, now = Date.now()) => Number(pruneOld.run(now - maxAgeMs).changes),
  };
}
