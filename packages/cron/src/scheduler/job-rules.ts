/**
 * The rules of a job, as pure functions: building a job from `cron.add` input, applying a patch,
 * checking the target/payload pairing, resolving the session a run uses, and failure backoff.
 */
import { buildCronSessionKey } from "@claw/ids";
import { nextRunAfter, validateSchedule } from "../schedule/next-run.js";
import type { CronJob, CronJobCreate, CronJobPatch, CronSchedule } from "../schema/job.js";

/** A job input the service refuses, with what to change. */
export class CronJobError extends Error {
  constructor(
    message: string,
    readonly code: "INVALID" | "NOT_FOUND" = "INVALID",
  ) {
    super(message);
    this.name = "CronJobError";
  }
}

/** The error an unknown job id gets, naming the command that lists the ids. */
export function jobNotFound(id: string): CronJobError {
  return new CronJobError(`cron job "${id}" does not exist — \`claw cron list\` shows the ids`, "NOT_FOUND");
}

/** Failure backoff: 30 s, 1 min, 5 min, 15 min, then 60 min, by consecutive error count. */
export const FAILURE_BACKOFF_MS = [30_000, 60_000, 300_000, 900_000, 3_600_000] as const;

export function backoffMs(consecutiveErrors: number): number {
  if (consecutiveErrors <= 0) return 0;
  return FAILURE_BACKOFF_MS[Math.min(consecutiveErrors, FAILURE_BACKOFF_MS.length) - 1] ?? 3_600_000;
}

function checkPairing(job: Pick<CronJob, "payload" | "sessionTarget" | "delivery" | "name">): void {
  if (job.payload.kind === "systemEvent" && job.sessionTarget === "isolated")
    throw new CronJobError(
      `job "${job.name}": a systemEvent goes to an existing session — use sessionTarget "main" (or "session:<key>"), or an agentTurn payload for an isolated run`,
    );
  if (job.delivery?.mode === "announce" && job.payload.kind === "systemEvent")
    throw new CronJobError(
      `job "${job.name}": only agentTurn jobs have a result to announce — drop delivery or use an agentTurn payload`,
    );
}

function checkSchedule(schedule: CronSchedule): void {
  try {
    validateSchedule(schedule);
  } catch (error) {
    throw new CronJobError(error instanceof Error ? error.message : String(error));
  }
}

/** The first due time of a new or rescheduled job: an `at` keeps its instant even when past (it runs now). */
export function firstRunAt(
  job: Pick<CronJob, "id" | "schedule" | "createdAtMs">,
  nowMs: number,
): number | undefined {
  if (job.schedule.kind === "at") return nextRunAfter(job.schedule, Number.NEGATIVE_INFINITY, ctxOf(job));
  return nextRunAfter(job.schedule, nowMs, ctxOf(job));
}

export const ctxOf = (job: Pick<CronJob, "id" | "createdAtMs">) => ({
  jobId: job.id,
  createdAtMs: job.createdAtMs,
});

/** Builds a stored job from `cron.add` input. */
export function createJob(input: CronJobCreate, id: string, nowMs: number): CronJob {
  checkSchedule(input.schedule);
  const job: CronJob = {
    id,
    name: input.name,
    enabled: input.enabled ?? true,
    createdAtMs: nowMs,
    updatedAtMs: nowMs,
    schedule: input.schedule,
    sessionTarget: input.sessionTarget ?? (input.payload.kind === "systemEvent" ? "main" : "isolated"),
    wakeMode: input.wakeMode ?? "next-heartbeat",
    payload: input.payload,
    state: {},
    ...(input.agentId ? { agentId: input.agentId } : {}),
    ...(input.sessionKey ? { sessionKey: input.sessionKey } : {}),
    ...(input.description !== undefined ? { description: input.description } : {}),
    ...(input.deleteAfterRun !== undefined ? { deleteAfterRun: input.deleteAfterRun } : {}),
    ...(input.delivery ? { delivery: input.delivery } : {}),
    ...(input.catchUp && input.catchUp !== "once" ? { catchUp: input.catchUp } : {}),
  };
  checkPairing(job);
  if (job.enabled) {
    const next = firstRunAt(job, nowMs);
    if (next !== undefined) job.state.nextRunAtMs = next;
  }
  return job;
}

/** Applies a `cron.update` patch; a new schedule or re-enabling recomputes the next due time. */
export function patchJob(job: CronJob, patch: CronJobPatch, nowMs: number): CronJob {
  if (patch.schedule) checkSchedule(patch.schedule);
  const next: CronJob = { ...job, state: { ...job.state }, updatedAtMs: nowMs };
  for (const [key, value] of Object.entries(patch) as [keyof CronJobPatch, unknown][]) {
    if (value === undefined) continue;
    if (value === null) delete (next as Partial<Record<keyof CronJobPatch, unknown>>)[key];
    else (next as Record<string, unknown>)[key] = value;
  }
  if (next.catchUp === "once") delete next.catchUp;
  checkPairing(next);
  const rescheduled = patch.schedule !== undefined || (patch.enabled === true && !job.enabled);
  if (!next.enabled) delete next.state.nextRunAtMs;
  else if (rescheduled || next.state.nextRunAtMs === undefined) {
    const at = firstRunAt(next, nowMs);
    if (at === undefined) delete next.state.nextRunAtMs;
    else next.state.nextRunAtMs = at;
  }
  return next;
}

/** The session an agentTurn or systemEvent of this job goes to. */
export function jobSessionKey(job: CronJob, mainSessionKey: (agentId?: string) => string): string {
  const target = job.sessionTarget;
  if (target === "isolated") return buildCronSessionKey(job.id);
  if (target.startsWith("session:")) return target.slice("session:".length);
  if (target === "current" && job.sessionKey) return job.sessionKey;
  return mainSessionKey(job.agentId);
}
