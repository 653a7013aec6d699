/**
 * Each job's scratch pad (OpenClaw's `cron.scratch.*`): one text of at most 256 KiB kept between
 * runs, with a revision counter so two writers cannot overwrite each other unknowingly.
 */
import type { SqliteDatabase } from "./sqlite.js";

const SCHEMA = `
CREATE TABLE IF NOT EXISTS cron_scratch (
  job_id TEXT PRIMARY KEY, content TEXT, revision INTEGER NOT NULL, updated_at INTEGER NOT NULL
);`;

/** Largest scratch pad, in UTF-8 bytes. */
export const SCRATCH_MAX_BYTES = 262_144;

export interface ScratchPad {
  content: string;
  revision: number;
  updatedAtMs: number;
}

export interface ScratchState {
  /** The pad, or null when it was never written or was cleared. */
  scratch: ScratchPad | null;
  /** The latest revision (0: never written); a clear counts as a revision too. */
  currentRevision: number;
  maxBytes: number;
}

export type ScratchWrite =
  | ({ ok: true } & ScratchState)
  | { ok: false; reason: "revision-conflict"; currentRevision: number };

export interface CronScratchStore {
  get(jobId: string): ScratchState;
  /**
   * Writes (or with `null` clears) the pad. With `expectedRevision`, refuses when the current
   * revision differs. Throws a RangeError when the text is over `SCRATCH_MAX_BYTES`.
   */
  set(
    jobId: string,
    content: string | null,
    options?: { expectedRevision?: number; now?: number },
  ): ScratchWrite;
  delete(jobId: string): void;
}

interface Row {
  content: string | null;
  revision: number;
  updated_at: number;
}

/**
 * @example
 * const scratch = openCronScratchStore(db);
 * scratch.set("job-1", "last seen: issue #41", { expectedRevision: 0 });
 * scratch.get("job-1").scratch?.content; // "last seen: issue #41"
 */
export function openCronScratchStore(db: SqliteDatabase): CronScratchStore {
  db.exec(SCHEMA);
  const select = db.prepare("SELECT content, revision, updated_at FROM cron_scratch WHERE job_id = ?");
  const upsert = db.prepare(
    "INSERT INTO cron_scratch (job_id, content, revision, updated_at) VALUES (?, ?, ?, ?) " +
      "ON CONFLICT(job_id) DO UPDATE SET content = excluded.content, revision = excluded.revision, updated_at = excluded.updated_at",
  );
  const remove = db.prepare("DELETE FROM cron_scratch WHERE job_id = ?");
  const read = (jobId: string): ScratchState => {
    const row = select.get(jobId) as Row | undefined;
    return {
      scratch:
        row && row.content !== null
          ? { content: row.content, revision: row.revision, updatedAtMs: row.updated_at }
          : null,
      currentRevision: row?.revision ?? 0,
      maxBytes: SCRATCH_MAX_BYTES,
    };
  };
  return {
    get: read,
    set(jobId, content, options = {}) {
      const bytes = content === null ? 0 : Buffer.byteLength(content, "utf8");
      if (bytes > SCRATCH_MAX_BYTES)
        throw new RangeError(
          `the scratch pad takes at most ${SCRATCH_MAX_BYTES} bytes; this text has ${bytes} — shorten it`,
        );
      const current = read(jobId).currentRevision;
      if (options.expectedRevision !== undefined && options.expectedRevision !== current)
        return { ok: false, reason: "revision-conflict", currentRevision: current };
      upsert.run(jobId, content, current + 1, options.now ?? Date.now());
      return { ok: true, ...read(jobId) };
    },
    delete(jobId) {
      remove.run(jobId);
    },
  };
}
