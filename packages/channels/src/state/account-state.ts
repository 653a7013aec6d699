/**
 * Durable per-account state in state.db: a small key/value store a channel uses for its own
 * bookkeeping (Telegram's update offset), and the inbound dedupe set that survives a restart.
 */
import type { SqliteDatabase } from "./sqlite.js";

const SCHEMA = `
CREATE TABLE IF NOT EXISTS channel_state (
  channel TEXT NOT NULL, account_id TEXT NOT NULL, key TEXT NOT NULL, value TEXT NOT NULL,
  PRIMARY KEY (channel, account_id, key)
);
CREATE TABLE IF NOT EXISTS channel_inbound_seen (
  channel TEXT NOT NULL, account_id TEXT NOT NULL, message_key TEXT NOT NULL, seen_at INTEGER NOT NULL,
  PRIMARY KEY (channel, account_id, message_key)
);
CREATE INDEX IF NOT EXISTS channel_inbound_seen_at ON channel_inbound_seen (seen_at);`;

export interface AccountStateStore {
  get(channel: string, accountId: string, key: string): string | undefined;
  set(channel: string, accountId: string, key: string, value: string): void;
  /** Records a platform message key; false when it was already recorded (a redelivery). */
  markSeen(channel: string, accountId: string, messageKey: string, now?: number): boolean;
  /** Whether a platform message key was recorded (without recording it). */
  wasSeen?(channel: string, accountId: string, messageKey: string): boolean;
  /** Forgets message keys older than `maxAgeMs`; returns how many. */
  pruneSeen(maxAgeMs: number, now?: number): number;
}

/**
 * @example
 * const state = openAccountState(db);
 * state.set("telegram", "default", "offset", "1042");
 * state.markSeen("telegram", "default", "chat:5:msg:9"); // → true, then false on redelivery
 */
export function openAccountState(db: SqliteDatabase): AccountStateStore {
  db.exec(SCHEMA);
  const select = db.prepare(
    "SELECT value FROM channel_state WHERE channel = ? AND account_id = ? AND key = ?",
  );
  const upsert = db.prepare(
    "INSERT INTO channel_state (channel, account_id, key, value) VALUES (?, ?, ?, ?) " +
      "ON CONFLICT(channel, account_id, key) DO UPDATE SET value = excluded.value",
  );
  const insertSeen = db.prepare(
    "INSERT OR IGNORE INTO channel_inbound_seen (channel, account_id, message_key, seen_at) VALUES (?, ?, ?, ?)",
  );
  const selectSeen = db.prepare(
    "SELECT 1 AS found FROM channel_inbound_seen WHERE channel = ? AND account_id = ? AND message_key = ?",
  );
  const prune = db.prepare("DELETE FROM channel_inbound_seen WHERE seen_at < ?");
  return {
    get(channel, accountId, key) {
      const row = select.get(channel, accountId, key) as { value?: unknown } | undefined;
      return typeof row?.value === "string" ? row.value : undefined;
    },
    set(channel, accountId, key, value) {
      upsert.run(channel, accountId, key, value);
    },
    markSeen(channel, accountId, messageKey, now = Date.now()) {
      return Number(insertSeen.run(channel, accountId, messageKey, now).changes) > 0;
    },
    wasSeen: (channel, accountId, messageKey) => selectSeen.get(channel, accountId, messageKey) !== undefined,
    pruneSeen(maxAgeMs, now = Date.now()) {
      return Number(prune.run(now - maxAgeMs).changes);
    },
  };
}
