import Type, { type Static } from "typebox";
import { NonEmpty } from "./common.js";

export const SessionsListParams = Type.Object(
  {
    limit: Type.Optional(Type.Integer({ minimum: 1 })),
    offset: Type.Optional(Type.Integer({ minimum: 0 })),
    agentId: Type.Optional(NonEmpty),
    search: Type.Optional(Type.String()),
  },
  { additionalProperties: false },
);
export const SessionRow = Type.Object(
  {
    key: Type.String(),
    kind: Type.Union([
      Type.Literal("direct"),
      Type.Literal("group"),
      Type.Literal("global"),
      Type.Literal("unknown"),
    ]),
    sessionId: Type.Optional(Type.String()),
    agentId: Type.Optional(NonEmpty),
    label: Type.Optional(Type.String()),
    model: Type.Optional(Type.String()),
    channel: Type.Optional(Type.String()),
    updatedAt: Type.Optional(Type.Union([Type.Number(), Type.Null()])),
    /** USD so far, each call priced with the model that answered it (OpenClaw's field name). */
    estimatedCostUsd: Type.Optional(Type.Number({ minimum: 0 })),
    /** "provider/model" that answered the latest run (differs from `model` after a fallback). */
    lastModel: Type.Optional(Type.String()),
  },
  { additionalProperties: true },
);
export type SessionRow = Static<typeof SessionRow>;
export const SessionsListResult = Type.Object(
  { sessions: Type.Array(SessionRow), count: Type.Integer({ minimum: 0 }) },
  { additionalProperties: false },
);

/** `sessions.patch`: null clears a field. Unknown fields are accepted and passed to the runtime. */
export const SessionsPatchParams = Type.Object(
  {
    key: NonEmpty,
    agentId: Type.Optional(NonEmpty),
    label: Type.Optional(Type.Union([Type.String({ minLength: 1, maxLength: 512 }), Type.Null()])),
    model: Type.Optional(Type.Union([NonEmpty, Type.Null()])),
    thinkingLevel: Type.Optional(Type.Union([NonEmpty, Type.Null()])),
  },
  { additionalProperties: true },
);
export type SessionsPatchParams = Static<typeof SessionsPatchParams>;
export const SessionsPatchResult = Type.Object({
  ok: Type.Literal(true),
  key: NonEmpty,
  entry: Type.Optional(SessionRow),
});

export const SessionsResetParams = Type.Object(
  {
    key: NonEmpty,
    agentId: Type.Optional(NonEmpty),
    reason: Type.Optional(Type.Union([Type.Literal("new"), Type.Literal("reset")])),
  },
  { additionalProperties: false },
);
export const SessionsResetResult = Type.Object({
  ok: Type.Literal(true),
  key: NonEmpty,
  sessionId: Type.Optional(Type.String()),
});

/** OpenClaw's `sessions.compact` params (`maxLines` is accepted and ignored: Claw compacts by tokens). */
export const SessionsCompactParams = Type.Object(
  { key: NonEmpty, agentId: Type.Optional(NonEmpty), maxLines: Type.Optional(Type.Integer({ minimum: 1 })) },
  { additionalProperties: false },
);
/** Compacted to `messages` messages, or not, and exactly why. */
export const SessionsCompactResult = Type.Object({
  ok: Type.Literal(true),
  key: NonEmpty,
  compacted: Type.Boolean(),
  messages: Type.Optional(Type.Integer({ minimum: 0 })),
  reason: Type.Optional(Type.String()),
});

export const SessionsDeleteParams = Type.Object(
  { key: NonEmpty, agentId: Type.Optional(NonEmpty), deleteTranscript: Type.Optional(Type.Boolean()) },
  { additionalProperties: false },
);
export const SessionsDeleteResult = Type.Object({
  ok: Type.Literal(true),
  key: NonEmpty,
  deleted: Type.Boolean(),
});
