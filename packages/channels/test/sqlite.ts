/** A fresh state.db in a temporary folder (WAL, as the gateway opens it). */
import { mkdtempSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { openSqliteDatabase } from "@claw/sqlite";

export function tempStateDb() {
  const dir = mkdtempSync(join(tmpdir(), "claw-channels-"));
  const path = join(dir, "state.db");
  const open = () => {
    const db = openSqliteDatabase(path);
    db.pragma("journal_mode = WAL");
    return db;
  };
  const db = open();
  const cleanup = () => {
    db.close();
    rmSync(dir, { recursive: true, force: true });
  };
  return { db, path, open, cleanup };
}
