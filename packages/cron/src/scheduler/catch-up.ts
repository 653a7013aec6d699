/**
 * What to do at start about due times that passed while the gateway was down, by the job's
 * `catchUp` policy. Every missed time ends up either run or recorded as `missed`: none vanishes.
 */
import { dueTimesBetween, nextRunAfter } from "../schedule/next-run.js";
import type { CatchUpPolicy, CronJob } from "../schema/job.js";
import { ctxOf } from "./job-rules.js";

export interface CatchUpPlan {
  /** Due times to run now, oldest first. */
  run: number[];
  /** Due times to record as missed. */
  missed: number[];
  /** Missed times beyond the ones listed (counted in the last missed record's summary). */
  moreMissed: boolean;
  /** The next due time after now (undefined: the schedule has no more). */
  nextRunAtMs: number | undefined;
}

/** Most due times looked at per job (a 1-minute job down for a week has 10,080). */
export const MAX_MISSED_LISTED = 100;

/**
 * @example
 * planCatchUp(job, Date.now(), { defaultPolicy: "once", maxRuns: 10 });
 */
export function planCatchUp(
  job: CronJob,
  nowMs: number,
  options: { defaultPolicy: CatchUpPolicy; maxRuns: number },
): CatchUpPlan | undefined {
  const due = job.state.nextRunAtMs;
  if (!job.enabled || due === undefined || due > nowMs) return undefined;
  const { times, more } = dueTimesBetween(
    job.schedule,
    due,
    nowMs,
    ctxOf(job),
    MAX_MISSED_LISTED + options.maxRuns,
  );
  if (times.length === 0 && job.schedule.kind !== "at") times.push(due);
  if (job.schedule.kind === "at" && times.length === 0) times.push(due);
  const nextRunAtMs = job.schedule.kind === "at" ? undefined : nextRunAfter(job.schedule, nowMs, ctxOf(job));
  const policy = job.catchUp ?? options.defaultPolicy;
  if (policy === "skip")
    return {
      run: [],
      missed: times.slice(0, MAX_MISSED_LISTED),
      moreMissed: more || times.length > MAX_MISSED_LISTED,
      nextRunAtMs,
    };
  if (policy === "once") {
    const last = times.at(-1) as number;
    const missed = times.slice(0, -1);
    return {
      run: [last],
      missed: missed.slice(-MAX_MISSED_LISTED),
      moreMissed: more || missed.length > MAX_MISSED_LISTED,
      nextRunAtMs,
    };
  }
  const run = times.slice(0, options.maxRuns);
  const missed = times.slice(options.maxRuns);
  return {
    run,
    missed: missed.slice(0, MAX_MISSED_LISTED),
    moreMissed: more || missed.length > MAX_MISSED_LISTED,
    nextRunAtMs,
  };
}
