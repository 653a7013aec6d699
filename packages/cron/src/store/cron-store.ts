/**
 * Jobs and runs in SQLite (the gateway's state.db): one row per job (the job as JSON, its state
 * included) and one row per run. A run row is unique per (job, due time), so a due time can be
 * claimed only once, across restarts too.
 */
import { createRequire } from "node:module";
import type { Value as ValueModule } from "typebox/value";
import { CronJob, type CronRun, type CronRunStatus, type DeliveryStatus } from "../schema/job.js";
import type { SqliteDatabase } from "./sqlite.js";

const SCHEMA = `
CREATE TABLE IF NOT EXISTS cron_jobs (
  id TEXT PRIMARY KEY, job TEXT NOT NULL, enabled INTEGER NOT NULL, next_run_at INTEGER,
  agent_id TEXT, updated_at INTEGER NOT NULL);
CREATE TABLE IF NOT EXISTS cron_runs (
  run_id TEXT PRIMARY KEY, job_id TEXT NOT NULL, job_name TEXT NOT NULL, trigger TEXT NOT NULL,
  scheduled_at INTEGER, started_at INTEGER NOT NULL, ended_at INTEGER, status TEXT NOT NULL,
  error TEXT, summary TEXT, session_key TEXT, delivery_status TEXT NOT NULL, delivery_error TEXT,
  UNIQUE (job_id, scheduled_at));
CREATE INDEX IF NOT EXISTS cron_runs_by_job ON cron_runs (job_id, started_at);
CREATE INDEX IF NOT EXISTS cron_runs_by_status ON cron_runs (status);
`;

interface RunRow {
  run_id: string;
  job_id: string;
  job_name: string;
  trigger: CronRun["trigger"];
  scheduled_at: number | null;
  started_at: number;
  ended_at: number | null;
  status: CronRunStatus;
  error: string | null;
  summary: string | null;
  session_key: string | null;
  delivery_status: DeliveryStatus;
  delivery_error: string | null;
}

export interface RunQuery {
  jobId?: string;
  statuses?: readonly CronRunStatus[];
  limit: number;
  offset: number;
  sortDir: "asc" | "desc";
}

export interface JobQuery {
  limit: number;
  offset: number;
  includeDisabled: boolean;
  agentId?: string;
  query?: string;
}

export interface RunEnd {
  endedAtMs: number;
  status: Exclude<CronRunStatus, "running">;
  error?: string;
  summary?: string;
  sessionKey?: string;
  deliveryStatus?: DeliveryStatus;
  deliveryError?: string;
}

export interface CronStore {
  /**
   * Every job that parses, read a page at a time (10,000 jobs never sit in memory at once); a
   * row that does not parse is reported and left in place.
   */
  loadJobs(onBadRow: (id: string, problem: string) => void): Iterable<CronJob>;
  getJob(id: string): CronJob | undefined;
  putJob(job: CronJob): void;
  /** Removes the job (and its runs unless `keepRuns`); false when there was no such job. */
  deleteJob(id: string, options?: { keepRuns?: boolean }): boolean;
  listJobs(query: JobQuery): { jobs: CronJob[]; total: number };
  /** Records a run start; false when a run for this job and due time exists already. */
  beginRun(run: CronRun): boolean;
  endRun(runId: string, end: RunEnd): void;
  /** Records how a run's delivery ended when it settled after the run (the outbox retried it). */
  setRunDelivery(runId: string, deliveryStatus: DeliveryStatus, deliveryError?: string): void;
  /** Runs still marked running (a previous process stopped during them, or they are going now). */
  runningRuns(): CronRun[];
  listRuns(query: RunQuery): { runs: CronRun[]; total: number };
  /** Keeps the newest `keep` finished runs of a job. */
  pruneRuns(jobId: string, keep: number): void;
}

const toRun = (row: RunRow): CronRun => ({
  runId: row.run_id,
  jobId: row.job_id,
  jobName: row.job_name,
  trigger: row.trigger,
  ...(row.scheduled_at !== null ? { scheduledAtMs: row.scheduled_at } : {}),
  startedAtMs: row.started_at,
  ...(row.ended_at !== null ? { endedAtMs: row.ended_at } : {}),
  status: row.status,
  ...(row.error !== null ? { error: row.error } : {}),
  ...(row.summary !== null ? { summary: row.summary } : {}),
  ...(row.session_key !== null ? { sessionKey: row.session_key } : {}),
  deliveryStatus: row.delivery_status,
  ...(row.delivery_error !== null ? { deliveryError: row.delivery_error } : {}),
});

// typebox/value is ~140 modules: loaded by the first stored job read, not by every gateway start.
let valueModule: typeof ValueModule | undefined;
function typeboxValue(): typeof ValueModule {
  valueModule ??= (createRequire(import.meta.url)("typebox/value") as { Value: typeof ValueModule }).Value;
  return valueModule;
}

function parseJob(text: string): CronJob | string {
  let value: unknown;
  try {
    value = JSON.parse(text);
  } catch (error) {
    return `not JSON (${error instanceof Error ? error.message : String(error)})`;
  }
  const Value = typeboxValue();
  if (!Value.Check(CronJob, value)) {
    const first = Value.Errors(CronJob, value)[0];
    return `does not match the job schema${first ? ` at ${first.instancePath || "/"}: ${first.message}` : ""}`;
  }
  return value;
}

/** Rows read per page when all jobs are loaded at start. */
const LOAD_PAGE_ROWS = 500;

/**
 * @example
 * const store = openCronStore(new Database("state.db"));
 * store.putJob(job);
 */
export function openCronStore(db: SqliteDatabase): CronStore {
  db.exec(SCHEMA);
  const put = db.prepare(
    `INSERT INTO cron_jobs (id, job, enabled, next_run_at, agent_id, updated_at) VALUES (?, ?, ?, ?, ?, ?)
     ON CONFLICT (id) DO UPDATE SET job = excluded.job, enabled = excluded.enabled,
       next_run_at = excluded.next_run_at, agent_id = excluded.agent_id, updated_at = excluded.updated_at`,
  );
  const getOne = db.prepare("SELECT job FROM cron_jobs WHERE id = ?");
  const loadPage = db.prepare("SELECT id, job FROM cron_jobs WHERE id > ? ORDER BY id LIMIT ?");
  const insertRun = db.prepare(
    `INSERT OR IGNORE INTO cron_runs (run_id, job_id, job_name, trigger, scheduled_at, started_at, ended_at,
       status, error, summary, session_key, delivery_status, delivery_error)
     VALUES (@run_id, @job_id, @job_name, @trigger, @scheduled_at, @started_at, @ended_at, @status, @error,
       @summary, @session_key, @delivery_status, @delivery_error)`,
  );
  const endRun = db.prepare(
    `UPDATE cron_runs SET ended_at = @ended_at, status = @status, error = @error, summary = @summary,
       session_key = COALESCE(@session_key, session_key), delivery_status = @delivery_status,
       delivery_error = @delivery_error
     WHERE run_id = @run_id`,
  );
  const setDelivery = db.prepare(
    "UPDATE cron_runs SET delivery_status = ?, delivery_error = ? WHERE run_id = ?",
  );
  return {
    *loadJobs(onBadRow) {
      let after = "";
      for (;;) {
        const rows = loadPage.all(after, LOAD_PAGE_ROWS) as { id: string; job: string }[];
        for (const row of rows) {
          const job = parseJob(row.job);
          if (typeof job === "string") onBadRow(row.id, job);
          else yield job;
        }
        const last = rows.at(-1);
        if (!last || rows.length < LOAD_PAGE_ROWS) return;
        after = last.id;
      }
    },
    getJob(id) {
      const row = getOne.get(id) as { job: string } | undefined;
      if (!row) return undefined;
      const job = parseJob(row.job);
      return typeof job === "string" ? undefined : job;
    },
    putJob(job) {
      put.run(
        job.id,
        JSON.stringify(job),
        job.enabled ? 1 : 0,
        job.state.nextRunAtMs ?? null,
        job.agentId ?? null,
        job.updatedAtMs,
      );
    },
    deleteJob(id, options = {}) {
      if (!options.keepRuns) db.prepare("DELETE FROM cron_runs WHERE job_id = ?").run(id);
      return Number(db.prepare("DELETE FROM cron_jobs WHERE id = ?").run(id).changes) > 0;
    },
    listJobs(query) {
      const where: string[] = [];
      const params: unknown[] = [];
      if (!query.includeDisabled) where.push("enabled = 1");
      if (query.agentId) {
        where.push("agent_id = ?");
        params.push(query.agentId);
      }
      if (query.query) {
        where.push("instr(lower(job), lower(?)) > 0");
        params.push(query.query);
      }
      const clause = where.length > 0 ? `WHERE ${where.join(" AND ")}` : "";
      const total = (
        db.prepare(`SELECT count(*) AS n FROM cron_jobs ${clause}`).get(...params) as { n: number }
      ).n;
      const rows = db
        .prepare(
          `SELECT job FROM cron_jobs ${clause} ORDER BY next_run_at IS NULL, next_run_at, id LIMIT ? OFFSET ?`,
        )
        .all(...params, query.limit, query.offset) as { job: string }[];
      const jobs = rows.map((r) => parseJob(r.job)).filter((j): j is CronJob => typeof j !== "string");
      return { jobs, total };
    },
    beginRun(run) {
      const result = insertRun.run({
        run_id: run.runId,
        job_id: run.jobId,
        job_name: run.jobName,
        trigger: run.trigger,
        scheduled_at: run.scheduledAtMs ?? null,
        started_at: run.startedAtMs,
        ended_at: run.endedAtMs ?? null,
        status: run.status,
        error: run.error ?? null,
        summary: run.summary ?? null,
        session_key: run.sessionKey ?? null,
        delivery_status: run.deliveryStatus,
        delivery_error: run.deliveryError ?? null,
      });
      return Number(result.changes) > 0;
    },
    endRun(runId, end) {
      endRun.run({
        run_id: runId,
        ended_at: end.endedAtMs,
        status: end.status,
        error: end.error ?? null,
        summary: end.summary ?? null,
        session_key: end.sessionKey ?? null,
        delivery_status: end.deliveryStatus ?? "not-requested",
        delivery_error: end.deliveryError ?? null,
      });
    },
    setRunDelivery(runId, deliveryStatus, deliveryError) {
      setDelivery.run(deliveryStatus, deliveryError ?? null, runId);
    },
    runningRuns() {
      return (db.prepare("SELECT * FROM cron_runs WHERE status = 'running'").all() as RunRow[]).map(toRun);
    },
    listRuns(query) {
      const where: string[] = ["status != 'running'"];
      const params: unknown[] = [];
      if (query.jobId) {
        where.push("job_id = ?");
        params.push(query.jobId);
      }
      if (query.statuses && query.statuses.length > 0) {
        where.push(`status IN (${query.statuses.map(() => "?").join(", ")})`);
        params.push(...query.statuses);
      }
      const clause = `WHERE ${where.join(" AND ")}`;
      const total = (
        db.prepare(`SELECT count(*) AS n FROM cron_runs ${clause}`).get(...params) as { n: number }
      ).n;
      const dir = query.sortDir === "asc" ? "ASC" : "DESC";
      const rows = db
        .prepare(
          `SELECT * FROM cron_runs ${clause} ORDER BY COALESCE(scheduled_at, started_at) ${dir}, started_at ${dir}, rowid ${dir} LIMIT ? OFFSET ?`,
        )
        .all(...params, query.limit, query.offset) as RunRow[];
      return { runs: rows.map(toRun), total };
    },
    pruneRuns(jobId, keep) {
      db.prepare(
        `DELETE FROM cron_runs WHERE job_id = ? AND status != 'running' AND rowid NOT IN (
           SELECT rowid FROM cron_runs WHERE job_id = ? AND status != 'running' ORDER BY started_at DESC, rowid DESC LIMIT ?)`,
      ).run(jobId, jobId, keep);
    },
  };
}
