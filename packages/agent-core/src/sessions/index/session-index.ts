/**
 * The session index: session key → session id, agent, overrides, token counts, origin and
 * flags, in SQLite (WAL). Small, fast lookups; transcripts themselves stay in JSONL files.
 */
import { openSqliteDatabase, type SqliteDatabase } from "@claw/sqlite";
import type { SessionEntry } from "../session-store.js";

type Db = SqliteDatabase;

export interface SessionRow {
  session_key: string;
  session_id: string;
  agent_id: string;
  created_at: number;
  updated_at: number;
  data: string;
}

const SCHEMA = `
CREATE TABLE IF NOT EXISTS sessions (
  session_key TEXT PRIMARY KEY,
  session_id  TEXT NOT NULL,
  agent_id    TEXT NOT NULL,
  created_at  INTEGER NOT NULL,
  updated_at  INTEGER NOT NULL,
  data        TEXT NOT NULL DEFAULT '{}'
);
CREATE INDEX IF NOT EXISTS sessions_agent ON sessions(agent_id, updated_at);
CREATE INDEX IF NOT EXISTS sessions_updated ON sessions(updated_at);
`;

export interface SessionIndex {
  get(sessionKey: string): SessionEntry | undefined;
  put(entry: SessionEntry): void;
  delete(sessionKey: string): boolean;
  list(filter?: { agentId?: string; updatedBefore?: number; limit?: number }): SessionEntry[];
  close(): void;
}

/**
 * Opens (or creates) the index in `path` (":memory:" allowed).
 *
 * @example
 * const index = openSessionIndex(join(stateDir, "state.db"));
 */
export function openSessionIndex(path: string | Db): SessionIndex {
  const db = typeof path === "string" ? openSqliteDatabase(path) : path;
  const owned = typeof path === "string";
  db.pragma("journal_mode = WAL");
  db.pragma("synchronous = NORMAL");
  db.pragma("busy_timeout = 5000");
  db.exec(SCHEMA);
  const getStmt = db.prepare<[string], SessionRow>("SELECT * FROM sessions WHERE session_key = ?");
  const putStmt = db.prepare(
    `INSERT INTO sessions (session_key, session_id, agent_id, created_at, updated_at, data)
     VALUES (@session_key, @session_id, @agent_id, @created_at, @updated_at, @data)
     ON CONFLICT(session_key) DO UPDATE SET session_id = excluded.session_id, agent_id = excluded.agent_id,
       created_at = excluded.created_at, updated_at = excluded.updated_at, data = excluded.data`,
  );
  const deleteStmt = db.prepare("DELETE FROM sessions WHERE session_key = ?");

  return {
    get: (key) => fromRow(getStmt.get(key)),
    put(entry) {
      const { sessionKey, sessionId, agentId, createdAt, updatedAt, ...data } = entry;
      putStmt.run({
        session_key: sessionKey,
        session_id: sessionId,
        agent_id: agentId,
        created_at: createdAt,
        updated_at: updatedAt,
        data: JSON.stringify(data),
      });
    },
    delete: (key) => deleteStmt.run(key).changes > 0,
    list(filter = {}) {
      const where: string[] = [];
      const params: (string | number)[] = [];
      if (filter.agentId) {
        where.push("agent_id = ?");
        params.push(filter.agentId);
      }
      if (filter.updatedBefore !== undefined) {
        where.push("updated_at < ?");
        params.push(filter.updatedBefore);
      }
      const sql = `SELECT * FROM sessions ${where.length ? `WHERE ${where.join(" AND ")}` : ""} ORDER BY updated_at DESC LIMIT ?`;
      params.push(filter.limit ?? -1);
      return db
        .prepare<(string | number)[], SessionRow>(sql)
        .all(...params)
        .map((row) => fromRow(row) as SessionEntry);
    },
    close() {
      if (owned) db.close();
    },
  };
}

export function fromRow(row: SessionRow | undefined): SessionEntry | undefined {
  if (!row) return undefined;
  let data: Partial<SessionEntry> = {};
  try {
    data = JSON.parse(row.data) as Partial<SessionEntry>;
  } catch {
    data = {};
  }
  return {
    ...data,
    sessionKey: row.session_key,
    sessionId: row.session_id,
    agentId: row.agent_id,
    createdAt: row.created_at,
    updatedAt: row.updated_at,
  };
}
