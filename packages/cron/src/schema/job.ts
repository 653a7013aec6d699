/**
 * Cron jobs as data. The job schemas are the wire's (`@claw/protocol`), so a stored job is what
 * `cron.list` sends; runs are Claw's own record of every due time.
 */
import type { CronDeliveryStatus as DeliveryStatus } from "@claw/protocol";

export {
  CatchUpPolicy,
  CronDelivery,
  type CronDeliveryStatus as DeliveryStatus,
  CronJob,
  CronJobCreate,
  CronJobPatch,
  CronJobState,
  CronPayload,
  CronSchedule,
} from "@claw/protocol";

/**
 * How a run ended, in Claw's words: `missed` (a due time passed while the gateway was down and
 * the policy did not run it), `timeout`, `interrupted` (the gateway stopped mid-run), `skipped`
 * (the previous run was still going). The wire maps them onto OpenClaw's ok/error/skipped.
 */
export type CronRunStatus = "running" | "ok" | "error" | "timeout" | "interrupted" | "skipped" | "missed";
export type CronRunTrigger = "schedule" | "catch-up" | "manual";

export interface CronRun {
  runId: string;
  jobId: string;
  jobName: string;
  trigger: CronRunTrigger;
  /** The due time this run is for (absent for manual runs). */
  scheduledAtMs?: number;
  startedAtMs: number;
  endedAtMs?: number;
  status: CronRunStatus;
  error?: string;
  summary?: string;
  sessionKey?: string;
  deliveryStatus: DeliveryStatus;
  deliveryError?: string;
}
