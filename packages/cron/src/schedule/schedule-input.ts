/**
 * Schedules as people and models write them: `at` an ISO time or a delay ("20m"), `every` a
 * duration ("30m"), or a cron expression with a zone. Used by the CLI and the agent's tool.
 */
import { durationMs } from "@claw/config";
import type { CronSchedule } from "../schema/job.js";
import { atInstant, ScheduleError, validateSchedule } from "./next-run.js";

export interface ScheduleInput {
  at?: string;
  every?: string;
  cron?: string;
  tz?: string;
}

const DELAY = /^\d+(ms|s|m|h|d)$/;

/**
 * Builds a schedule, or throws a ScheduleError saying what to write. An `at` in the past is
 * refused: a reminder for a time that has passed is almost always a typo (a wrong year or day).
 *
 * @example
 * parseScheduleInput({ at: "20m" }, Date.parse("2026-06-01T08:00:00Z"));
 * // → { kind: "at", at: "2026-06-01T08:20:00.000Z" }
 */
export function parseScheduleInput(input: ScheduleInput, nowMs: number): CronSchedule {
  const given = [input.at, input.every, input.cron].filter((v) => v !== undefined).length;
  if (given !== 1)
    throw new ScheduleError(
      'give exactly one of at ("20m" or an ISO time), every ("30m") or cron ("0 9 * * *")',
    );
  if (input.tz !== undefined && input.cron === undefined)
    throw new ScheduleError(
      "a time zone applies to cron expressions only — an ISO at carries its own offset",
    );
  let schedule: CronSchedule;
  if (input.every !== undefined) {
    if (!DELAY.test(input.every))
      throw new ScheduleError(
        `every "${input.every}" is not a duration — write a number and a unit: "30m", "2h", "1d"`,
      );
    schedule = { kind: "every", everyMs: durationMs(input.every), anchorMs: nowMs };
  } else if (input.cron !== undefined) {
    schedule = { kind: "cron", expr: input.cron, ...(input.tz ? { tz: input.tz } : {}) };
  } else {
    const at = input.at as string;
    if (DELAY.test(at)) return { kind: "at", at: new Date(nowMs + durationMs(at)).toISOString() };
    if (atInstant(at) <= nowMs)
      throw new ScheduleError(
        `at "${at}" is in the past (now is ${new Date(nowMs).toISOString()}) — give a future time or a delay like "20m"`,
      );
    schedule = { kind: "at", at };
  }
  validateSchedule(schedule);
  return schedule;
}
