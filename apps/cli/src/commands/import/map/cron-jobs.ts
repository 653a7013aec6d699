/**
 * OpenClaw cron jobs → Claw's cron store, `<state dir>/cron/jobs.json` (`{version:1, jobs}`,
 * the job shape the reference documents give: id, name, enabled, schedule at|every|cron,
 * sessionTarget main|isolated, payload systemEvent|agentTurn, delivery). Jobs OpenClaw manages
 * itself (memory dreaming, skill reviews, the heartbeat job derived from config) are not
 * user jobs: they are reported, not copied — Claw's heartbeat comes from the imported config.
 */
import { isRecord } from "../source/types.js";
import type { Unmapped } from "./fit-schema.js";

export interface CronJob {
  id: string;
  name: string;
  description?: string;
  enabled: boolean;
  agentId?: string;
  schedule: Record<string, unknown>;
  sessionTarget: "main" | "isolated";
  wakeMode?: string;
  payload: Record<string, unknown>;
  delivery?: Record<string, unknown>;
  createdAtMs?: number;
}

const PAYLOAD_FIELDS = ["kind", "message", "text", "model", "thinking", "timeoutSeconds"] as const;

function validSchedule(schedule: unknown): schedule is Record<string, unknown> {
  if (!isRecord(schedule)) return false;
  if (schedule.kind === "at") return typeof schedule.at === "string" || typeof schedule.atMs === "number";
  if (schedule.kind === "every") return typeof schedule.everyMs === "number" && schedule.everyMs > 0;
  if (schedule.kind === "cron") return typeof schedule.expr === "string" && schedule.expr.trim() !== "";
  return false;
}

/** The jobs to write, and the ones left behind with why. */
export function mapCronJobs(jobs: readonly Record<string, unknown>[]): {
  jobs: CronJob[];
  unmapped: Unmapped[];
} {
  const out: CronJob[] = [];
  const unmapped: Unmapped[] = [];
  for (const job of jobs) {
    const label = `cron job "${String(job.name ?? job.id)}"`;
    if (typeof job.declarationKey === "string") {
      unmapped.push({
        path: label,
        reason: `managed by OpenClaw itself (${job.declarationKey}); not a user job`,
      });
      continue;
    }
    const payload = isRecord(job.payload) ? job.payload : {};
    if (typeof job.id !== "string" || !validSchedule(job.schedule)) {
      unmapped.push({ path: label, reason: "has no id or no valid schedule (at, every or cron)" });
      continue;
    }
    if (payload.kind !== "systemEvent" && payload.kind !== "agentTurn") {
      unmapped.push({
        path: label,
        reason: `payload kind ${JSON.stringify(payload.kind)} has no Claw equivalent`,
      });
      continue;
    }
    out.push({
      id: job.id,
      name: String(job.name ?? job.id),
      ...(typeof job.description === "string" ? { description: job.description } : {}),
      enabled: job.enabled !== false,
      ...(typeof job.agentId === "string" ? { agentId: job.agentId } : {}),
      schedule: job.schedule,
      sessionTarget: job.sessionTarget === "main" ? "main" : "isolated",
      ...(typeof job.wakeMode === "string" ? { wakeMode: job.wakeMode } : {}),
      payload: Object.fromEntries(
        PAYLOAD_FIELDS.filter((k) => payload[k] !== undefined).map((k) => [k, payload[k]]),
      ),
      ...(isRecord(job.delivery) ? { delivery: job.delivery } : {}),
      ...(typeof job.createdAtMs === "number" ? { createdAtMs: job.createdAtMs } : {}),
    });
  }
  return { jobs: out, unmapped };
}
