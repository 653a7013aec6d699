import { chmodSync, mkdtempSync, rmSync, statSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { afterEach, describe, expect, it } from "vitest";
import { openSqliteDatabase, sqliteDriverFor, sqliteDriverInfo } from "../src/index.js";

describe("sqliteDriverFor", () => {
  it.each([
    [8, "better-sqlite3-12", 12],
    [9, "better-sqlite3-12", 12],
    [10, "better-sqlite3", 13],
    [11, "better-sqlite3", 13],
  ] as const)("Node-API %i → %s", (napi, packageName, major) => {
    expect(sqliteDriverFor(napi)).toEqual({ packageName, major });
  });
});

describe("openSqliteDatabase", () => {
  const dirs: string[] = [];
  afterEach(() => {
    for (const dir of dirs.splice(0)) rmSync(dir, { recursive: true, force: true });
  });

  it("loads the build that fits the running Node", () => {
    const info = sqliteDriverInfo();
    expect(info).toMatchObject(sqliteDriverFor(Number(process.versions.napi)));
    expect(info.version.startsWith(`${info.major}.`)).toBe(true);
    expect(info.nodeVersion).toBe(process.version);
  });

  it("opens a WAL file database, writes, and reads back after reopening", () => {
    const dir = mkdtempSync(join(tmpdir(), "claw-sqlite-"));
    dirs.push(dir);
    const path = join(dir, "state.db");
    const db = openSqliteDatabase(path);
    expect(db.pragma("journal_mode = WAL", { simple: true })).toBe("wal");
    db.exec("CREATE TABLE t (id INTEGER PRIMARY KEY, v TEXT)");
    const insert = db.prepare("INSERT INTO t (v) VALUES (?)");
    db.transaction(() => {
      for (let i = 0; i < 100; i++) insert.run(`v${i}`);
    })();
    db.close();
    const again = openSqliteDatabase(path, { readonly: true, fileMustExist: true });
    expect(again.prepare("SELECT count(*) AS n FROM t").get()).toEqual({ n: 100 });
    again.close();
  });

  it("creates a new database and its WAL files private (0600) whatever the umask; an existing file keeps its mode", () => {
    const dir = mkdtempSync(join(tmpdir(), "claw-sqlite-"));
    dirs.push(dir);
    const path = join(dir, "state.db");
    const previous = process.umask(0o022);
    try {
      const db = openSqliteDatabase(path);
      db.pragma("journal_mode = WAL");
      db.exec("CREATE TABLE t (v TEXT); INSERT INTO t VALUES ('x')");
      for (const file of [path, `${path}-wal`, `${path}-shm`])
        expect(statSync(file).mode & 0o777).toBe(0o600);
      db.close();
      const shared = join(dir, "shared.db");
      writeFileSync(shared, "");
      chmodSync(shared, 0o640);
      openSqliteDatabase(shared).close();
      expect(statSync(shared).mode & 0o777).toBe(0o640);
    } finally {
      process.umask(previous);
    }
  });

  it("refuses a missing file with fileMustExist, naming the path", () => {
    const missing = join(tmpdir(), `claw-sqlite-missing-${process.pid}.db`);
    expect(() => openSqliteDatabase(missing, { fileMustExist: true })).toThrow(/unable to open|missing/i);
  });
});
