/**
 * Thread bindings: a chat thread bound to one session (a subagent spawned with `thread: true`),
 * kept in state.db so a restart keeps routing the thread's messages to that session. A binding
 * is never deleted, only ended (`/unfocus`, the end of a `mode: "run"` child): the row stays as
 * the receipt that the child's result was posted, so a restart never posts it twice.
 */
import type { ChannelPeer } from "../contract/channel.js";
import type { SqliteDatabase } from "../state/sqlite.js";

/** `run`: the binding ends once the result is posted; `session`: it lasts until `/unfocus`. */
export type ThreadBindingMode = "run" | "session";

export interface ThreadBinding {
  channel: string;
  accountId: string;
  /** The chat the thread lives in (a Discord text channel). */
  parentPeer: ChannelPeer;
  threadId: string;
  /** The session the thread's messages go to. */
  sessionKey: string;
  agentId: string;
  /** The session that spawned it (where its conversation was). */
  requesterSessionKey: string;
  runId: string;
  mode: ThreadBindingMode;
  label?: string;
  createdAt: number;
  /** When the run's result was queued for the thread (the announce receipt). */
  announcedAt?: number;
  /** When and why the binding ended; the thread's messages route normally again. */
  endedAt?: number;
  endedReason?: string;
}

export interface ThreadBindingStore {
  /** Binds a thread (replacing an ended binding of the same thread). */
  bind(binding: Omit<ThreadBinding, "announcedAt" | "endedAt" | "endedReason">): void;
  /** The live binding of a thread, if any. */
  activeFor(channel: string, accountId: string, threadId: string): ThreadBinding | undefined;
  /** The latest binding (live or ended) of a session. */
  ofSession(sessionKey: string): ThreadBinding | undefined;
  /** Records that the session's result was queued for its thread; ends a `run` binding with it. */
  markAnnounced(sessionKey: string, now?: number): void;
  /** Ends the live binding of a thread; false when there was none. */
  end(channel: string, accountId: string, threadId: string, reason: string, now?: number): boolean;
  /** Ends whatever live binding a session has (its session was deleted). */
  endForSession(sessionKey: string, reason: string, now?: number): boolean;
  /** Live bindings, oldest first. */
  active(): ThreadBinding[];
}

const SCHEMA = `
CREATE TABLE IF NOT EXISTS channel_thread_bindings (
  channel TEXT NOT NULL, account_id TEXT NOT NULL, thread_id TEXT NOT NULL,
  parent_peer_kind TEXT NOT NULL, parent_peer_id TEXT NOT NULL,
  session_key TEXT NOT NULL, agent_id TEXT NOT NULL, requester_session_key TEXT NOT NULL,
  run_id TEXT NOT NULL, mode TEXT NOT NULL, label TEXT,
  created_at INTEGER NOT NULL, announced_at INTEGER, ended_at INTEGER, ended_reason TEXT,
  PRIMARY KEY (channel, account_id, thread_id)
);
CREATE INDEX IF NOT EXISTS channel_thread_bindings_session ON channel_thread_bindings(session_key);
`;

interface Row {
  channel: string;
  account_id: string;
  thread_id: string;
  parent_peer_kind: string;
  parent_peer_id: string;
  session_key: string;
  agent_id: string;
  requester_session_key: string;
  run_id: string;
  mode: string;
  label: string | null;
  created_at: number;
  announced_at: number | null;
  ended_at: number | null;
  ended_reason: string | null;
}

function fromRow(row: Row): ThreadBinding {
  return {
    channel: row.channel,
    accountId: row.account_id,
    parentPeer: { kind: row.parent_peer_kind as ChannelPeer["kind"], id: row.parent_peer_id },
    threadId: row.thread_id,
    sessionKey: row.session_key,
    agentId: row.agent_id,
    requesterSessionKey: row.requester_session_key,
    runId: row.run_id,
    mode: row.mode === "session" ? "session" : "run",
    ...(row.label !== null ? { label: row.label } : {}),
    createdAt: row.created_at,
    ...(row.announced_at !== null ? { announcedAt: row.announced_at } : {}),
    ...(row.ended_at !== null ? { endedAt: row.ended_at } : {}),
    ...(row.ended_reason !== null ? { endedReason: row.ended_reason } : {}),
  };
}

/**
 * @example
 * const bindings = openThreadBindingStore(db);
 * bindings.bind({ channel: "discord", accountId: "default", parentPeer: { kind: "channel", id: "12" }, threadId: "34",
 *   sessionKey: "agent:main:subagent:9f", agentId: "main", requesterSessionKey: "agent:main:main", runId: "r1", mode: "session", createdAt: Date.now() });
 * bindings.activeFor("discord", "default", "34")?.sessionKey; // "agent:main:subagent:9f"
 */
export function openThreadBindingStore(db: SqliteDatabase): ThreadBindingStore {
  db.exec(SCHEMA);
  const upsert = db.prepare(
    `INSERT OR REPLACE INTO channel_thread_bindings (channel, account_id, thread_id, parent_peer_kind, parent_peer_id,
       session_key, agent_id, requester_session_key, run_id, mode, label, created_at)
     VALUES (?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?)`,
  );
  const live = db.prepare(
    "SELECT * FROM channel_thread_bindings WHERE channel = ? AND account_id = ? AND thread_id = ? AND ended_at IS NULL",
  );
  const bySession = db.prepare(
    "SELECT * FROM channel_thread_bindings WHERE session_key = ? ORDER BY created_at DESC LIMIT 1",
  );
  const announce = db.prepare(
    `UPDATE channel_thread_bindings SET announced_at = ?,
       ended_at = CASE WHEN mode = 'run' THEN ? ELSE ended_at END,
       ended_reason = CASE WHEN mode = 'run' THEN 'the run ended (mode "run")' ELSE ended_reason END
     WHERE session_key = ? AND announced_at IS NULL`,
  );
  const endThread = db.prepare(
    "UPDATE channel_thread_bindings SET ended_at = ?, ended_reason = ? WHERE channel = ? AND account_id = ? AND thread_id = ? AND ended_at IS NULL",
  );
  const endSession = db.prepare(
    "UPDATE channel_thread_bindings SET ended_at = ?, ended_reason = ? WHERE session_key = ? AND ended_at IS NULL",
  );
  const allLive = db.prepare(
    "SELECT * FROM channel_thread_bindings WHERE ended_at IS NULL ORDER BY created_at",
  );
  return {
    bind(b) {
      upsert.run(
        b.channel,
        b.accountId,
        b.threadId,
        b.parentPeer.kind,
        b.parentPeer.id,
        b.sessionKey,
        b.agentId,
        b.requesterSessionKey,
        b.runId,
        b.mode,
        b.label ?? null,
        b.createdAt,
      );
    },
    activeFor(channel, accountId, threadId) {
      const row = live.get(channel, accountId, threadId) as Row | undefined;
      return row ? fromRow(row) : undefined;
    },
    ofSession(sessionKey) {
      const row = bySession.get(sessionKey) as Row | undefined;
      return row ? fromRow(row) : undefined;
    },
    markAnnounced(sessionKey, now = Date.now()) {
      announce.run(now, now, sessionKey);
    },
    end: (channel, accountId, threadId, reason, now = Date.now()) =>
      Number(endThread.run(now, reason, channel, accountId, threadId).changes) > 0,
    endForSession: (sessionKey, reason, now = Date.now()) =>
      Number(endSession.run(now, reason, sessionKey).changes) > 0,
    active: () => (allLive.all() as Row[]).map(fromRow),
  };
}
