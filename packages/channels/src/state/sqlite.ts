/**
 * The slice of a better-sqlite3 `Database` the channel layer uses, so this package carries no
 * native dependency: the app opens state.db and passes the handle.
 */
export interface SqliteStatement {
  run(...params: unknown[]): { changes: number | bigint };
  get(...params: unknown[]): unknown;
  all(...params: unknown[]): unknown[];
}

export interface SqliteDatabase {
  prepare(sql: string): SqliteStatement;
  exec(sql: string): unknown;
  transaction<T>(fn: () => T): () => T;
}
