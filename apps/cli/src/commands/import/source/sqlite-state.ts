/**
 * OpenClaw 2026.9's SQLite state: `state/openclaw.sqlite` (cron jobs, the shared auth store, the
 * list of agent databases) and one `agents/<id>/agent/openclaw-agent.sqlite` per agent (sessions,
 * transcripts, the agent's auth store). The OpenClaw folder is never opened for writing: each
 * database (with its `-wal`, so unflushed writes count) is copied to a private temp dir and the
 * copy is opened `readonly` + `fileMustExist`, so no `-wal`/`-shm` file ever appears beside the
 * original.
 */
import { copyFileSync, existsSync, mkdtempSync, readdirSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import { basename, join } from "node:path";
import { openSqliteDatabase, type SqliteDatabase } from "@claw/sqlite";
import { decompress } from "fzstd";
import { isRecord, type OpenClawCredential, type OpenClawSession } from "./types.js";

type Db = SqliteDatabase;

export const STATE_DB = join("state", "openclaw.sqlite");
export const AGENT_DB = "openclaw-agent.sqlite";

/** Opens read-only snapshots of OpenClaw databases; `close()` removes every copy. */
export function createSnapshotReader() {
  const dir = mkdtempSync(join(tmpdir(), "claw-import-"));
  const open: Db[] = [];
  let count = 0;
  return {
    open(path: string): Db {
      const copy = join(dir, `${++count}-${basename(path)}`);
      copyFileSync(path, copy);
      if (existsSync(`${path}-wal`)) copyFileSync(`${path}-wal`, `${copy}-wal`);
      const db = openSqliteDatabase(copy, { readonly: true, fileMustExist: true });
      open.push(db);
      return db;
    },
    close() {
      for (const db of open) db.close();
      rmSync(dir, { recursive: true, force: true });
    },
  };
}

const hasTable = (db: Db, name: string) =>
  db.prepare("SELECT 1 FROM sqlite_master WHERE type = 'table' AND name = ?").get(name) !== undefined;

function parseJson(text: unknown, what: string, warnings: string[]): unknown {
  if (typeof text !== "string") return undefined;
  try {
    return JSON.parse(text);
  } catch {
    warnings.push(`${what} is not valid JSON; skipped`);
    return undefined;
  }
}

/** Agent databases: those the state db lists, plus any `agents/<id>/agent/openclaw-agent.sqlite` on disk. */
export function findAgentDatabases(root: string, stateDb: Db | undefined): Map<string, string> {
  const found = new Map<string, string>();
  if (stateDb && hasTable(stateDb, "agent_databases"))
    for (const row of stateDb.prepare("SELECT agent_id, path FROM agent_databases").all() as {
      agent_id: string;
      path: string;
    }[]) {
      const path = join(root, row.path);
      if (existsSync(path)) found.set(row.agent_id, path);
    }
  const agentsDir = join(root, "agents");
  if (existsSync(agentsDir))
    for (const id of readdirSync(agentsDir)) {
      const path = join(agentsDir, id, "agent", AGENT_DB);
      if (!found.has(id) && existsSync(path)) found.set(id, path);
    }
  return found;
}

/** Cron jobs of the state db, with their runtime state folded back in as `state`. */
export function readCronJobs(db: Db, warnings: string[]): Record<string, unknown>[] {
  if (!hasTable(db, "cron_jobs")) return [];
  const rows = db
    .prepare("SELECT job_id, job_json, state_json FROM cron_jobs ORDER BY sort_order, job_id")
    .all() as { job_id: string; job_json: string; state_json: string }[];
  const jobs: Record<string, unknown>[] = [];
  for (const row of rows) {
    const job = parseJson(row.job_json, `cron job ${row.job_id}`, warnings);
    if (!isRecord(job)) continue;
    const state = parseJson(row.state_json, `cron job ${row.job_id} state`, warnings);
    jobs.push({ ...job, state: isRecord(state) ? state : {} });
  }
  return jobs;
}

/** `{version, profiles:{id: credential}}` stores: the shared one (state db) or an agent's own. */
export function readAuthStore(db: Db, warnings: string[]): Record<string, OpenClawCredential> {
  let json: unknown;
  if (hasTable(db, "auth_profile_store")) {
    const row = db.prepare("SELECT store_json FROM auth_profile_store WHERE store_key = 'primary'").get() as
      | { store_json: string }
      | undefined;
    json = parseJson(row?.store_json, "auth profile store", warnings);
  }
  if (json === undefined && hasTable(db, "config_machine_state")) {
    const row = db
      .prepare("SELECT value_json FROM config_machine_state WHERE state_key = 'authProfiles.store'")
      .get() as { value_json: string } | undefined;
    json = parseJson(row?.value_json, "shared auth profile store", warnings);
  }
  const profiles = isRecord(json) && isRecord(json.profiles) ? json.profiles : {};
  return Object.fromEntries(Object.entries(profiles).filter((entry) => isRecord(entry[1]))) as Record<
    string,
    OpenClawCredential
  >;
}

interface EventRow {
  seq: number;
  event_json: string | null;
  event_zstd: Uint8Array | null;
}

function decodeEvent(row: EventRow, sessionId: string, warnings: string[]): unknown {
  if (row.event_json !== null)
    return parseJson(row.event_json, `session ${sessionId} line ${row.seq}`, warnings);
  if (row.event_zstd === null) return undefined;
  try {
    return JSON.parse(new TextDecoder().decode(decompress(row.event_zstd)));
  } catch {
    warnings.push(`session ${sessionId} line ${row.seq} could not be decompressed; skipped`);
    return undefined;
  }
}

/** The transcript of a session: the active branch when OpenClaw recorded it, else every line by seq. */
function readTranscript(db: Db, sessionId: string, warnings: string[]): unknown[] {
  const all = db
    .prepare("SELECT seq, event_json, event_zstd FROM transcript_events WHERE session_id = ? ORDER BY seq")
    .all(sessionId) as EventRow[];
  const active = hasTable(db, "session_transcript_active_events")
    ? new Set(
        (
          db
            .prepare("SELECT event_seq FROM session_transcript_active_events WHERE session_id = ?")
            .all(sessionId) as { event_seq: number }[]
        ).map((r) => r.event_seq),
      )
    : new Set<number>();
  // seq 0 is the header, which the active list leaves out.
  const rows = active.size > 0 ? all.filter((r) => r.seq === 0 || active.has(r.seq)) : all;
  return rows.map((r) => decodeEvent(r, sessionId, warnings)).filter((e) => e !== undefined);
}

/** Every session of one agent database with its current transcript. */
export function readAgentSessions(db: Db, agentId: string, warnings: string[]): OpenClawSession[] {
  if (!hasTable(db, "session_nodes")) return [];
  const nodes = db
    .prepare("SELECT session_key, current_session_id, entry_json, label, display_name FROM session_nodes")
    .all() as {
    session_key: string;
    current_session_id: string;
    entry_json: string;
    label: string | null;
    display_name: string | null;
  }[];
  return nodes.map((node) => {
    const meta = parseJson(node.entry_json, `session ${node.session_key}`, warnings);
    return {
      agentId,
      sessionKey: node.session_key,
      sessionId: node.current_session_id,
      meta: {
        ...(isRecord(meta) ? meta : {}),
        ...(node.label ? { label: node.label } : {}),
        ...(node.display_name ? { displayName: node.display_name } : {}),
      },
      events: hasTable(db, "transcript_events") ? readTranscript(db, node.current_session_id, warnings) : [],
    };
  });
}
