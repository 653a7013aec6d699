/** Opening the per-agent SQLite file: pragmas, sqlite-vec, tables, and a corruption check. */
import { existsSync, mkdirSync, renameSync } from "node:fs";
import { dirname } from "node:path";
import { openSqliteDatabase, type SqliteDatabase } from "@claw/sqlite";
import * as sqliteVec from "sqlite-vec";
import { MemoryIndexCorruptError } from "../types.js";

export type Db = SqliteDatabase;

const SCHEMA = `
CREATE TABLE IF NOT EXISTS meta (key TEXT PRIMARY KEY, value TEXT NOT NULL);
CREATE TABLE IF NOT EXISTS files (
  path TEXT PRIMARY KEY, hash TEXT NOT NULL, mtime INTEGER NOT NULL, size INTEGER NOT NULL);
CREATE TABLE IF NOT EXISTS chunks (
  id INTEGER PRIMARY KEY, path TEXT NOT NULL, start_line INTEGER NOT NULL,
  end_line INTEGER NOT NULL, hash TEXT NOT NULL, text TEXT NOT NULL);
CREATE INDEX IF NOT EXISTS chunks_by_path ON chunks(path);
CREATE INDEX IF NOT EXISTS chunks_by_hash ON chunks(hash);
CREATE VIRTUAL TABLE IF NOT EXISTS chunks_fts USING fts5(
  text, content='', contentless_delete=1, tokenize='unicode61 remove_diacritics 2');
CREATE VIRTUAL TABLE IF NOT EXISTS chunks_fts_cjk USING fts5(
  text, content='', contentless_delete=1, tokenize='trigram');
CREATE TABLE IF NOT EXISTS embedding_cache (
  provider TEXT NOT NULL, model TEXT NOT NULL, hash TEXT NOT NULL, embedding BLOB NOT NULL,
  created_at INTEGER NOT NULL, PRIMARY KEY (provider, model, hash)) WITHOUT ROWID;
`;

/** vec0 table of the current dimensions; vectors live only here, as float32. */
export function createVectorTable(db: Db, dims: number): void {
  if (!Number.isInteger(dims) || dims <= 0) throw new Error(`memory: invalid embedding dimensions ${dims}`);
  db.exec(
    `CREATE VIRTUAL TABLE IF NOT EXISTS chunks_vec USING vec0(id INTEGER PRIMARY KEY, embedding float[${dims}] distance_metric=cosine)`,
  );
}

export function hasVectorTable(db: Db): boolean {
  return db.prepare("SELECT 1 FROM sqlite_master WHERE name = 'chunks_vec'").get() !== undefined;
}

function openChecked(path: string): Db {
  const db = openSqliteDatabase(path);
  try {
    db.pragma("journal_mode = WAL");
    db.pragma("synchronous = NORMAL");
    db.pragma("busy_timeout = 5000");
    db.pragma("cache_size = -32000");
    sqliteVec.load(db);
    const check = db.pragma("quick_check", { simple: true });
    if (check !== "ok") throw new Error(`quick_check: ${String(check)}`);
    db.exec(SCHEMA);
    return db;
  } catch (error) {
    db.close();
    throw error;
  }
}

/**
 * Opens (creating if needed) the index file. An unreadable file throws
 * `MemoryIndexCorruptError`, or with `rebuild` is renamed to `<file>.corrupt-<time>` and
 * replaced by an empty index.
 */
export function openDatabase(path: string, onCorrupt: "error" | "rebuild", log: (m: string) => void): Db {
  if (path !== ":memory:") mkdirSync(dirname(path), { recursive: true });
  try {
    return openChecked(path);
  } catch (error) {
    const corrupt =
      error instanceof Error && /not a database|malformed|quick_check|file is encrypted/i.test(error.message);
    if (!corrupt) throw error;
    if (onCorrupt === "error") throw new MemoryIndexCorruptError(path, error);
    const aside = `${path}.corrupt-${Date.now()}`;
    renameSync(path, aside);
    for (const suffix of ["-wal", "-shm"])
      if (existsSync(path + suffix)) renameSync(path + suffix, aside + suffix);
    log(`memory: ${path} was unreadable; moved to ${aside} and rebuilding from the markdown files`);
    return openChecked(path);
  }
}

export function toBlob(vector: Float32Array): Buffer {
  return Buffer.from(vector.buffer, vector.byteOffset, vector.byteLength);
}

export function fromBlob(blob: Buffer): Float32Array {
  const copy = new Uint8Array(blob.byteLength);
  copy.set(blob);
  return new Float32Array(copy.buffer);
}
