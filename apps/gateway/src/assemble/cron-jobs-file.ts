/**
 * `claw import openclaw` writes the jobs it imports to `<state dir>/cron/jobs.json`
 * (`{version:1, jobs}`). The gateway adopts them into the cron store at start (same ids, so a
 * second start adds nothing twice) and renames the file; a job that does not fit is logged with
 * why and the file is kept for a look.
 */
import { existsSync, readFileSync, renameSync } from "node:fs";
import { join } from "node:path";
import type { CronService } from "@claw/cron";
import { checkMethodParams } from "@claw/protocol";
import type { LogFile } from "../runtime-adapter/log-file.js";

const FIELDS = [
  "name",
  "description",
  "enabled",
  "agentId",
  "schedule",
  "sessionTarget",
  "wakeMode",
  "payload",
  "delivery",
] as const;

/** OpenClaw's older one-shot form `{kind:"at", atMs}` as the ISO `at` the schema wants. */
function normalizeSchedule(schedule: unknown): unknown {
  if (
    typeof schedule === "object" &&
    schedule !== null &&
    "atMs" in schedule &&
    typeof schedule.atMs === "number"
  )
    return { kind: "at", at: new Date(schedule.atMs).toISOString() };
  return schedule;
}

export function adoptCronJobsFile(
  stateDir: string,
  service: CronService,
  log: LogFile,
): { adopted: number; refused: number } {
  const path = join(stateDir, "cron", "jobs.json");
  if (!existsSync(path)) return { adopted: 0, refused: 0 };
  let jobs: unknown[];
  try {
    const parsed = JSON.parse(readFileSync(path, "utf8")) as { jobs?: unknown };
    jobs = Array.isArray(parsed.jobs) ? parsed.jobs : [];
  } catch (error) {
    log.write("warn", `cron: ${path} is not readable JSON; no jobs adopted from it`, {
      error: String(error),
    });
    return { adopted: 0, refused: 1 };
  }
  let adopted = 0;
  let refused = 0;
  for (const raw of jobs) {
    const job = (typeof raw === "object" && raw !== null ? raw : {}) as Record<string, unknown>;
    const input = Object.fromEntries(
      FIELDS.filter((k) => job[k] !== undefined).map((k) => [
        k,
        k === "schedule" ? normalizeSchedule(job[k]) : job[k],
      ]),
    );
    const checked = checkMethodParams("cron.add", input);
    if (typeof job.id !== "string" || !checked.ok) {
      const why = checked.ok ? "it has no id" : `${checked.path ?? "/"}: ${checked.message}`;
      log.write("warn", `cron: imported job ${String(job.id ?? "(no id)")} not adopted: ${why}`);
      refused++;
      continue;
    }
    try {
      if (service.adopt(job.id, checked.value)) adopted++;
    } catch (error) {
      log.write(
        "warn",
        `cron: imported job ${job.id} not adopted: ${error instanceof Error ? error.message : String(error)}`,
      );
      refused++;
    }
  }
  if (refused === 0) renameSync(path, `${path}.adopted`);
  log.write("info", "cron: adopted imported jobs", { path, adopted, refused });
  return { adopted, refused };
}
