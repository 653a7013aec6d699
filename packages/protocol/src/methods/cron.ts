/**
 * Cron jobs on the wire, in OpenClaw's shapes (`CronJob`, `CronAddParams`, the `at | every | cron`
 * schedules, `systemEvent | agentTurn` payloads, `none | announce` delivery): @claw/cron stores
 * exactly these. `catchUp` is Claw's one addition to a job.
 */
import Type, { type Static, type TProperties } from "typebox";

const Ms = Type.Integer({ minimum: 0, maximum: 8_640_000_000_000_000 });
const NonEmpty = Type.String({ minLength: 1 });

export const CronAtSchedule = Type.Object(
  {
    kind: Type.Literal("at"),
    at: Type.String({ minLength: 1, description: "ISO time (2026-03-01T09:00:00+01:00)." }),
  },
  { additionalProperties: false },
);
export const CronEverySchedule = Type.Object(
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
export const CronSchedule = Type.Union([CronAtSchedule, CronEverySchedule, CronExprSchedule]);
export type CronSchedule = Static<typeof CronSchedule>;

export const CronSystemEventPayload = Type.Object(
  { kind: Type.Literal("systemEvent"), text: NonEmpty, toolsAllow: Type.Optional(Type.Array(Type.String())) },
  { additionalProperties: false },
);
export const CronAgentTurnPayload = Type.Object(
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
export const CronPayload = Type.Union([CronSystemEventPayload, CronAgentTurnPayload]);
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

export const CronSessionTarget = Type.Union([
  Type.Literal("main"),
  Type.Literal("isolated"),
  Type.Literal("current"),
  Type.String({ pattern: "^session:.+" }),
]);
export const CronWakeMode = Type.Union([Type.Literal("next-heartbeat"), Type.Literal("now")]);

const CronLastStatus = Type.Union([Type.Literal("ok"), Type.Literal("error"), Type.Literal("skipped")]);
export const CronDeliveryStatus = Type.Union([
  Type.Literal("delivered"),
  Type.Literal("not-delivered"),
  Type.Literal("unknown"),
  Type.Literal("not-requested"),
]);
export type CronDeliveryStatus = Static<typeof CronDeliveryStatus>;

export const CronJobState = Type.Object(
  {
    nextRunAtMs: Type.Optional(Ms),
    runningAtMs: Type.Optional(Ms),
    lastRunAtMs: Type.Optional(Ms),
    lastRunStatus: Type.Optional(CronLastStatus),
    lastStatus: Type.Optional(CronLastStatus),
    lastError: Type.Optional(Type.String()),
    lastDurationMs: Type.Optional(Type.Integer({ minimum: 0 })),
    consecutiveErrors: Type.Optional(Type.Integer({ minimum: 0 })),
    lastDelivered: Type.Optional(Type.Boolean()),
    lastDeliveryStatus: Type.Optional(CronDeliveryStatus),
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
  sessionTarget: Type.Optional(CronSessionTarget),
  wakeMode: Type.Optional(CronWakeMode),
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
    sessionTarget: CronSessionTarget,
    wakeMode: CronWakeMode,
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

const Page = {
  total: Type.Integer({ minimum: 0 }),
  offset: Type.Integer({ minimum: 0 }),
  limit: Type.Integer({ minimum: 1 }),
  hasMore: Type.Boolean(),
  nextOffset: Type.Union([Type.Integer({ minimum: 0 }), Type.Null()]),
};
/** OpenClaw clients name the job `id` or `jobId`. */
function jobRef<E extends TProperties>(extra: E) {
  return Type.Union([
    Type.Object({ id: NonEmpty, ...extra }, { additionalProperties: false }),
    Type.Object({ jobId: NonEmpty, ...extra }, { additionalProperties: false }),
  ]);
}

export const CronListParams = Type.Object(
  {
    includeDisabled: Type.Optional(Type.Boolean()),
    limit: Type.Optional(Type.Integer({ minimum: 1, maximum: 200 })),
    offset: Type.Optional(Type.Integer({ minimum: 0 })),
    query: Type.Optional(Type.String()),
    enabled: Type.Optional(
      Type.Union([Type.Literal("all"), Type.Literal("enabled"), Type.Literal("disabled")]),
    ),
    agentId: Type.Optional(NonEmpty),
  },
  { additionalProperties: false },
);
export const CronListResult = Type.Object(
  { jobs: Type.Array(CronJob), ...Page },
  { additionalProperties: false },
);

export const CronAddParams = CronJobCreate;
export const CronUpdateParams = jobRef({ patch: CronJobPatch });
export const CronRemoveParams = jobRef({});
export const CronRemoveResult = Type.Object(
  { ok: Type.Literal(true), removed: Type.Boolean() },
  { additionalProperties: false },
);
export const CronRunParams = jobRef({
  mode: Type.Optional(Type.Union([Type.Literal("due"), Type.Literal("force"), Type.Literal("if-enabled")])),
});
/** `cron.run` answers once the run ended (`ran: false` with a reason when nothing ran). */
export const CronRunResult = Type.Object(
  {
    ok: Type.Literal(true),
    ran: Type.Boolean(),
    reason: Type.Optional(Type.String()),
    runId: Type.Optional(NonEmpty),
    status: Type.Optional(CronLastStatus),
    error: Type.Optional(Type.String()),
    summary: Type.Optional(Type.String()),
  },
  { additionalProperties: false },
);

export const CronRunsParams = Type.Object(
  {
    scope: Type.Optional(Type.Union([Type.Literal("job"), Type.Literal("all")])),
    id: Type.Optional(Type.String({ minLength: 1, pattern: "^[^/\\\\]+$" })),
    jobId: Type.Optional(Type.String({ minLength: 1, pattern: "^[^/\\\\]+$" })),
    limit: Type.Optional(Type.Integer({ minimum: 1, maximum: 200 })),
    offset: Type.Optional(Type.Integer({ minimum: 0 })),
    statuses: Type.Optional(Type.Array(CronLastStatus, { minItems: 1, maxItems: 3 })),
    status: Type.Optional(Type.Union([Type.Literal("all"), CronLastStatus])),
    sortDir: Type.Optional(Type.Union([Type.Literal("asc"), Type.Literal("desc")])),
  },
  { additionalProperties: false },
);

/** One finished run, as OpenClaw's `CronRunLogEntry` (the fields Claw fills). */
export const CronRunLogEntry = Type.Object(
  {
    ts: Type.Integer({ minimum: 0 }),
    jobId: NonEmpty,
    action: Type.Literal("finished"),
    status: Type.Optional(CronLastStatus),
    error: Type.Optional(Type.String()),
    errorReason: Type.Optional(Type.Literal("timeout")),
    summary: Type.Optional(Type.String()),
    delivered: Type.Optional(Type.Boolean()),
    deliveryStatus: Type.Optional(CronDeliveryStatus),
    deliveryError: Type.Optional(Type.String()),
    sessionKey: Type.Optional(NonEmpty),
    runId: Type.Optional(NonEmpty),
    runAtMs: Type.Optional(Type.Integer({ minimum: 0 })),
    durationMs: Type.Optional(Type.Integer({ minimum: 0 })),
    jobName: Type.Optional(Type.String()),
  },
  { additionalProperties: false },
);
export type CronRunLogEntry = Static<typeof CronRunLogEntry>;
export const CronRunsResult = Type.Object(
  { entries: Type.Array(CronRunLogEntry), ...Page },
  { additionalProperties: false },
);

/** The `cron` event: a job was added, changed or removed, or a run started or finished. */
export const CronEventPayload = Type.Object(
  {
    jobId: NonEmpty,
    action: Type.Union([
      Type.Literal("added"),
      Type.Literal("updated"),
      Type.Literal("removed"),
      Type.Literal("started"),
      Type.Literal("finished"),
    ]),
    runId: Type.Optional(NonEmpty),
    runAtMs: Type.Optional(Type.Integer({ minimum: 0 })),
    durationMs: Type.Optional(Type.Integer({ minimum: 0 })),
    status: Type.Optional(CronLastStatus),
    error: Type.Optional(Type.String()),
    summary: Type.Optional(Type.String()),
    nextRunAtMs: Type.Optional(Type.Integer({ minimum: 0 })),
    deliveryStatus: Type.Optional(CronDeliveryStatus),
  },
  { additionalProperties: false },
);
export type CronEventPayload = Static<typeof CronEventPayload>;

/** `cron.status`: whether the scheduler runs, where jobs are stored, how many, and the next wake. */
export const CronStatusParams = Type.Object({}, { additionalProperties: false });
export const CronStatusResult = Type.Object(
  {
    enabled: Type.Boolean(),
    storePath: Type.String(),
    jobs: Type.Integer({ minimum: 0 }),
    nextWakeAtMs: Type.Union([Ms, Type.Null()]),
  },
  { additionalProperties: false },
);
export const CronGetParams = jobRef({});
/** The `details` of the error an unknown job id gets (OpenClaw's `CronJobNotFoundErrorDetails`). */
export const CronJobNotFoundErrorDetails = Type.Object(
  { code: Type.Literal("CRON_JOB_NOT_FOUND"), jobId: NonEmpty },
  { additionalProperties: false },
);

/** A job's scratch pad: notes kept between its runs, with a revision for safe concurrent writes. */
export const CRON_SCRATCH_MAX_BYTES = 262_144;
const ScratchText = Type.String({ maxLength: CRON_SCRATCH_MAX_BYTES });
export const CronScratch = Type.Union([
  Type.Object(
    { content: ScratchText, revision: Type.Integer({ minimum: 1 }), updatedAtMs: Ms },
    { additionalProperties: false },
  ),
  Type.Null(),
]);
export type CronScratch = Static<typeof CronScratch>;
const scratchState = {
  scratch: CronScratch,
  currentRevision: Type.Integer({ minimum: 0 }),
  maxBytes: Type.Integer({ minimum: 1 }),
};
export const CronScratchGetParams = jobRef({});
export const CronScratchGetResult = Type.Object(scratchState, { additionalProperties: false });
/** `content: null` clears the pad; `expectedRevision` refuses the write when someone wrote since. */
export const CronScratchSetParams = jobRef({
  content: Type.Union([ScratchText, Type.Null()]),
  expectedRevision: Type.Optional(Type.Integer({ minimum: 0 })),
});
export const CronScratchSetResult = Type.Union([
  Type.Object({ ok: Type.Literal(true), ...scratchState }, { additionalProperties: false }),
  Type.Object(
    {
      ok: Type.Literal(false),
      reason: Type.Literal("revision-conflict"),
      currentRevision: Type.Integer({ minimum: 0 }),
    },
    { additionalProperties: false },
  ),
]);
export type CronScratchSetResult = Static<typeof CronScratchSetResult>;
