/**
 * Routing state in SQLite (the gateway's state.db). Takes any handle with better-sqlite3's
 * shape, so this package has no native dependency. Every update is a read-modify-write inside
 * an IMMEDIATE transaction: two processes on one file serialize, and no write is lost.
 */
import type { ProfileState } from "../cooldown.js";
import type { AuthStateStore } from "./types.js";
import { parseProfileState } from "./validate.js";

export interface SqliteStatement {
  run(...params: unknown[]): unknown;
  get(...params: unknown[]): unknown;
  all(...params: unknown[]): unknown[];
}

/** The slice of a better-sqlite3 `Database` this store uses. */
export interface SqliteDatabase {
  prepare(sql: string): SqliteStatement;
  exec(sql: string): unknown;
  transaction(fn: () => void): { (): void; immediate?: () => void };
}

const SCHEMA = `
CREATE TABLE IF NOT EXISTS failover_profile_state (
  profile_id TEXT PRIMARY KEY,
  state TEXT NOT NULL,
  updated_at INTEGER NOT NULL
);
CREATE TABLE IF NOT EXISTS failover_session_pin (
  session_key TEXT NOT NULL,
  provider TEXT NOT NULL,
  profile_id TEXT NOT NULL,
  PRIMARY KEY (session_key, provider)
);`;

function parseRow(row: unknown): ProfileState | undefined {
  if (row === undefined || row === null || typeof row !== "object") return undefined;
  const raw = (row as { state?: unknown }).state;
  if (typeof raw !== "string") return undefined;
  try {
    return parseProfileState(JSON.parse(raw));
  } catch {
    return undefined; // a corrupt row reads as "no state": the profile is simply usable
  }
}

/**
 * @example
 * import Database from "better-sqlite3";
 * const state = createSqliteAuthStateStore(new Database("state.db"));
 */
export function createSqliteAuthStateStore(db: SqliteDatabase): AuthStateStore {
  db.exec(SCHEMA);
  const select = db.prepare("SELECT state FROM failover_profile_state WHERE profile_id = ?");
  const upsert = db.prepare(
    "INSERT INTO failover_profile_state (profile_id, state, updated_at) VALUES (?, ?, ?) " +
      "ON CONFLICT(profile_id) DO UPDATE SET state = excluded.state, updated_at = excluded.updated_at",
  );
  const pinGet = db.prepare(
    "SELECT profile_id FROM failover_session_pin WHERE session_key = ? AND provider = ?",
  );
  const pinSet = db.prepare(
    "INSERT INTO failover_session_pin (session_key, provider, profile_id) VALUES (?, ?, ?) " +
      "ON CONFLICT(session_key, provider) DO UPDATE SET profile_id = excluded.profile_id",
  );
  const pinDelete = db.prepare("DELETE FROM failover_session_pin WHERE session_key = ? AND provider = ?");
  const pinsClear = db.prepare("DELETE FROM failover_session_pin WHERE session_key = ?");

  return {
    async read(ids) {
      const out: Record<string, ProfileState> = {};
      for (const id of ids) {
        const state = parseRow(select.get(id));
        if (state) out[id] = state;
      }
      return out;
    },
    async update(id, fn) {
      let next: ProfileState = {};
      const tx = db.transaction(() => {
        next = fn(parseRow(select.get(id)));
        upsert.run(id, JSON.stringify(next), Date.now());
      });
      (tx.immediate ?? tx)();
      return next;
    },
    async getPin(sessionKey, provider) {
      const row = pinGet.get(sessionKey, provider) as { profile_id?: unknown } | undefined;
      return typeof row?.profile_id === "string" ? row.profile_id : undefined;
    },
    async setPin(sessionKey, provider, profileId) {
      if (profileId === undefined) pinDelete.run(sessionKey, provider);
      else pinSet.run(sessionKey, provider, profileId);
    },
    async clearPins(sessionKey) {
      pinsClear.run(sessionKey);
    },
  };
}
