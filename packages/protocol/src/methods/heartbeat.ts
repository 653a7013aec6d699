/**
 * The heartbeat on the wire, in OpenClaw's shapes: `wake` (queue a system event, beat now or at
 * the next beat), `last-heartbeat`, `set-heartbeats`, and the `heartbeat` event after each beat.
 */
import Type, { type Static } from "typebox";
import { NonEmpty } from "./common.js";

export const WakeParams = Type.Object(
  {
    mode: Type.Union([Type.Literal("now"), Type.Literal("next-heartbeat")]),
    text: Type.String({ minLength: 1 }),
    sessionKey: Type.Optional(NonEmpty),
    agentId: Type.Optional(NonEmpty),
  },
  { additionalProperties: true },
);
export const WakeResult = Type.Object({ ok: Type.Boolean() }, { additionalProperties: false });

/**
 * One beat as OpenClaw reports it: sent (delivered), ok-token (a HEARTBEAT_OK ack), ok-empty (an
 * empty reply), skipped (no model call or nowhere to send, `reason` says which), failed.
 */
export const HeartbeatEventPayload = Type.Object(
  {
    ts: Type.Integer({ minimum: 0 }),
    status: Type.Union([
      Type.Literal("sent"),
      Type.Literal("ok-empty"),
      Type.Literal("ok-token"),
      Type.Literal("skipped"),
      Type.Literal("failed"),
    ]),
    to: Type.Optional(Type.String()),
    accountId: Type.Optional(Type.String()),
    channel: Type.Optional(Type.String()),
    preview: Type.Optional(Type.String()),
    durationMs: Type.Optional(Type.Integer({ minimum: 0 })),
    reason: Type.Optional(Type.String()),
    silent: Type.Optional(Type.Boolean()),
    agentId: Type.Optional(Type.String()),
    sessionKey: Type.Optional(Type.String()),
  },
  { additionalProperties: false },
);
export type HeartbeatEventPayload = Static<typeof HeartbeatEventPayload>;

export const LastHeartbeatParams = Type.Object({}, { additionalProperties: false });
export const LastHeartbeatResult = Type.Union([HeartbeatEventPayload, Type.Null()]);

export const SetHeartbeatsParams = Type.Object({ enabled: Type.Boolean() }, { additionalProperties: false });
export const SetHeartbeatsResult = Type.Object(
  { ok: Type.Literal(true), enabled: Type.Boolean() },
  { additionalProperties: false },
);
