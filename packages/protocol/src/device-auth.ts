/**
 * The string a device signs in `connect`, byte-compatible with OpenClaw's device-auth payload:
 * `v3|deviceId|clientId|clientMode|role|scopes,csv|signedAtMs|token|nonce|platform|deviceFamily`
 * (platform and family trimmed and lower-cased). v2 is the same without the last two fields.
 */
export interface DeviceAuthPayloadInput {
  deviceId: string;
  clientId: string;
  clientMode: string;
  role: string;
  scopes: readonly string[];
  signedAtMs: number;
  /** The shared token or device token sent in the same connect, or empty. */
  token?: string | null;
  nonce: string;
  platform?: string | null;
  deviceFamily?: string | null;
}

/**
 * Builds the v3 device-auth payload.
 *
 * @example
 * const payload = buildDeviceAuthPayload({ deviceId, clientId: "cli", clientMode: "cli",
 *   role: "operator", scopes: ["operator.read"], signedAtMs: Date.now(), nonce, platform: "linux" });
 */
export function buildDeviceAuthPayload(input: DeviceAuthPayloadInput, version: "v2" | "v3" = "v3"): string {
  const parts = [
    version,
    input.deviceId,
    input.clientId,
    input.clientMode,
    input.role,
    input.scopes.join(","),
    String(input.signedAtMs),
    input.token ?? "",
    input.nonce,
  ];
  if (version === "v3") parts.push(normalizeMeta(input.platform), normalizeMeta(input.deviceFamily));
  return parts.join("|");
}

function normalizeMeta(value: string | null | undefined): string {
  return (value ?? "").trim().toLowerCase();
}

/**
 * base64url without padding, as OpenClaw encodes keys and signatures. Uses `btoa`, not `Buffer`,
 * so browser clients (the Control UI) sign with the same code.
 */
export function base64UrlEncode(bytes: Uint8Array): string {
  let binary = "";
  for (const byte of bytes) binary += String.fromCharCode(byte);
  return btoa(binary).replaceAll("+", "-").replaceAll("/", "_").replace(/=+$/, "");
}

export function base64UrlDecode(text: string): Buffer {
  return Buffer.from(text.replaceAll("-", "+").replaceAll("_", "/"), "base64");
}
