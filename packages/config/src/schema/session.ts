/** `session`: how conversations map to session keys, when they reset, and where they may send. */
import Type from "typebox";
import { closedObject, PositiveInteger, recordOf, section } from "./primitives.js";

export const DmScope = Type.Enum(["main", "per-peer", "per-channel-peer", "per-account-channel-peer"], {
  description:
    "How direct messages map to sessions. Unset: the owner's DMs (identity.ownerNumbers) use the main session, every other person's DM its own (per-channel-peer). Set: applies to every sender.",
});

export const ResetPolicy = closedObject({
  mode: Type.Enum(["daily", "idle"]),
  atHour: Type.Optional(Type.Integer({ minimum: 0, maximum: 23 })),
  idleMinutes: Type.Optional(PositiveInteger),
});

const SendPolicyRule = closedObject({
  action: Type.Enum(["allow", "deny"]),
  match: closedObject({
    channel: Type.Optional(Type.String()),
    chatType: Type.Optional(Type.Enum(["direct", "group", "channel"])),
    keyPrefix: Type.Optional(Type.String()),
  }),
});

export const SessionConfig = section({
  scope: Type.Enum(["per-sender", "global"], { default: "per-sender" }),
  dmScope: Type.Optional(DmScope),
  mainKey: Type.String({ minLength: 1, pattern: "^[^:]+$", default: "main", "x-hint": "a key without ':'" }),
  identityLinks: Type.Optional(
    recordOf(
      Type.Array(
        Type.String({ pattern: "^[^:]+:.+$", "x-hint": 'write "channel:peerId", e.g. "telegram:123"' }),
      ),
      {
        description: 'Canonical name → provider-prefixed peer ids, e.g. alice: ["telegram:123"].',
      },
    ),
  ),
  reset: Type.Optional(ResetPolicy),
  resetByType: Type.Optional(
    closedObject({
      direct: Type.Optional(ResetPolicy),
      group: Type.Optional(ResetPolicy),
      thread: Type.Optional(ResetPolicy),
    }),
  ),
  resetByChannel: Type.Optional(recordOf(ResetPolicy)),
  resetTriggers: Type.Array(Type.String({ minLength: 1 }), { default: ["/new", "/reset"] }),
  idleMinutes: Type.Optional(Type.Integer({ minimum: 1, description: "Legacy: idle-only reset." })),
  store: Type.Optional(Type.String()),
  sendPolicy: section({
    default: Type.Enum(["allow", "deny"], { default: "allow" }),
    rules: Type.Optional(Type.Array(SendPolicyRule)),
  }),
  agentToAgent: section({
    maxPingPongTurns: Type.Integer({ minimum: 0, maximum: 5, default: 5 }),
  }),
  maintenance: section({
    pruneAfterDays: Type.Integer({ minimum: 1, default: 30 }),
    maxEntries: Type.Integer({ minimum: 1, default: 500 }),
  }),
});
