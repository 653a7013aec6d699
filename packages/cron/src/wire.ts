/**
 * Claw's run records on OpenClaw's wire: run statuses map onto ok / error / skipped (`missed`
 * and `skipped` → skipped, `timeout` → error with errorReason "timeout", `interrupted` → error),
 * the reason staying in `error` or `summary`.
 */
import type { CronEventPayload, CronRunLogEntry, HeartbeatEventPayload } from "@claw/protocol";
import type { BeatResult } from "./heartbeat/heartbeat-turn.js";
import type { CronEvent } from "./scheduler/cron-service.js";
import type { CronRun, CronRunStatus } from "./schema/job.js";

export function wireRunStatus(status: Exclude<CronRunStatus, "running">): "ok" | "error" | "skipped" {
  if (status === "ok") return "ok";
  return status === "missed" || status === "skipped" ? "skipped" : "error";
}

/** A finished run as a `cron.runs` entry. */
export function runToLogEntry(run: CronRun): CronRunLogEntry {
  const ended = run.endedAtMs ?? run.startedAtMs;
  const status = run.status === "running" ? undefined : run.status;
  return {
    ts: ended,
    jobId: run.jobId,
    action: "finished",
    runId: run.runId,
    jobName: run.jobName,
    runAtMs: run.scheduledAtMs ?? run.startedAtMs,
    durationMs: Math.max(0, ended - run.startedAtMs),
    deliveryStatus: run.deliveryStatus,
    delivered: run.deliveryStatus === "delivered",
    ...(status ? { status: wireRunStatus(status) } : {}),
    ...(status === "timeout" ? { errorReason: "timeout" as const } : {}),
    ...(run.error ? { error: run.error } : {}),
    ...(run.summary ? { summary: run.summary } : {}),
    ...(run.sessionKey ? { sessionKey: run.sessionKey } : {}),
    ...(run.deliveryError ? { deliveryError: run.deliveryError } : {}),
  };
}

/** A service event as the `cron` event payload. */
export function eventToWire(event: CronEvent): CronEventPayload {
  const { status, ...rest } = event;
  return { ...rest, ...(status ? { status: wireRunStatus(status) } : {}) };
}

const SKIP_REASONS: Record<NonNullable<BeatResult["skipReason"]>, string> = {
  "outside-active-hours": "quiet-hours",
  "empty-heartbeat-file": "empty-heartbeat-file",
  "heartbeats-disabled": "disabled",
};

/**
 * A beat as OpenClaw's `heartbeat` event: sent (delivered), ok-token / ok-empty (an ack, never
 * delivered), skipped with the reason (quiet hours, empty HEARTBEAT.md, paused, no target), failed.
 */
export function beatToWire(beat: BeatResult): HeartbeatEventPayload {
  const base = {
    ts: beat.atMs,
    agentId: beat.agentId,
    sessionKey: beat.sessionKey,
    ...(beat.durationMs !== undefined ? { durationMs: beat.durationMs } : {}),
    ...(beat.preview ? { preview: beat.preview } : {}),
  };
  switch (beat.outcome) {
    case "ran":
      if (!beat.delivered) return { ...base, status: "skipped", reason: "no-target" };
      return {
        ...base,
        status: "sent",
        ...(beat.target?.channel ? { channel: beat.target.channel } : {}),
        ...(beat.target?.to ? { to: beat.target.to } : {}),
        ...(beat.target?.accountId ? { accountId: beat.target.accountId } : {}),
      };
    case "ack":
      return { ...base, status: beat.preview ? "ok-token" : "ok-empty", silent: true };
    case "skipped":
      return {
        ...base,
        status: "skipped",
        reason: beat.skipReason ? SKIP_REASONS[beat.skipReason] : "skipped",
      };
    default:
      return { ...base, status: "failed", reason: beat.error ?? "the heartbeat failed" };
  }
}
