/**
 * Session events: `sessions.subscribe` / `sessions.unsubscribe` turn the `sessions.changed` event
 * on and off for one connection; `sessions.describe` reads one session row. Shapes follow what
 * OpenClaw's TUI and CLI send and read.
 */
import Type, { type Static } from "typebox";
import { EmptyParams, NonEmpty, Timestamp } from "./common.js";
import { SessionRow, SessionsListParams, SessionsListResult } from "./sessions.js";

/** Params are `sessions.list`'s: with any, the answer carries the list too (`list`). */
export const SessionsSubscribeParams = SessionsListParams;
export const SessionsSubscribeResult = Type.Object(
  { subscribed: Type.Boolean(), list: Type.Optional(SessionsListResult) },
  { additionalProperties: false },
);

export const SessionsUnsubscribeParams = EmptyParams;
export const SessionsUnsubscribeResult = Type.Object(
  { subscribed: Type.Literal(false) },
  { additionalProperties: false },
);

export const SessionsDescribeParams = Type.Object(
  {
    key: NonEmpty,
    agentId: Type.Optional(NonEmpty),
    includeDerivedTitles: Type.Optional(Type.Boolean()),
    includeLastMessage: Type.Optional(Type.Boolean()),
  },
  { additionalProperties: false },
);
/** `session: null` for a key with no session yet. */
export const SessionsDescribeResult = Type.Object(
  { session: Type.Union([SessionRow, Type.Null()]) },
  { additionalProperties: false },
);

/**
 * `sessions.changed`: a session was patched, reset, deleted or compacted (`reason`), or a run on
 * it started or ended (`phase`, `runId`).
 */
export const SessionsChangedEvent = Type.Object(
  {
    sessionKey: NonEmpty,
    agentId: Type.Optional(NonEmpty),
    reason: Type.Optional(
      Type.Union([
        Type.Literal("patch"),
        Type.Literal("reset"),
        Type.Literal("delete"),
        Type.Literal("compact"),
      ]),
    ),
    phase: Type.Optional(Type.Union([Type.Literal("start"), Type.Literal("end"), Type.Literal("error")])),
    runId: Type.Optional(NonEmpty),
    sessionId: Type.Optional(Type.String()),
    ts: Timestamp,
  },
  { additionalProperties: false },
);
export type SessionsChangedEvent = Static<typeof SessionsChangedEvent>;
