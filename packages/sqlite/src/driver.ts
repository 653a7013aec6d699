/**
 * Picks and loads the better-sqlite3 build that works on the running Node. better-sqlite3 13
 * is a Node-API 10 addon (prebuilt, loads on Node 22.14+ and 24 without a compiler); on older
 * Node it crashes, so there the 12.x line (compiled for the running Node at install) is used.
 * better-sqlite3 ≤ 12 on Node 24 aborts in `Statement::~Statement()`, so 12 is never picked there.
 */
import { closeSync, existsSync, openSync } from "node:fs";
import { createRequire } from "node:module";
import type BetterSqlite3 from "better-sqlite3";

/** An open database: the better-sqlite3 `Database` API (the same in 12 and 13). */
export type SqliteDatabase = BetterSqlite3.Database;
/** Options for opening a database (`readonly`, `fileMustExist`, `timeout`, …). */
export type SqliteOpenOptions = BetterSqlite3.Options;
/** The better-sqlite3 `Database` constructor. */
export type SqliteDatabaseConstructor = typeof BetterSqlite3;

/** The Node-API version better-sqlite3 13 is built for. */
export const NODE_API_FOR_SQLITE_13 = 10;

/** Which installed package provides the driver. */
export interface SqliteDriverChoice {
  /** The dependency name: `better-sqlite3` (13) or the `better-sqlite3-12` alias. */
  packageName: "better-sqlite3" | "better-sqlite3-12";
  major: 12 | 13;
}

/** What was loaded, for `claw doctor` and error messages. */
export interface SqliteDriverInfo extends SqliteDriverChoice {
  version: string;
  nodeApi: number;
  nodeVersion: string;
}

/**
 * The driver for a Node-API version (pure; `process.versions.napi` in practice).
 *
 * @example sqliteDriverFor(10) // { packageName: "better-sqlite3", major: 13 }
 */
export function sqliteDriverFor(nodeApi: number): SqliteDriverChoice {
  return nodeApi >= NODE_API_FOR_SQLITE_13
    ? { packageName: "better-sqlite3", major: 13 }
    : { packageName: "better-sqlite3-12", major: 12 };
}

const require = createRequire(import.meta.url);
let loaded: { Database: SqliteDatabaseConstructor; info: SqliteDriverInfo } | undefined;

function loadDriver(): { Database: SqliteDatabaseConstructor; info: SqliteDriverInfo } {
  if (loaded) return loaded;
  const nodeApi = Number(process.versions.napi ?? 0);
  const choice = sqliteDriverFor(nodeApi);
  let Database: SqliteDatabaseConstructor;
  let version: string;
  try {
    Database = require(choice.packageName) as SqliteDatabaseConstructor;
    version = (require(`${choice.packageName}/package.json`) as { version: string }).version;
  } catch (error) {
    const reason = error instanceof Error ? error.message.split("\n")[0] : String(error);
    const fix =
      choice.major === 13
        ? "reinstall @claw/sqlite (npm install)"
        : `rebuild it for this Node (\`npm rebuild better-sqlite3\`) or use Node 22.14+ / 24, which load the prebuilt better-sqlite3 13`;
    throw new Error(
      `sqlite: cannot load ${choice.packageName} (better-sqlite3 ${choice.major}) on Node ${process.version} (Node-API ${nodeApi}): ${reason} — ${fix}`,
      { cause: error },
    );
  }
  loaded = { Database, info: { ...choice, version, nodeApi, nodeVersion: process.version } };
  return loaded;
}

/**
 * The better-sqlite3 `Database` constructor that fits this Node; throws a clear error naming the
 * package and the fix when it cannot load.
 */
export function loadSqliteDriver(): SqliteDatabaseConstructor {
  return loadDriver().Database;
}

/** Which better-sqlite3 build is (or would be) used here; loads it. */
export function sqliteDriverInfo(): SqliteDriverInfo {
  return loadDriver().info;
}

/**
 * Opens (creating unless `fileMustExist`) a SQLite database with the fitting driver.
 *
 * @example
 * const db = openSqliteDatabase("state.db");
 * db.pragma("journal_mode = WAL");
 */
export function openSqliteDatabase(path: string, options?: SqliteOpenOptions): SqliteDatabase {
  const Database = loadDriver().Database;
  createPrivateFile(path, options);
  return new Database(path, options);
}

/**
 * A database file this call creates is mode 0600 (sessions, pairing, memory are private); SQLite
 * gives its -wal and -shm files the database file's mode. Existing files keep theirs.
 */
function createPrivateFile(path: string, options?: SqliteOpenOptions): void {
  if (path === "" || path === ":memory:" || path.startsWith("file:")) return;
  if (options?.readonly || options?.fileMustExist || existsSync(path)) return;
  closeSync(openSync(path, "a", 0o600));
}
