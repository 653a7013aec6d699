import { CLOSE_CODES } from "@claw/protocol";
import { RuntimeError } from "../runtime.js";
import type { MethodHandler } from "./types.js";

export const devicePairList: MethodHandler<"device.pair.list"> = async ({ ctx }) => ({
  pending: ctx.pairing.listPending(),
  paired: ctx.pairing.listPaired(),
});

/** Approving pairs the device; it then connects again and receives its device token. */
export const devicePairApprove: MethodHandler<"device.pair.approve"> = async ({ ctx, conn, params }) => {
  const request = ctx.pairing.takePending(params.requestId);
  if (!request)
    throw new RuntimeError(
      "NOT_FOUND",
      `device.pair.approve: no pending request "${params.requestId}" — list them with device.pair.list`,
    );
  ctx.pairing.approve({
    deviceId: request.deviceId,
    publicKey: request.publicKey,
    roles: [request.role ?? "operator"],
    approvedBy: conn.deviceId ?? `conn:${conn.id}`,
    ...(request.platform ? { platform: request.platform } : {}),
    ...(request.displayName ? { displayName: request.displayName } : {}),
  });
  ctx.hub.broadcast("device.pair.resolved", {
    requestId: request.requestId,
    deviceId: request.deviceId,
    decision: "approved",
    ts: Date.now(),
  });
  return { requestId: request.requestId, deviceId: request.deviceId, decision: "approved" };
};

export const devicePairReject: MethodHandler<"device.pair.reject"> = async ({ ctx, params }) => {
  const request = ctx.pairing.takePending(params.requestId);
  if (!request)
    throw new RuntimeError("NOT_FOUND", `device.pair.reject: no pending request "${params.requestId}"`);
  ctx.hub.broadcast("device.pair.resolved", {
    requestId: request.requestId,
    deviceId: request.deviceId,
    decision: "rejected",
    ts: Date.now(),
  });
  return { requestId: request.requestId, deviceId: request.deviceId, decision: "rejected" };
};

/**
 * Issues a new token; the old one stops working for new connects. Live sockets stay open: the
 * caller is often that very device, receiving its new token in-band.
 */
export const deviceTokenRotate: MethodHandler<"device.token.rotate"> = async ({ ctx, params }) => {
  if (!ctx.pairing.getPaired(params.deviceId)) {
    throw new RuntimeError("NOT_FOUND", `device.token.rotate: device "${params.deviceId}" is not paired`);
  }
  const scopes = params.scopes ?? ctx.pairing.tokenScopes(params.deviceId, params.role) ?? [];
  const { token, issuedAtMs } = ctx.pairing.issueToken(params.deviceId, params.role, scopes);
  return {
    deviceId: params.deviceId,
    role: params.role,
    token,
    scopes,
    rotatedAtMs: issuedAtMs,
    tokenDelivery: "in-band",
  };
};

/**
 * Revokes a device token and closes (1008) the live sockets that logged in with it; the caller's
 * own socket closes after its answer. Sockets of that device that used the gateway token stay.
 */
export const deviceTokenRevoke: MethodHandler<"device.token.revoke"> = async ({ ctx, conn, params }) => {
  const revoked = ctx.pairing.revokeToken(params.deviceId, params.role);
  const reason = `device token revoked for device ${params.deviceId.slice(0, 12)}… (${params.role}); pair again or use the gateway token`;
  for (const other of ctx.hub.connections) {
    if (other.deviceId !== params.deviceId || other.role !== params.role) continue;
    if (other.authMethod !== "device-token") continue;
    if (other === conn) setImmediate(() => other.close(CLOSE_CODES.policyViolation, reason));
    else other.close(CLOSE_CODES.policyViolation, reason);
  }
  return { deviceId: params.deviceId, role: params.role, revoked };
};
