/**
 * The chat each session last talked on (channel, account, peer, thread), kept in state.db so an
 * announcement to `"last"` (a cron job, a heartbeat) still finds it after a restart.
 */
import type { ChannelPeer, ChannelTarget } from "../contract/channel.js";
import type { SqliteDatabase } from "./sqlite.js";

const SCHEMA = `
CREATE TABLE IF NOT EXISTS channel_last_route (
  session_key TEXT PRIMARY KEY, channel TEXT NOT NULL, account_id TEXT NOT NULL,
  peer_kind TEXT NOT NULL, peer_id TEXT NOT NULL, thread_kind TEXT, thread_id TEXT,
  updated_at INTEGER NOT NULL
);`;

export interface LastRoute {
  channel: string;
  accountId: string;
  peer: ChannelPeer;
  thread?: ChannelTarget["thread"];
  updatedAt: number;
}

export interface LastRouteStore {
  /** Remembers the chat a session's latest inbound message came from. */
  record(sessionKey: string, route: Omit<LastRoute, "updatedAt">, now?: number): void;
  /** The chat the session last talked on, or undefined when it never talked on one. */
  get(sessionKey: string): LastRoute | undefined;
}

interface Row {
  channel: string;
  account_id: string;
  peer_kind: string;
  peer_id: string;
  thread_kind: string | null;
  thread_id: string | null;
  updated_at: number;
}

const PEER_KINDS: readonly string[] = ["direct", "group", "channel"];

/**
 * @example
 * const routes = openLastRouteStore(db);
 * routes.record("agent:main:main", { channel: "telegram", accountId: "default", peer: { kind: "direct", id: "42" } });
 * routes.get("agent:main:main")?.peer.id; // "42"
 */
export function openLastRouteStore(db: SqliteDatabase): LastRouteStore {
  db.exec(SCHEMA);
  const upsert = db.prepare(
    "INSERT INTO channel_last_route (session_key, channel, account_id, peer_kind, peer_id, thread_kind, thread_id, updated_at) " +
      "VALUES (?, ?, ?, ?, ?, ?, ?, ?) ON CONFLICT(session_key) DO UPDATE SET channel = excluded.channel, " +
      "account_id = excluded.account_id, peer_kind = excluded.peer_kind, peer_id = excluded.peer_id, " +
      "thread_kind = excluded.thread_kind, thread_id = excluded.thread_id, updated_at = excluded.updated_at",
  );
  const select = db.prepare(
    "SELECT channel, account_id, peer_kind, peer_id, thread_kind, thread_id, updated_at FROM channel_last_route WHERE session_key = ?",
  );
  return {
    record(sessionKey, route, now = Date.now()) {
      upsert.run(
        sessionKey,
        route.channel,
        route.accountId,
        route.peer.kind,
        route.peer.id,
        route.thread?.kind ?? null,
        route.thread?.id ?? null,
        now,
      );
    },
    get(sessionKey) {
      const row = select.get(sessionKey) as Row | undefined;
      if (!row || !PEER_KINDS.includes(row.peer_kind)) return undefined;
      const kind = row.thread_kind;
      const thread: LastRoute["thread"] =
        row.thread_id !== null && (kind === "topic" || kind === "thread")
          ? { kind, id: row.thread_id }
          : undefined;
      return {
        channel: row.channel,
        accountId: row.account_id,
        peer: { kind: row.peer_kind as ChannelPeer["kind"], id: row.peer_id },
        ...(thread ? { thread } : {}),
        updatedAt: row.updated_at,
      };
    },
  };
}
