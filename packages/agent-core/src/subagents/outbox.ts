/**
 * The subagent outbox: one SQLite row per spawned child (table `subagent_runs` in state.db).
 * A row is written before the child starts, gets the child's terminal result before anything
 * is delivered, and is marked announced only once the result sits in the parent's transcript.
 * Every transition is a single guarded UPDATE, so a row moves forward exactly once.
 */
import { openSqliteDatabase, type SqliteDatabase } from "@claw/sqlite";

type Db = SqliteDatabase;

export type SubagentStatus = "running" | "ok" | "error" | "aborted" | "timeout";

export interface SubagentRun {
  runId: string;
  parentSessionKey: string;
  childSessionKey: string;
  agentId: string;
  task: string;
  label?: string;
  model?: string;
  cleanup: "keep" | "delete";
  depth: number;
  status: SubagentStatus;
  result?: string;
  error?: string;
  /** Why the result is not announced ("killed", "ANNOUNCE_SKIP"). */
  suppress?: string;
  inputTokens?: number;
  outputTokens?: number;
  /** Registry instance that started the child (a row running under another owner was lost in a restart). */
  owner: string;
  createdAt: number;
  endedAt?: number;
  announcedAt?: number;
  announceNote?: string;
  archivedAt?: number;
}

const SCHEMA = `
CREATE TABLE IF NOT EXISTS subagent_runs (
  run_id TEXT PRIMARY KEY,
  parent_session_key TEXT NOT NULL,
  child_session_key TEXT NOT NULL UNIQUE,
  agent_id TEXT NOT NULL,
  task TEXT NOT NULL,
  label TEXT, model TEXT,
  cleanup TEXT NOT NULL DEFAULT 'keep',
  depth INTEGER NOT NULL,
  status TEXT NOT NULL,
  result TEXT, error TEXT, suppress TEXT,
  input_tokens INTEGER, output_tokens INTEGER,
  owner TEXT NOT NULL,
  created_at INTEGER NOT NULL,
  ended_at INTEGER, announced_at INTEGER, announce_note TEXT, archived_at INTEGER
);
CREATE INDEX IF NOT EXISTS subagent_runs_parent ON subagent_runs(parent_session_key, status);
CREATE INDEX IF NOT EXISTS subagent_runs_unannounced ON subagent_runs(status) WHERE announced_at IS NULL;
`;

const COLUMNS: Record<keyof SubagentRun, string> = {
  runId: "run_id",
  parentSessionKey: "parent_session_key",
  childSessionKey: "child_session_key",
  agentId: "agent_id",
  task: "task",
  label: "label",
  model: "model",
  cleanup: "cleanup",
  depth: "depth",
  status: "status",
  result: "result",
  error: "error",
  suppress: "suppress",
  inputTokens: "input_tokens",
  outputTokens: "output_tokens",
  owner: "owner",
  createdAt: "created_at",
  endedAt: "ended_at",
  announcedAt: "announced_at",
  announceNote: "announce_note",
  archivedAt: "archived_at",
};

export interface SubagentOutbox {
  insert(run: SubagentRun): void;
  get(runId: string): SubagentRun | undefined;
  byChild(childSessionKey: string): SubagentRun | undefined;
  children(parentSessionKey: string): SubagentRun[];
  running(): SubagentRun[];
  /** Records the terminal state; false when the row was no longer running (first result wins). */
  finish(
    runId: string,
    outcome: Pick<SubagentRun, "status" | "result" | "error" | "inputTokens" | "outputTokens" | "endedAt">,
  ): boolean;
  suppress(runId: string, reason: string): void;
  /** Forgets a run that never started (a spawn rolled back). */
  remove(runId: string): void;
  /** Marks the result delivered; false when it already was (so the caller never delivers twice). */
  markAnnounced(runId: string, at: number, note?: string): boolean;
  /** Ended, not yet announced. */
  unannounced(): SubagentRun[];
  /** Ended and announced before `cutoff`, not archived. */
  archivable(cutoff: number): SubagentRun[];
  markArchived(runId: string, at: number): void;
  close(): void;
}

/**
 * @example
 * const outbox = openSubagentOutbox(join(stateDir, "state.db"));
 */
export function openSubagentOutbox(path: string | Db): SubagentOutbox {
  const db = typeof path === "string" ? openSqliteDatabase(path) : path;
  db.pragma("journal_mode = WAL");
  db.pragma("busy_timeout = 5000");
  db.exec(SCHEMA);
  const all = (sql: string, ...params: unknown[]) =>
    (db.prepare(sql).all(...params) as Record<string, unknown>[]).map(fromRow);
  const one = (sql: string, ...params: unknown[]) => {
    const row = db.prepare(sql).get(...params) as Record<string, unknown> | undefined;
    return row ? fromRow(row) : undefined;
  };
  const keys = Object.keys(COLUMNS) as (keyof SubagentRun)[];
  const insertStmt = db.prepare(
    `INSERT INTO subagent_runs (${keys.map((k) => COLUMNS[k]).join(", ")}) VALUES (${keys.map((k) => `@${k}`).join(", ")})`,
  );
  const finishStmt = db.prepare(
    `UPDATE subagent_runs SET status = @status, result = @result, error = @error, input_tokens = @inputTokens,
       output_tokens = @outputTokens, ended_at = @endedAt WHERE run_id = @runId AND status = 'running'`,
  );
  return {
    insert: (run) => insertStmt.run(Object.fromEntries(keys.map((k) => [k, run[k] ?? null]))),
    get: (runId) => one("SELECT * FROM subagent_runs WHERE run_id = ?", runId),
    byChild: (key) => one("SELECT * FROM subagent_runs WHERE child_session_key = ?", key),
    children: (key) =>
      all("SELECT * FROM subagent_runs WHERE parent_session_key = ? ORDER BY created_at", key),
    running: () => all("SELECT * FROM subagent_runs WHERE status = 'running' ORDER BY created_at"),
    finish: (runId, o) =>
      finishStmt.run({
        runId,
        status: o.status,
        result: o.result ?? null,
        error: o.error ?? null,
        inputTokens: o.inputTokens ?? null,
        outputTokens: o.outputTokens ?? null,
        endedAt: o.endedAt ?? null,
      }).changes > 0,
    remove: (runId) => {
      db.prepare("DELETE FROM subagent_runs WHERE run_id = ?").run(runId);
    },
    suppress: (runId, reason) => {
      db.prepare("UPDATE subagent_runs SET suppress = ? WHERE run_id = ?").run(reason, runId);
    },
    markAnnounced: (runId, at, note) =>
      db
        .prepare(
          "UPDATE subagent_runs SET announced_at = ?, announce_note = ? WHERE run_id = ? AND announced_at IS NULL",
        )
        .run(at, note ?? null, runId).changes > 0,
    unannounced: () =>
      all("SELECT * FROM subagent_runs WHERE status != 'running' AND announced_at IS NULL ORDER BY ended_at"),
    archivable: (cutoff) =>
      all(
        "SELECT * FROM subagent_runs WHERE announced_at IS NOT NULL AND archived_at IS NULL AND ended_at < ?",
        cutoff,
      ),
    markArchived: (runId, at) => {
      db.prepare("UPDATE subagent_runs SET archived_at = ? WHERE run_id = ?").run(at, runId);
    },
    close: () => {
      if (typeof path === "string") db.close();
    },
  };
}

function fromRow(row: Record<string, unknown>): SubagentRun {
  const run: Record<string, unknown> = {};
  for (const [key, column] of Object.entries(COLUMNS)) {
    const value = row[column];
    if (value !== null && value !== undefined) run[key] = value;
  }
  return run as unknown as SubagentRun;
}
