import Type, { type Static } from "typebox";
import { ChatAttachment } from "./chat.js";
import { IdempotencyKey, NonEmpty, Timestamp } from "./common.js";

/** `agent` params (fields Claw does not use are accepted and ignored, as OpenClaw has many). */
export const AgentParams = Type.Object(
  {
    message: NonEmpty,
    idempotencyKey: IdempotencyKey,
    agentId: Type.Optional(NonEmpty),
    sessionKey: Type.Optional(Type.String()),
    model: Type.Optional(Type.String()),
    thinking: Type.Optional(Type.String()),
    timeout: Type.Optional(Type.Integer({ minimum: 0 })),
    /** Images and files, as with `chat.send` (same shape and limits). */
    attachments: Type.Optional(Type.Array(ChatAttachment)),
  },
  { additionalProperties: true },
);
export type AgentParams = Static<typeof AgentParams>;

export const RunStatus = Type.Union([
  Type.Literal("ok"),
  Type.Literal("error"),
  Type.Literal("aborted"),
  Type.Literal("timeout"),
]);

/** First `res` of an `agent` request. */
export const AgentAccepted = Type.Object(
  { runId: NonEmpty, status: Type.Literal("accepted"), acceptedAt: Timestamp },
  { additionalProperties: false },
);
/** Second (final) `res` of an `agent` request, same id. */
/** One reply of a finished run, as OpenClaw's CLI prints it (`openclaw agent` reads `result.payloads`). */
export const AgentReplyPayload = Type.Object(
  { text: Type.Optional(Type.String()), mediaUrls: Type.Optional(Type.Array(Type.String())) },
  { additionalProperties: false },
);
export type AgentReplyPayload = Static<typeof AgentReplyPayload>;

export const AgentFinal = Type.Object(
  {
    runId: NonEmpty,
    status: RunStatus,
    summary: Type.Optional(Type.String()),
    error: Type.Optional(Type.String()),
    usage: Type.Optional(Type.Unknown()),
    /** The replies, when the run ended ok with something to say. */
    result: Type.Optional(
      Type.Object({ payloads: Type.Array(AgentReplyPayload) }, { additionalProperties: false }),
    ),
  },
  { additionalProperties: false },
);
export type AgentAccepted = Static<typeof AgentAccepted>;
export type AgentFinal = Static<typeof AgentFinal>;
export const AgentResult = Type.Union([AgentAccepted, AgentFinal]);

export const AgentWaitParams = Type.Object(
  { runId: NonEmpty, timeoutMs: Type.Optional(Type.Integer({ minimum: 0 })) },
  { additionalProperties: false },
);
export const AgentWaitResult = Type.Object(
  {
    runId: NonEmpty,
    status: RunStatus,
    startedAt: Type.Optional(Timestamp),
    endedAt: Type.Optional(Timestamp),
    error: Type.Optional(Type.String()),
  },
  { additionalProperties: false },
);
export type AgentWaitResult = Static<typeof AgentWaitResult>;
