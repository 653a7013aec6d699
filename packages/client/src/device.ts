import { buildDeviceAuthPayload, type ConnectParams, type DeviceAuth } from "@claw/protocol";

/**
 * A device identity and the device tokens issued to it, wherever they are kept (files under the
 * state dir on Node, IndexedDB and localStorage in a browser). The client core needs only this.
 */
export interface DeviceAuthority {
  /** Signs the connect challenge: the `device` block of ConnectParams. */
  sign(params: ConnectParams, nonce: string, token: string | undefined): Promise<DeviceAuth>;
  /** The stored token of a role and the scopes it was issued with. */
  loadToken(role: string): { token: string; scopes: string[] } | undefined;
  /** Stores (or, with undefined, deletes) the device token of a role. */
  saveToken(role: string, token: string | undefined, scopes?: string[]): void;
  /** Where the tokens are kept, named in errors that delete one. */
  readonly tokenLocation: string;
}

/** The v3 string a device signs for these connect params, and the time it was signed. */
export function deviceSigningInput(
  deviceId: string,
  params: ConnectParams,
  nonce: string,
  token: string | undefined,
): { payload: string; signedAt: number } {
  const signedAt = Date.now();
  const payload = buildDeviceAuthPayload({
    deviceId,
    clientId: params.client.id,
    clientMode: params.client.mode,
    role: params.role ?? "operator",
    scopes: params.scopes ?? [],
    signedAtMs: signedAt,
    token: token ?? null,
    nonce,
    platform: params.client.platform,
    deviceFamily: params.client.deviceFamily,
  });
  return { payload, signedAt };
}
