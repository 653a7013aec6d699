/**
 * When a schedule is due next. Cron expressions are parsed by croner (5 fields, or 6 with
 * seconds first), in an IANA time zone, DST-correct; `every` is anchored; `at` is one instant.
 */
import { Cron } from "croner";
import type { CronSchedule } from "../schema/job.js";

/** A schedule the service cannot use, with what to write instead. */
export class ScheduleError extends Error {
  constructor(message: string) {
    super(message);
    this.name = "ScheduleError";
  }
}

/**
 * The instant of an `at` schedule: an ISO time with a zone or offset (a time without one is read
 * as UTC, so the result never depends on the host's zone).
 *
 * @example
 * atInstant("2026-03-01T09:00:00+01:00"); // → 1772352000000
 */
export function atInstant(at: string): number {
  const iso = /^\d{4}-\d{2}-\d{2}T\d{2}:\d{2}(:\d{2}(\.\d+)?)?$/.test(at) ? `${at}Z` : at;
  const ms = /^\d{4}-\d{2}-\d{2}/.test(iso) ? Date.parse(iso) : Number.NaN;
  if (!Number.isFinite(ms))
    throw new ScheduleError(
      `at "${at}" is not an ISO time — write e.g. "2026-03-01T09:00:00Z" or "2026-03-01T09:00:00+01:00"`,
    );
  return ms;
}

/** Throws a ScheduleError for an unknown IANA zone. */
export function checkTimeZone(tz: string): void {
  try {
    new Intl.DateTimeFormat("en-US", { timeZone: tz });
  } catch {
    throw new ScheduleError(`time zone "${tz}" is not an IANA zone — write e.g. "Europe/Berlin" or "UTC"`);
  }
}

function cronFor(expr: string, tz: string | undefined): Cron {
  if (tz) checkTimeZone(tz);
  const fields = expr.trim().split(/\s+/).length;
  if (fields !== 5 && fields !== 6)
    throw new ScheduleError(
      `cron "${expr}" has ${fields} fields — write 5 (minute hour day month weekday) or 6 (seconds first)`,
    );
  try {
    return new Cron(expr, { ...(tz ? { timezone: tz } : {}), mode: "5-or-6-parts" });
  } catch (error) {
    throw new ScheduleError(
      `cron "${expr}" is not a valid expression (${error instanceof Error ? error.message : String(error)}) — e.g. "0 9 * * 1-5"`,
    );
  }
}

/** Checks a schedule; throws a ScheduleError saying what to fix. */
export function validateSchedule(schedule: CronSchedule): void {
  if (schedule.kind === "at") atInstant(schedule.at);
  else if (schedule.kind === "cron") cronFor(schedule.expr, schedule.tz);
}

/** A fixed offset in [0, staggerMs) per job, so jobs sharing an expression do not all fire at once. */
function staggerOffset(jobId: string, staggerMs: number | undefined): number {
  if (!staggerMs) return 0;
  let hash = 0;
  for (let i = 0; i < jobId.length; i++) hash = (hash * 31 + jobId.charCodeAt(i)) >>> 0;
  return hash % staggerMs;
}

export interface NextRunContext {
  jobId: string;
  /** The `every` anchor when the schedule has none (the job's creation time). */
  createdAtMs: number;
}

/**
 * The first due time strictly after `afterMs`, or undefined when there is none (an `at` that has
 * passed, a cron expression with no future match).
 *
 * @example
 * nextRunAfter({ kind: "every", everyMs: 60_000, anchorMs: 0 }, 90_000, ctx); // → 120000
 */
export function nextRunAfter(
  schedule: CronSchedule,
  afterMs: number,
  ctx: NextRunContext,
): number | undefined {
  switch (schedule.kind) {
    case "at": {
      const at = atInstant(schedule.at);
      return at > afterMs ? at : undefined;
    }
    case "every": {
      const anchor = schedule.anchorMs ?? ctx.createdAtMs;
      if (afterMs < anchor) return anchor;
      return anchor + (Math.floor((afterMs - anchor) / schedule.everyMs) + 1) * schedule.everyMs;
    }
    case "cron": {
      const offset = staggerOffset(ctx.jobId, schedule.staggerMs);
      const next = cronFor(schedule.expr, schedule.tz).nextRun(new Date(afterMs - offset));
      return next ? next.getTime() + offset : undefined;
    }
  }
}

/**
 * Due times in `[fromMs, toMs]`, oldest first, at most `limit` of them; `more` tells whether
 * there were others after the last one returned.
 */
export function dueTimesBetween(
  schedule: CronSchedule,
  fromMs: number,
  toMs: number,
  ctx: NextRunContext,
  limit: number,
): { times: number[]; more: boolean } {
  const times: number[] = [];
  let next: number | undefined = nextRunAfter(schedule, fromMs - 1, ctx);
  while (next !== undefined && next <= toMs) {
    if (times.length === limit) return { times, more: true };
    times.push(next);
    next = nextRunAfter(schedule, next, ctx);
  }
  return { times, more: false };
}
