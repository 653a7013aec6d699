/**
 * Store faults for tests of the "not stored, not acknowledged" path: state.db refuses to take
 * inbound messages the way a full disk does, with a real SQLite error from a TEMP trigger on
 * this connection (nothing is written to the file, and other tables keep working).
 */
import type { SqliteDatabase } from "../state/sqlite.js";

/**
 * Makes every insert into the inbound journal fail (SQLITE_CONSTRAINT "database or disk is full")
 * until the returned `recover()` is called. The journal must be open on `db` already.
 *
 * @example
 * const recover = refuseInboundJournal(db);
 * fake.dm(42, "lost?"); // not acknowledged, delivered again
 * recover();            // now it is taken, once
 */
export function refuseInboundJournal(db: SqliteDatabase): () => void {
  db.exec(`CREATE TEMP TRIGGER IF NOT EXISTS claw_refuse_inbound BEFORE INSERT ON main.channel_inbound
           BEGIN SELECT RAISE(ABORT, 'database or disk is full'); END`);
  return () => void db.exec("DROP TRIGGER IF EXISTS temp.claw_refuse_inbound");
}
