import { createHash, createPublicKey, verify } from "node:crypto";
import { base64UrlDecode, buildDeviceAuthPayload, type ConnectParams } from "@claw/protocol";

const ED25519_SPKI_PREFIX = Buffer.from("302a300506032b6570032100", "hex");

/** sha256 of the raw public key, hex: OpenClaw's device id. */
export function deviceIdFromPublicKey(raw: Buffer): string {
  return createHash("sha256").update(raw).digest("hex");
}

export type DeviceCheck = { ok: true; deviceId: string; publicKey: string } | { ok: false; reason: string };

/**
 * Verifies a connect `device` block: the nonce is this socket's challenge, the clock is close, the
 * id is the key's fingerprint and the ed25519 signature covers the v3 (or legacy v2) payload.
 */
export function verifyDeviceBlock(
  params: ConnectParams,
  expectedNonce: string,
  now: number,
  skewMs: number,
): DeviceCheck {
  const device = params.device;
  if (!device) return { ok: false, reason: "no device block" };
  if (device.nonce !== expectedNonce)
    return { ok: false, reason: "device nonce does not match this connection's challenge" };
  if (Math.abs(now - device.signedAt) > skewMs) {
    return {
      ok: false,
      reason: `device signature is stale (signedAt ${device.signedAt}, gateway clock ${now})`,
    };
  }
  const raw = base64UrlDecode(device.publicKey);
  if (raw.length !== 32)
    return { ok: false, reason: "device publicKey must be a raw 32-byte ed25519 key, base64url" };
  if (deviceIdFromPublicKey(raw) !== device.id)
    return { ok: false, reason: "device id is not the sha256 of its public key" };
  let key: ReturnType<typeof createPublicKey>;
  try {
    key = createPublicKey({ key: Buffer.concat([ED25519_SPKI_PREFIX, raw]), format: "der", type: "spki" });
  } catch {
    return { ok: false, reason: "device publicKey is not a valid ed25519 key" };
  }
  const signature = base64UrlDecode(device.signature);
  const tokens = new Set([
    params.auth?.token,
    params.auth?.deviceToken,
    params.auth?.bootstrapToken,
    params.auth?.password,
    "",
  ]);
  const base = {
    deviceId: device.id,
    clientId: params.client.id,
    clientMode: params.client.mode,
    role: params.role ?? "operator",
    scopes: params.scopes ?? [],
    signedAtMs: device.signedAt,
    nonce: device.nonce,
    platform: params.client.platform,
    deviceFamily: params.client.deviceFamily,
  };
  for (const token of tokens) {
    if (token === undefined) continue;
    for (const version of ["v3", "v2"] as const) {
      const payload = Buffer.from(buildDeviceAuthPayload({ ...base, token }, version), "utf8");
      if (verify(null, payload, key, signature))
        return { ok: true, deviceId: device.id, publicKey: device.publicKey };
    }
  }
  return { ok: false, reason: "device signature does not verify" };
}
