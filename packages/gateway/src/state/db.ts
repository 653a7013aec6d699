import type { SqliteDatabase } from "@claw/sqlite";

export type StateDb = SqliteDatabase;

const SCHEMA = `
CREATE TABLE IF NOT EXISTS gateway_paired_devices (
  device_id TEXT PRIMARY KEY, public_key TEXT NOT NULL, display_name TEXT, platform TEXT,
  roles TEXT NOT NULL, approved_at INTEGER NOT NULL, approved_by TEXT NOT NULL);
CREATE TABLE IF NOT EXISTS gateway_pairing_requests (
  request_id TEXT PRIMARY KEY, device_id TEXT NOT NULL, payload TEXT NOT NULL, created_at INTEGER NOT NULL);
CREATE TABLE IF NOT EXISTS gateway_device_tokens (
  device_id TEXT NOT NULL, role TEXT NOT NULL, token_hash TEXT NOT NULL, scopes TEXT NOT NULL,
  issued_at INTEGER NOT NULL, PRIMARY KEY (device_id, role));
CREATE TABLE IF NOT EXISTS gateway_idempotency (
  key TEXT PRIMARY KEY, result TEXT NOT NULL, expires_at INTEGER NOT NULL);
`;

/**
 * Opens (or creates) the gateway's tables in the shared state database. The SQLite driver is
 * loaded here, not at module top level, to keep `import "@claw/gateway"` cheap.
 */
export async function openStateDb(path: string): Promise<StateDb> {
  const { openSqliteDatabase } = await import("@claw/sqlite");
  const db = openSqliteDatabase(path);
  if (path !== ":memory:") db.pragma("journal_mode = WAL");
  db.pragma("synchronous = NORMAL");
  db.exec(SCHEMA);
  return db;
}
