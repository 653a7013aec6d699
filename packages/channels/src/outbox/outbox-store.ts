/**
 * The durable outbox in state.db: a reply is written (already chunked) before anything is sent,
 * each chunk is marked delivered the moment the platform acknowledges it, and pending chunks are
 * what a restarted gateway resumes. A chunk is delivered at most once by this store: only a
 * pending chunk can be claimed, and claiming happens in the one process that owns the file.
 */
import type { ChannelTarget, SendOptions } from "../contract/channel.js";
import type { SqliteDatabase } from "../state/sqlite.js";

const SCHEMA = `
CREATE TABLE IF NOT EXISTS channel_outbox (
  id INTEGER PRIMARY KEY AUTOINCREMENT,
  channel TEXT NOT NULL, account_id TEXT NOT NULL, lane TEXT NOT NULL, target TEXT NOT NULL,
  source TEXT, created_at INTEGER NOT NULL
);
CREATE TABLE IF NOT EXISTS channel_outbox_chunks (
  outbox_id INTEGER NOT NULL REFERENCES channel_outbox(id) ON DELETE CASCADE,
  idx INTEGER NOT NULL, lane TEXT NOT NULL, text TEXT NOT NULL,
  status TEXT NOT NULL DEFAULT 'pending', attempts INTEGER NOT NULL DEFAULT 0,
  next_attempt_at INTEGER NOT NULL DEFAULT 0, platform_message_id TEXT, last_error TEXT,
  delivered_at INTEGER,
  PRIMARY KEY (outbox_id, idx)
);
CREATE INDEX IF NOT EXISTS channel_outbox_chunks_pending ON channel_outbox_chunks (status, lane, outbox_id, idx);`;

export interface OutboxChunk {
  outboxId: number;
  idx: number;
  channel: string;
  accountId: string;
  lane: string;
  target: ChannelTarget;
  text: string;
  attempts: number;
  nextAttemptAt: number;
  /** A streamed draft message this chunk replaces (edited to this text instead of a new send). */
  editOf?: string;
  /** Buttons under this chunk (the last one of a message). */
  buttons?: SendOptions["buttons"];
  /** A reaction: `text` is the emoji set on this platform message (nothing is sent). */
  reactTo?: string;
}

export type ChunkStatus = "pending" | "delivered" | "failed";

export interface OutboxMessageState {
  outboxId: number;
  chunks: { idx: number; status: ChunkStatus; platformMessageId?: string; error?: string }[];
}

export interface OutboxStore {
  /** Writes a reply and its chunks in one transaction (with `within`, when given); returns its id. */
  add(
    entry: {
      channel: string;
      accountId: string;
      target: ChannelTarget;
      chunks: readonly string[];
      source?: string;
      /** Platform ids of streamed draft messages that the first chunks replace, in order. */
      editOf?: readonly string[];
      /** Buttons under the last chunk. */
      buttons?: SendOptions["buttons"];
      /** The one chunk is an emoji to set on this platform message. */
      reactTo?: string;
    },
    now?: number,
    within?: () => void,
  ): number;
  /** The next pending chunk of a lane (in message, then chunk order). */
  nextOfLane(lane: string): OutboxChunk | undefined;
  /** Up to `limit` pending chunks of a lane, in order (one read for a run of sends). */
  pendingOfLane(lane: string, limit: number): OutboxChunk[];
  /** Marks many chunks delivered in one transaction. */
  deliveredMany(
    marks: readonly { outboxId: number; idx: number; platformMessageId: string }[],
    now?: number,
  ): void;
  /** Lanes that hold pending chunks. */
  pendingLanes(): string[];
  delivered(outboxId: number, idx: number, platformMessageId: string, now?: number): void;
  retryLater(outboxId: number, idx: number, error: string, at: number): void;
  failed(outboxId: number, idx: number, error: string): void;
  state(outboxId: number): OutboxMessageState | undefined;
  /** Pending chunks, for status. */
  pendingCount(): number;
  /** Deletes messages whose chunks are all settled and older than `maxAgeMs`. */
  prune(maxAgeMs: number, now?: number): number;
  /**
   * Gives up on the pending chunks of messages whose `source` starts with `sourcePrefix`, with
   * `reason` as their error (e.g. approval prompts a previous process queued: their approvals
   * died with it). Returns how many chunks.
   */
  cancelPending(sourcePrefix: string, reason: string): number;
}

/** A pending-chunk row as the outbox sees it. */
function chunkOf(r: Record<string, unknown>): OutboxChunk {
  return {
    outboxId: Number(r.id),
    idx: Number(r.idx),
    channel: String(r.channel),
    accountId: String(r.account_id),
    lane: String(r.lane),
    target: JSON.parse(String(r.target)) as ChannelTarget,
    text: String(r.text),
    attempts: Number(r.attempts),
    nextAttemptAt: Number(r.next_attempt_at),
    ...(typeof r.edit_of === "string" ? { editOf: r.edit_of } : {}),
    ...(typeof r.buttons === "string"
      ? { buttons: JSON.parse(r.buttons) as NonNullable<SendOptions["buttons"]> }
      : {}),
    ...(typeof r.react_to === "string" ? { reactTo: r.react_to } : {}),
  };
}

/** Chunks of one lane (one chat or thread of one account) go out in order. */
export function laneOf(channel: string, accountId: string, target: ChannelTarget): string {
  return [channel, accountId, target.peer.kind, target.peer.id, target.thread?.id ?? ""].join("|");
}

/**
 * @example
 * const store = openOutboxStore(db);
 * const id = store.add({ channel: "telegram", accountId: "default", target, chunks: ["hi"] });
 */
export function openOutboxStore(db: SqliteDatabase): OutboxStore {
  db.exec(SCHEMA);
  // Added after the first release: a state.db from before gets the columns on open.
  const columns = db.prepare("SELECT name FROM pragma_table_info('channel_outbox_chunks')").all();
  for (const column of ["edit_of", "buttons", "react_to"])
    if (!columns.some((c) => (c as { name?: unknown }).name === column))
      db.exec(`ALTER TABLE channel_outbox_chunks ADD COLUMN ${column} TEXT`);
  const insertMessage = db.prepare(
    "INSERT INTO channel_outbox (channel, account_id, lane, target, source, created_at) VALUES (?, ?, ?, ?, ?, ?)",
  );
  const insertChunk = db.prepare(
    "INSERT INTO channel_outbox_chunks (outbox_id, idx, lane, text, edit_of, buttons, react_to) VALUES (?, ?, ?, ?, ?, ?, ?)",
  );
  const next = db.prepare(
    `SELECT o.id, o.channel, o.account_id, o.lane, o.target, c.idx, c.text, c.attempts, c.next_attempt_at, c.edit_of, c.buttons, c.react_to
     FROM channel_outbox_chunks c JOIN channel_outbox o ON o.id = c.outbox_id
     WHERE c.status = 'pending' AND c.lane = ? ORDER BY c.outbox_id, c.idx LIMIT ?`,
  );
  const lanes = db.prepare("SELECT DISTINCT lane FROM channel_outbox_chunks WHERE status = 'pending'");
  const markDelivered = db.prepare(
    "UPDATE channel_outbox_chunks SET status = 'delivered', platform_message_id = ?, delivered_at = ?, attempts = attempts + 1 WHERE outbox_id = ? AND idx = ? AND status = 'pending'",
  );
  const markRetry = db.prepare(
    "UPDATE channel_outbox_chunks SET attempts = attempts + 1, last_error = ?, next_attempt_at = ? WHERE outbox_id = ? AND idx = ? AND status = 'pending'",
  );
  const markFailed = db.prepare(
    "UPDATE channel_outbox_chunks SET status = 'failed', attempts = attempts + 1, last_error = ? WHERE outbox_id = ? AND idx = ? AND status = 'pending'",
  );
  const chunksOf = db.prepare(
    "SELECT idx, status, platform_message_id, last_error FROM channel_outbox_chunks WHERE outbox_id = ? ORDER BY idx",
  );
  const countPending = db.prepare("SELECT COUNT(*) AS n FROM channel_outbox_chunks WHERE status = 'pending'");
  const pruneOld = db.prepare(
    `DELETE FROM channel_outbox WHERE created_at < ? AND NOT EXISTS
       (SELECT 1 FROM channel_outbox_chunks c WHERE c.outbox_id = channel_outbox.id AND c.status = 'pending')`,
  );
  const cancelBySource = db.prepare(
    `UPDATE channel_outbox_chunks SET status = 'failed', last_error = ? WHERE status = 'pending'
       AND outbox_id IN (SELECT id FROM channel_outbox WHERE substr(source, 1, length(?)) = ?)`,
  );
  const pruneChunks = db.prepare(
    "DELETE FROM channel_outbox_chunks WHERE outbox_id NOT IN (SELECT id FROM channel_outbox)",
  );

  return {
    add(entry, now = Date.now(), within) {
      return db.transaction(() => {
        const lane = laneOf(entry.channel, entry.accountId, entry.target);
        const result = insertMessage.run(
          entry.channel,
          entry.accountId,
          lane,
          JSON.stringify(entry.target),
          entry.source ?? null,
          now,
        ) as { lastInsertRowid?: number | bigint };
        const id = Number(result.lastInsertRowid);
        const last = entry.chunks.length - 1;
        const buttons = entry.buttons?.length ? JSON.stringify(entry.buttons) : null;
        for (const [idx, text] of entry.chunks.entries())
          insertChunk.run(
            id,
            idx,
            lane,
            text,
            entry.editOf?.[idx] ?? null,
            idx === last ? buttons : null,
            entry.reactTo ?? null,
          );
        within?.();
        return id;
      })();
    },
    nextOfLane(lane) {
      const r = next.get(lane, 1) as Record<string, unknown> | undefined;
      return r ? chunkOf(r) : undefined;
    },
    pendingOfLane: (lane, limit) => (next.all(lane, limit) as Record<string, unknown>[]).map(chunkOf),
    deliveredMany(marks, now = Date.now()) {
      db.transaction(() => {
        for (const m of marks) markDelivered.run(m.platformMessageId, now, m.outboxId, m.idx);
      })();
    },
    pendingLanes: () => lanes.all().map((r) => String((r as { lane: unknown }).lane)),
    delivered(outboxId, idx, platformMessageId, now = Date.now()) {
      markDelivered.run(platformMessageId, now, outboxId, idx);
    },
    retryLater(outboxId, idx, error, at) {
      markRetry.run(error, at, outboxId, idx);
    },
    failed(outboxId, idx, error) {
      markFailed.run(error, outboxId, idx);
    },
    state(outboxId) {
      const rows = chunksOf.all(outboxId) as Record<string, unknown>[];
      if (rows.length === 0) return undefined;
      return {
        outboxId,
        chunks: rows.map((r) => ({
          idx: Number(r.idx),
          status: String(r.status) as ChunkStatus,
          ...(typeof r.platform_message_id === "string" ? { platformMessageId: r.platform_message_id } : {}),
          ...(typeof r.last_error === "string" ? { error: r.last_error } : {}),
        })),
      };
    },
    pendingCount: () => Number((countPending.get() as { n: number }).n),
    cancelPending: (sourcePrefix, reason) =>
      Number(cancelBySource.run(reason, sourcePrefix, sourcePrefix).changes),
    prune(maxAgeMs, now = Date.now()) {
      const removed = Number(pruneOld.run(now - maxAgeMs).changes);
      if (removed > 0) pruneChunks.run();
      return removed;
    },
  };
}
