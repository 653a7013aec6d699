/** Jobs and runs as text: the schedule in words, when next, how the last run went. */

import type { MethodResult } from "@claw/client";
import type { CronJob } from "@claw/cron";

type CronRunLogEntry = MethodResult<"cron.runs">["entries"][number];

import { ago, renderTable, until, untrustedRows } from "../../render/table.js";

export function describeSchedule(schedule: CronJob["schedule"]): string {
  if (schedule.kind === "at") return `at ${schedule.at}`;
  if (schedule.kind === "cron") return `cron "${schedule.expr}"${schedule.tz ? ` ${schedule.tz}` : ""}`;
  const ms = schedule.everyMs;
  const unit =
    ms % 86_400_000 === 0
      ? [86_400_000, "d"]
      : ms % 3_600_000 === 0
        ? [3_600_000, "h"]
        : ms % 60_000 === 0
          ? [60_000, "m"]
          : [1000, "s"];
  return `every ${ms / (unit[0] as number)}${unit[1]}`;
}

export function jobTable(jobs: readonly CronJob[], now = Date.now()): string {
  return renderTable(
    ["ID", "NAME", "SCHEDULE", "NEXT", "LAST"],
    untrustedRows(
      jobs.map((job) => [
        job.id,
        job.name,
        describeSchedule(job.schedule),
        !job.enabled
          ? "disabled"
          : job.state.nextRunAtMs === undefined
            ? "-"
            : job.state.nextRunAtMs <= now
              ? "due now"
              : `in ${until(job.state.nextRunAtMs, now)}`,
        job.state.lastRunAtMs === undefined
          ? "never"
          : `${job.state.lastRunStatus ?? "?"} ${ago(job.state.lastRunAtMs, now)}`,
      ]),
    ),
  );
}

/** "missed" and "timeout" stay visible in text, though the wire folds them into skipped/error. */
export function runStatus(entry: CronRunLogEntry): string {
  if (entry.errorReason === "timeout") return "timeout";
  if (entry.status === "skipped" && entry.summary?.startsWith("missed:")) return "missed";
  if (entry.status === "error" && entry.error?.startsWith("interrupted:")) return "interrupted";
  return entry.status ?? "?";
}

export function runTable(entries: readonly CronRunLogEntry[]): string {
  return renderTable(
    ["DUE/RAN", "JOB", "STATUS", "TOOK", "DELIVERY", "DETAIL"],
    untrustedRows(
      entries.map((e) => [
        new Date(e.runAtMs ?? e.ts).toISOString().replace(".000Z", "Z"),
        e.jobName ?? e.jobId,
        runStatus(e),
        e.durationMs === undefined ? "-" : `${(e.durationMs / 1000).toFixed(1)}s`,
        e.deliveryStatus ?? "-",
        (e.error ?? e.summary ?? "").replace(/\s+/g, " ").slice(0, 80),
      ]),
    ),
  );
}
