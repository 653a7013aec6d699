/**
 * The `agent` event: one event of a run, discriminated by `stream` and then by `data.phase`
 * (lifecycle, tool, compaction) or `data.kind` (assistant). This is the one definition of the
 * run event contract; agent-core emits it, the gateway forwards it, clients switch on it.
 * Wire-compatible with OpenClaw's `AgentEvent` ({runId, seq, stream, ts, data}, no sessionKey).
 */
import Type, { type Static, type TSchema } from "typebox";
import { NonEmpty, Timestamp } from "./common.js";

/** Why a run (or a model attempt) failed, as the failure engine names it; open for new reasons. */
const Reason = Type.String();
const Status = Type.Union([Type.Literal("error"), Type.Literal("aborted"), Type.Literal("timeout")]);
/** Set on the events of a slash command's reply run (`/status`, `/new`, …). */
const Command = { command: Type.Optional(Type.Boolean()) };

/** The fallback loop's own events, passed through as they are (`type` is never renamed). */
export const FailoverEventData = Type.Union([
  Type.Object({
    phase: Type.Literal("failover"),
    type: Type.Literal("attempt_failed"),
    provider: Type.String(),
    model: Type.String(),
    profileId: Type.Optional(Type.String()),
    reason: Reason,
    status: Type.Optional(Type.Number()),
    message: Type.String(),
  }),
  Type.Object({
    phase: Type.Literal("failover"),
    type: Type.Literal("candidate_skipped"),
    provider: Type.String(),
    model: Type.String(),
    reason: Reason,
    skip: Type.String(),
    until: Type.Optional(Type.Number()),
  }),
  Type.Object({
    phase: Type.Literal("failover"),
    type: Type.Literal("fallback"),
    from: Type.String(),
    to: Type.String(),
    reason: Reason,
  }),
  Type.Object({
    phase: Type.Literal("failover"),
    type: Type.Literal("profile_cooldown"),
    provider: Type.String(),
    profileId: Type.String(),
    model: Type.Optional(Type.String()),
    reason: Reason,
    lane: Type.String(),
    until: Type.Number(),
  }),
  Type.Object({
    phase: Type.Literal("failover"),
    type: Type.Literal("recovered"),
    provider: Type.String(),
    model: Type.String(),
    profileId: Type.Optional(Type.String()),
  }),
]);
export type FailoverEventData = Static<typeof FailoverEventData>;

/** Run start, terminal state (exactly one `end` or `error` per run), and failover steps. */
export const LifecycleEventData = Type.Union([
  Type.Object({ phase: Type.Literal("start"), startedAt: Timestamp, ...Command }),
  Type.Object({
    phase: Type.Literal("end"),
    status: Type.Literal("ok"),
    startedAt: Timestamp,
    endedAt: Timestamp,
    turns: Type.Optional(Type.Integer({ minimum: 0 })),
    /** "provider/model" that wrote the final answer (a fallback when the primary did not). */
    model: Type.Optional(Type.String()),
    ...Command,
  }),
  Type.Object({
    phase: Type.Literal("error"),
    status: Status,
    startedAt: Timestamp,
    endedAt: Timestamp,
    turns: Type.Optional(Type.Integer({ minimum: 0 })),
    error: Type.String(),
    ...Command,
  }),
  ...FailoverEventData.anyOf,
]);
export type LifecycleEventData = Static<typeof LifecycleEventData>;

/**
 * Answer text (`delta` is the new text; `text` the block so far — always set in-process, on the
 * wire only as a periodic resync snapshot, see the gateway), thinking, a tool call forming.
 */
export const AssistantEventData = Type.Union([
  Type.Object({
    kind: Type.Optional(Type.Never()),
    delta: Type.String(),
    text: Type.Optional(Type.String()),
    ...Command,
  }),
  Type.Object({ kind: Type.Literal("thinking"), delta: Type.String() }),
  Type.Object({ kind: Type.Literal("toolcall"), toolCallId: Type.String(), name: Type.String() }),
]);
export type AssistantEventData = Static<typeof AssistantEventData>;

/** A tool call: started with its arguments, partial output, result (or skipped by steering). */
export const ToolEventData = Type.Union([
  Type.Object({
    phase: Type.Literal("start"),
    name: Type.String(),
    toolCallId: Type.String(),
    args: Type.Unknown(),
  }),
  Type.Object({
    phase: Type.Literal("update"),
    name: Type.String(),
    toolCallId: Type.String(),
    result: Type.String(),
  }),
  Type.Object({
    phase: Type.Literal("result"),
    name: Type.String(),
    toolCallId: Type.String(),
    isError: Type.Boolean(),
    durationMs: Type.Optional(Type.Number()),
    result: Type.Optional(Type.String()),
    skipped: Type.Optional(Type.Boolean()),
  }),
]);
export type ToolEventData = Static<typeof ToolEventData>;

const CompactionReason = Type.Union([
  Type.Literal("threshold"),
  Type.Literal("overflow"),
  Type.Literal("manual"),
]);
/**
 * History management: compaction on a threshold, after a context overflow (`attempt`) or by
 * `/compact` (`end` says `skipped` and why when nothing was compacted); `prune` when old tool
 * results were trimmed for one model call; `memoryFlush`, the silent turn before a compaction.
 */
export const CompactionEventData = Type.Union([
  Type.Object({
    phase: Type.Literal("start"),
    reason: CompactionReason,
    attempt: Type.Optional(Type.Integer({ minimum: 1 })),
    error: Type.Optional(Type.String()),
  }),
  Type.Object({
    phase: Type.Literal("end"),
    reason: CompactionReason,
    ok: Type.Boolean(),
    attempt: Type.Optional(Type.Integer({ minimum: 1 })),
    tokensBefore: Type.Optional(Type.Number()),
    tokensAfter: Type.Optional(Type.Number()),
    skipped: Type.Optional(Type.String()),
  }),
  Type.Object({ phase: Type.Literal("error"), reason: CompactionReason, error: Type.String() }),
  Type.Object({
    phase: Type.Literal("prune"),
    softTrimmed: Type.Integer({ minimum: 0 }),
    hardCleared: Type.Integer({ minimum: 0 }),
    charsSaved: Type.Number(),
    ratioBefore: Type.Number(),
    ratioAfter: Type.Number(),
  }),
  Type.Object({
    phase: Type.Literal("memoryFlush"),
    status: Type.Union([Type.Literal("start"), Type.Literal("ok"), Status]),
    compactionCount: Type.Optional(Type.Integer({ minimum: 0 })),
    silent: Type.Optional(Type.Boolean()),
    text: Type.Optional(Type.String()),
    error: Type.Optional(Type.String()),
  }),
]);
export type CompactionEventData = Static<typeof CompactionEventData>;

/** A problem worth reporting that does not end the run (a failed hook, unrecorded usage). */
export const ErrorEventData = Type.Object({ message: Type.String() });
export type ErrorEventData = Static<typeof ErrorEventData>;

/** The data schema of each stream. */
export const AGENT_EVENT_STREAMS = {
  lifecycle: LifecycleEventData,
  assistant: AssistantEventData,
  tool: ToolEventData,
  compaction: CompactionEventData,
  error: ErrorEventData,
} as const;
export type AgentEventStream = keyof typeof AGENT_EVENT_STREAMS;
/** The `data` of one stream: `AgentEventData<"tool">` is the tool union. */
export type AgentEventData<S extends AgentEventStream = AgentEventStream> = Static<
  (typeof AGENT_EVENT_STREAMS)[S]
>;

function streamEvent<S extends AgentEventStream, D extends TSchema>(stream: S, data: D) {
  return Type.Object(
    {
      runId: NonEmpty,
      seq: Type.Integer({ minimum: 0 }),
      stream: Type.Literal(stream),
      ts: Timestamp,
      data,
    },
    { additionalProperties: false },
  );
}

/** `agent` event payload; matches OpenClaw's `AgentEvent` (no sessionKey on the wire). */
export const AgentEvent = Type.Union([
  streamEvent("lifecycle", LifecycleEventData),
  streamEvent("assistant", AssistantEventData),
  streamEvent("tool", ToolEventData),
  streamEvent("compaction", CompactionEventData),
  streamEvent("error", ErrorEventData),
]);
/** Switch on `stream`, then on `data.phase` / `data.kind`. */
export type AgentEvent = Static<typeof AgentEvent>;
