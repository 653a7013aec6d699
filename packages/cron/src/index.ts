/**
 * @claw/cron — scheduled jobs and the heartbeat for Claw agents. Jobs and runs are durable in
 * SQLite; the agent runtime and the channels are reached only through injected ports.
 *
 * @example
 * import { createCronService, openCronStore } from "@claw/cron";
 * const cron = createCronService({ store: openCronStore(db), ports });
 * await cron.start();
 */

// Commonly used: the scheduler, its store, the heartbeat and the agent tool.
export {
  type CronEvent,
  type CronService,
  type CronServiceOptions,
  createCronService,
  type StartReport,
} from "./scheduler/cron-service.js";
export { type CronStore, openCronStore } from "./store/cron-store.js";
export {
  type CronScratchStore,
  openCronScratchStore,
  SCRATCH_MAX_BYTES,
  type ScratchPad,
  type ScratchState,
  type ScratchWrite,
} from "./store/scratch-store.js";
export {
  type BeatResult,
  createHeartbeatService,
  DEFAULT_HEARTBEAT_PROMPT,
  type HeartbeatAgent,
  type HeartbeatPorts,
  type HeartbeatService,
  type HeartbeatStatus,
} from "./heartbeat/heartbeat-service.js";
export { CRON_TOOL_NAME, CronToolParams, createCronTool } from "./tool/cron-tool.js";
export type {
  AgentTurnOutcome,
  AgentTurnRequest,
  CronPorts,
  DeliverFn,
  DeliveryPending,
  DeliverySettled,
  DeliveryTarget,
  RunAgentTurn,
} from "./ports.js";

// Job and run schemas (OpenClaw's wire shapes) and the mapping of runs and events onto the wire.
export { beatToWire, eventToWire, runToLogEntry, wireRunStatus } from "./wire.js";
export {
  CatchUpPolicy,
  CronDelivery,
  CronJob,
  CronJobCreate,
  CronJobPatch,
  CronJobState,
  CronPayload,
  type CronRun,
  type CronRunStatus,
  type CronRunTrigger,
  CronSchedule,
  type DeliveryStatus,
} from "./schema/job.js";

// Advanced: schedule math, job rules, clocks, HEARTBEAT.md and active hours.
export { parseScheduleInput, type ScheduleInput } from "./schedule/schedule-input.js";
export {
  atInstant,
  dueTimesBetween,
  nextRunAfter,
  ScheduleError,
  validateSchedule,
} from "./schedule/next-run.js";
export { backoffMs, CronJobError, FAILURE_BACKOFF_MS, jobNotFound } from "./scheduler/job-rules.js";
export { type CatchUpPlan, planCatchUp } from "./scheduler/catch-up.js";
export { type Clock, createManualClock, type ManualClock, settle, systemClock } from "./scheduler/clock.js";
export { isHeartbeatFileEmpty } from "./heartbeat/heartbeat-file.js";
export { type ActiveHours, checkActiveHours, isWithinActiveHours } from "./heartbeat/active-hours.js";
export type { JobQuery, RunEnd, RunQuery } from "./store/cron-store.js";
export type { SqliteDatabase, SqliteStatement } from "./store/sqlite.js";
