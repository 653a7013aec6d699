/**
 * Cron jobs as data: TypeBox schemas in OpenClaw's wire shapes (`CronJob`, `CronAddParams`, the
 * `at | every | cron` schedules, `systemEvent | agentTurn` payloads, `none | announce` delivery),
 * so a job stored here is what `cron.list` sends. `catchUp` is Claw's one addition.
 */
import Type, { type Static } from "typebox";

const Ms = Type.Integer({ minimum: 0, maximum: 8_640_000_000_000_000 });
const NonEmpty = Type.String({ minLength: 1 });

export const AtSchedule = Type.Object(
  {
    kind: Type.Literal("at"),
    at: Type.String({ minLength: 1, description: "ISO time (2026-03-01T09:00:00+01:00)." }),
  },
  { additionalProperties: false },
);
export const EverySchedule = Type.Object(
  {
    kind: Type.Literal("every"),
    everyMs: Type.Integer({ minimum: 1, maximum: 8_640_000_000_000_000 }),
    anchorMs: Type.Optional(Ms),
  },
  { additionalProperties: false },
);
export const CronExprSchedule = Type.Object(
  {
    kind: Type.Literal("cron"),
    expr: NonEmpty,
    tz: Type.Optional(Type.String()),
    staggerMs: Type.Optional(Ms),
  },
  { additionalProperties: false },
);
export const CronSchedule = Type.Union([AtSchedule, EverySchedule, CronExprSchedule]);
export type CronSchedule = Static<typeof CronSchedule>;

export const SystemEventPayload = Type.Object(
  { kind: Type.Literal("systemEvent"), text: NonEmpty, toolsAllow: Type.Optional(Type.Array(Type.String())) },
  { additionalProperties: false },
);
export const AgentTurnPayload = Type.Object(
  {
    kind: Type.Literal("agentTurn"),
    message: NonEmpty,
    model: Type.Optional(Type.String()),
    thinking: Type.Optional(Type.String()),
    timeoutSeconds: Type.Optional(Type.Number({ minimum: 0 })),
    lightContext: Type.Optional(Type.Boolean()),
    toolsAllow: Type.Optional(Type.Array(Type.String())),
  },
  { additionalProperties: false },
);
export const CronPayload = Type.Union([SystemEventPayload, AgentTurnPayload]);
export type CronPayload = Static<typeof CronPayload>;

const deliveryFields = {
  channel: Type.Optional(Type.String({ minLength: 1, pattern: "\\S" })),
  to: Type.Optional(Type.String({ minLength: 1, pattern: "\\S" })),
  threadId: Type.Optional(Type.Union([Type.String(), Type.Number()])),
  accountId: Type.Optional(NonEmpty),
  bestEffort: Type.Optional(Type.Boolean()),
};
export const CronDelivery = Type.Union([
  Type.Object({ mode: Type.Literal("none"), ...deliveryFields }, { additionalProperties: false }),
  Type.Object({ mode: Type.Literal("announce"), ...deliveryFields }, { additionalProperties: false }),
]);
export type CronDelivery = Static<typeof CronDelivery>;

/** What happens to due times that passed while the gateway was down (Claw's addition). */
export const CatchUpPolicy = Type.Union([Type.Literal("once"), Type.Literal("skip"), Type.Literal("all")], {
  description: "once: one run for all missed times; skip: record them as missed; all: run each (capped).",
});
export type CatchUpPolicy = Static<typeof CatchUpPolicy>;

export const SessionTarget = Type.Union([
  Type.Literal("main"),
  Type.Literal("isolated"),
  Type.Literal("current"),
  Type.String({ pattern: "^session:.+" }),
]);
export const WakeMode = Type.Union([Type.Literal("next-heartbeat"), Type.Literal("now")]);

const LastStatus = Type.Union([Type.Literal("ok"), Type.Literal("error"), Type.Literal("skipped")]);
const DeliveryStatus = Type.Union([
  Type.Literal("delivered"),
  Type.Literal("not-delivered"),
  Type.Literal("unknown"),
  Type.Literal("not-requested"),
]);
export type DeliveryStatus = Static<typeof DeliveryStatus>;

export const CronJobState = Type.Object(
  {
    nextRunAtMs: Type.Optional(Ms),
    runningAtMs: Type.Optional(Ms),
    lastRunAtMs: Type.Optional(Ms),
    lastRunStatus: Type.Optional(LastStatus),
    lastStatus: Type.Optional(LastStatus),
    lastError: Type.Optional(Type.String()),
    lastDurationMs: Type.Optional(Type.Integer({ minimum: 0 })),
    consecutiveErrors: Type.Optional(Type.Integer({ minimum: 0 })),
    lastDelivered: Type.Optional(Type.Boolean()),
    lastDeliveryStatus: Type.Optional(DeliveryStatus),
    lastDeliveryError: Type.Optional(Type.String()),
  },
  { additionalProperties: false },
);
export type CronJobState = Static<typeof CronJobState>;

const jobFields = {
  agentId: Type.Optional(NonEmpty),
  sessionKey: Type.Optional(NonEmpty),
  description: Type.Optional(Type.String()),
  enabled: Type.Optional(Type.Boolean()),
  deleteAfterRun: Type.Optional(Type.Boolean()),
  sessionTarget: Type.Optional(SessionTarget),
  wakeMode: Type.Optional(WakeMode),
  delivery: Type.Optional(CronDelivery),
  catchUp: Type.Optional(CatchUpPolicy),
};

/** `cron.add` params (OpenClaw's `CronAddParams`; `sessionTarget` and `wakeMode` may be left out). */
export const CronJobCreate = Type.Object(
  { name: NonEmpty, schedule: CronSchedule, payload: CronPayload, ...jobFields },
  { additionalProperties: false },
);
export type CronJobCreate = Static<typeof CronJobCreate>;

/** A `cron.update` patch: any job field but the id and state; `null` clears `agentId`/`sessionKey`. */
export const CronJobPatch = Type.Object(
  {
    name: Type.Optional(NonEmpty),
    schedule: Type.Optional(CronSchedule),
    payload: Type.Optional(CronPayload),
    ...jobFields,
    agentId: Type.Optional(Type.Union([NonEmpty, Type.Null()])),
    sessionKey: Type.Optional(Type.Union([NonEmpty, Type.Null()])),
  },
  { additionalProperties: false },
);
export type CronJobPatch = Static<typeof CronJobPatch>;

/** A stored job, as `cron.list` sends it. */
export const CronJob = Type.Object(
  {
    id: NonEmpty,
    name: NonEmpty,
    enabled: Type.Boolean(),
    createdAtMs: Ms,
    updatedAtMs: Ms,
    schedule: CronSchedule,
    sessionTarget: SessionTarget,
    wakeMode: WakeMode,
    payload: CronPayload,
    state: CronJobState,
    agentId: Type.Optional(NonEmpty),
    sessionKey: Type.Optional(NonEmpty),
    description: Type.Optional(Type.String()),
    deleteAfterRun: Type.Optional(Type.Boolean()),
    delivery: Type.Optional(CronDelivery),
    catchUp: Type.Optional(CatchUpPolicy),
  },
  { additionalProperties: false },
);
export type CronJob = Static<typeof CronJob>;

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
