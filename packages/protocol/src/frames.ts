import Type, { type Static } from "typebox";
import { ErrorShape } from "./errors.js";

/** Monotonic versions of the presence list and health snapshot, carried on state events. */
export const StateVersion = Type.Object(
  { presence: Type.Integer({ minimum: 0 }), health: Type.Integer({ minimum: 0 }) },
  { additionalProperties: false },
);
export type StateVersion = Static<typeof StateVersion>;

/** Client → gateway request. */
export const RequestFrame = Type.Object(
  {
    type: Type.Literal("req"),
    id: Type.String({ minLength: 1 }),
    method: Type.String({ minLength: 1 }),
    params: Type.Optional(Type.Unknown()),
    traceparent: Type.Optional(Type.String({ maxLength: 128 })),
  },
  { additionalProperties: false },
);
export type RequestFrame = Static<typeof RequestFrame>;

/** Gateway → client response; `payload` when ok, `error` when not. */
export const ResponseFrame = Type.Object(
  {
    type: Type.Literal("res"),
    id: Type.String({ minLength: 1 }),
    ok: Type.Boolean(),
    payload: Type.Optional(Type.Unknown()),
    error: Type.Optional(ErrorShape),
  },
  { additionalProperties: false },
);
export type ResponseFrame = Static<typeof ResponseFrame>;

/** Gateway → client push. `seq` increases by one per connection; there is no replay. */
export const EventFrame = Type.Object(
  {
    type: Type.Literal("event"),
    event: Type.String({ minLength: 1 }),
    payload: Type.Optional(Type.Unknown()),
    seq: Type.Optional(Type.Integer({ minimum: 0 })),
    stateVersion: Type.Optional(StateVersion),
  },
  { additionalProperties: false },
);
export type EventFrame = Static<typeof EventFrame>;

/** Any frame on the wire, discriminated by `type`. */
export const GatewayFrame = Type.Union([RequestFrame, ResponseFrame, EventFrame]);
export type GatewayFrame = Static<typeof GatewayFrame>;
