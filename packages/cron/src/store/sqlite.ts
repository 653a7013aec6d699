/**
 * The slice of a better-sqlite3 `Database` the cron store uses. The store takes an open handle
 * (the gateway's state.db), so this package does not install SQLite itself.
 */
export interface SqliteStatement {
  run(...params: unknown[]): { changes: number | bigint };
  get(...params: unknown[]): unknown;
  all(...params: unknown[]): unknown[];
}

export interface SqliteDatabase {
  exec(sql: string): unknown;
  prepare(sql: string): SqliteStatement;
}
