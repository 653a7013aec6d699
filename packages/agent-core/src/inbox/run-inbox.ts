/**
 * The run inbox: one SQLite row per accepted message (table `run_inbox` in state.db), written
 * with a durable commit (WAL + `synchronous = FULL`) before anyone is told "accepted". A row is
 * `queued` until its run ends, then `done` with the run's outcome; the idempotency key is unique,
 * so a retry finds the same row — before, during or after a restart.
 */
import type { ImageContent, ThinkingLevel } from "@claw/providers";
import { openSqliteDatabase, type SqliteDatabase } from "@claw/sqlite";
import type { RunStatus } from "../loop/types.js";

type Db = SqliteDatabase;

/** What a caller asks to run; `idempotencyKey` is scoped by the caller ("chat.send:k1", "telegram:42"). */
export interface AcceptRequest {
  idempotencyKey: string;
  sessionKey: string;
  message: string;
  agentId?: string;
  /** "provider/model" for this run only. */
  model?: string;
  thinking?: ThinkingLevel;
  /** Where the message came from ("telegram", "webchat"); passed to the run. */
  channel?: string;
  /** Images sent with the message, for a model that reads images (kept with the row until it is pruned). */
  images?: ImageContent[];
}

/** How an accepted run ended, as recorded in its row. */
export interface InboxOutcome {
  status: RunStatus;
  text?: string;
  error?: string;
  inputTokens?: number;
  outputTokens?: number;
  startedAt?: number;
  endedAt: number;
}

/** One accepted message: the request, its run id and acceptance time (unique and increasing). */
export interface AcceptedWork extends AcceptRequest {
  runId: string;
  acceptedAt: number;
}

export interface InboxRecord extends AcceptedWork {
  state: "queued" | "done";
  outcome?: InboxOutcome;
}

export interface RunInbox {
  /** Durably records `work`; returns the existing row instead when its idempotency key is known. */
  insert(work: AcceptedWork): { inserted: true } | { inserted: false; existing: InboxRecord };
  byKey(idempotencyKey: string): InboxRecord | undefined;
  byRunId(runId: string): InboxRecord | undefined;
  /** Rows still queued, in acceptance order. */
  queued(): InboxRecord[];
  /** Records the outcome; false when the row was already done (first outcome wins). */
  finish(runId: string, outcome: InboxOutcome): boolean;
  /** Forgets a row whose run never started (the starter threw), so a retry can try again. */
  forget(runId: string): void;
  /** Deletes done rows that ended before `cutoff`; returns how many. */
  prune(cutoff: number): number;
  /** Highest acceptance time on record (so times stay increasing across restarts). */
  latestAcceptedAt(): number;
  close(): void;
}

const SCHEMA = `
CREATE TABLE IF NOT EXISTS run_inbox (
  run_id TEXT PRIMARY KEY,
  idempotency_key TEXT NOT NULL UNIQUE,
  session_key TEXT NOT NULL,
  request TEXT NOT NULL,
  accepted_at INTEGER NOT NULL,
  state TEXT NOT NULL,
  outcome TEXT,
  ended_at INTEGER
);
CREATE INDEX IF NOT EXISTS run_inbox_queued ON run_inbox(state, accepted_at);
`;

interface Row {
  run_id: string;
  idempotency_key: string;
  session_key: string;
  request: string;
  accepted_at: number;
  state: "queued" | "done";
  outcome: string | null;
}

/**
 * Opens the inbox on its own connection to `path` (or on `db` as given), with every commit
 * synced to disk: an accepted message survives a SIGKILL or a power cut.
 *
 * @example
 * const inbox = openRunInbox(join(stateDir, "state.db"));
 */
export function openRunInbox(path: string | Db): RunInbox {
  const db = typeof path === "string" ? openSqliteDatabase(path) : path;
  db.pragma("journal_mode = WAL");
  db.pragma("synchronous = FULL");
  db.pragma("busy_timeout = 5000");
  db.exec(SCHEMA);
  const insertStmt = db.prepare(
    `INSERT INTO run_inbox (run_id, idempotency_key, session_key, request, accepted_at, state)
     VALUES (?, ?, ?, ?, ?, 'queued') ON CONFLICT(idempotency_key) DO NOTHING`,
  );
  const byKeyStmt = db.prepare<[string], Row>("SELECT * FROM run_inbox WHERE idempotency_key = ?");
  const byRunStmt = db.prepare<[string], Row>("SELECT * FROM run_inbox WHERE run_id = ?");
  const queuedStmt = db.prepare<[], Row>(
    "SELECT * FROM run_inbox WHERE state = 'queued' ORDER BY accepted_at, rowid",
  );
  const finishStmt = db.prepare(
    "UPDATE run_inbox SET state = 'done', outcome = ?, ended_at = ? WHERE run_id = ? AND state = 'queued'",
  );
  const latestStmt = db.prepare<[], { at: number | null }>("SELECT MAX(accepted_at) AS at FROM run_inbox");
  return {
    insert(work) {
      const { runId, idempotencyKey, sessionKey, acceptedAt, ...request } = work;
      const changes = insertStmt.run(
        runId,
        idempotencyKey,
        sessionKey,
        JSON.stringify(request),
        acceptedAt,
      ).changes;
      if (changes > 0) return { inserted: true };
      return { inserted: false, existing: fromRow(byKeyStmt.get(idempotencyKey) as Row) };
    },
    byKey: (key) => optional(byKeyStmt.get(key)),
    byRunId: (runId) => optional(byRunStmt.get(runId)),
    queued: () => queuedStmt.all().map(fromRow),
    finish: (runId, outcome) => finishStmt.run(JSON.stringify(outcome), outcome.endedAt, runId).changes > 0,
    forget: (runId) => {
      db.prepare("DELETE FROM run_inbox WHERE run_id = ? AND state = 'queued'").run(runId);
    },
    prune: (cutoff) =>
      db.prepare("DELETE FROM run_inbox WHERE state = 'done' AND ended_at < ?").run(cutoff).changes,
    latestAcceptedAt: () => latestStmt.get()?.at ?? 0,
    close: () => {
      if (typeof path === "string") db.close();
    },
  };
}

function optional(row: Row | undefined): InboxRecord | undefined {
  return row ? fromRow(row) : undefined;
}

function fromRow(row: Row): InboxRecord {
  const request = JSON.parse(row.request) as Omit<AcceptRequest, "idempotencyKey" | "sessionKey">;
  return {
    ...request,
    runId: row.run_id,
    idempotencyKey: row.idempotency_key,
    sessionKey: row.session_key,
    acceptedAt: row.accepted_at,
    state: row.state,
    ...(row.outcome ? { outcome: JSON.parse(row.outcome) as InboxOutcome } : {}),
  };
}
