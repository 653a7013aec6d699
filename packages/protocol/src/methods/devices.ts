import Type, { type Static } from "typebox";
import { NonEmpty, Timestamp } from "./common.js";

export const DevicePairListParams = Type.Object({}, { additionalProperties: false });
export const PairingRequest = Type.Object(
  {
    requestId: NonEmpty,
    deviceId: NonEmpty,
    publicKey: NonEmpty,
    displayName: Type.Optional(NonEmpty),
    platform: Type.Optional(NonEmpty),
    clientId: Type.Optional(NonEmpty),
    clientMode: Type.Optional(NonEmpty),
    role: Type.Optional(NonEmpty),
    scopes: Type.Optional(Type.Array(NonEmpty)),
    remoteIp: Type.Optional(NonEmpty),
    ts: Timestamp,
  },
  { additionalProperties: false },
);
export type PairingRequest = Static<typeof PairingRequest>;
export const PairedDevice = Type.Object(
  {
    deviceId: NonEmpty,
    publicKey: NonEmpty,
    displayName: Type.Optional(NonEmpty),
    platform: Type.Optional(NonEmpty),
    roles: Type.Array(NonEmpty),
    approvedAtMs: Timestamp,
    approvedBy: NonEmpty,
  },
  { additionalProperties: false },
);
export type PairedDevice = Static<typeof PairedDevice>;
export const DevicePairListResult = Type.Object(
  { pending: Type.Array(PairingRequest), paired: Type.Array(PairedDevice) },
  { additionalProperties: false },
);

export const DevicePairDecisionParams = Type.Object({ requestId: NonEmpty }, { additionalProperties: false });
export const DevicePairDecisionResult = Type.Object(
  {
    requestId: NonEmpty,
    deviceId: NonEmpty,
    decision: Type.Union([Type.Literal("approved"), Type.Literal("rejected")]),
  },
  { additionalProperties: false },
);

export const DeviceTokenRotateParams = Type.Object(
  { deviceId: NonEmpty, role: NonEmpty, scopes: Type.Optional(Type.Array(NonEmpty)) },
  { additionalProperties: false },
);
/** Compatible with OpenClaw's `DeviceTokenRotateResult` (token delivered in-band). */
export const DeviceTokenRotateResult = Type.Object(
  {
    deviceId: NonEmpty,
    role: NonEmpty,
    token: NonEmpty,
    scopes: Type.Array(NonEmpty),
    rotatedAtMs: Timestamp,
    tokenDelivery: Type.Literal("in-band"),
  },
  { additionalProperties: false },
);
export const DeviceTokenRevokeParams = Type.Object(
  { deviceId: NonEmpty, role: NonEmpty },
  { additionalProperties: false },
);
export const DeviceTokenRevokeResult = Type.Object(
  { deviceId: NonEmpty, role: NonEmpty, revoked: Type.Boolean() },
  { additionalProperties: false },
);

/** `device.pair.requested` event payload. */
export const DevicePairRequestedEvent = PairingRequest;
export const DevicePairResolvedEvent = Type.Object(
  { requestId: NonEmpty, deviceId: NonEmpty, decision: NonEmpty, ts: Timestamp },
  { additionalProperties: false },
);
