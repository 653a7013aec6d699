import { createHash, createPrivateKey, createPublicKey, generateKeyPairSync, sign } from "node:crypto";
import { chmodSync, mkdirSync, readFileSync, writeFileSync } from "node:fs";
import { join } from "node:path";
import { base64UrlEncode, type ConnectParams, type DeviceAuth } from "@claw/protocol";
import { deviceSigningInput } from "./device.js";

/** An ed25519 device key pair; `deviceId` is the sha256 of the raw public key (hex). */
export interface DeviceIdentity {
  deviceId: string;
  publicKeyPem: string;
  privateKeyPem: string;
}

const rawPublicKey = (pem: string) =>
  createPublicKey(pem).export({ format: "der", type: "spki" }).subarray(12);

export function createDeviceIdentity(): DeviceIdentity {
  const { publicKey, privateKey } = generateKeyPairSync("ed25519");
  const publicKeyPem = publicKey.export({ format: "pem", type: "spki" }).toString();
  const privateKeyPem = privateKey.export({ format: "pem", type: "pkcs8" }).toString();
  return {
    deviceId: createHash("sha256").update(rawPublicKey(publicKeyPem)).digest("hex"),
    publicKeyPem,
    privateKeyPem,
  };
}

function writePrivate(path: string, value: unknown): void {
  writeFileSync(path, `${JSON.stringify(value, null, 2)}\n`, { mode: 0o600 });
  chmodSync(path, 0o600);
}

function readJson(path: string): unknown {
  try {
    return JSON.parse(readFileSync(path, "utf8"));
  } catch {
    return undefined;
  }
}

/**
 * Device identity and device tokens under `<stateDir>/identity/` (files mode 0600).
 *
 * @example
 * const store = new IdentityStore("/home/me/.claw");
 * const id = store.loadOrCreate();
 */
export class IdentityStore {
  private readonly dir: string;

  constructor(stateDir: string) {
    this.dir = join(stateDir, "identity");
  }

  loadOrCreate(): DeviceIdentity {
    const path = join(this.dir, "device.json");
    const saved = readJson(path) as (DeviceIdentity & { version?: number }) | undefined;
    if (saved?.version === 1 && saved.deviceId && saved.publicKeyPem && saved.privateKeyPem) return saved;
    const identity = createDeviceIdentity();
    mkdirSync(this.dir, { recursive: true, mode: 0o700 });
    writePrivate(path, { version: 1, ...identity, createdAtMs: Date.now() });
    return identity;
  }

  /** Where device tokens are kept (named in errors that delete one). */
  get tokenPath(): string {
    return join(this.dir, "device-auth.json");
  }

  loadToken(role: string): string | undefined {
    return this.loadTokenEntry(role)?.token;
  }

  /** The stored token of a role and the scopes it was issued with. */
  loadTokenEntry(role: string): { token: string; scopes: string[] } | undefined {
    const saved = readJson(this.tokenPath) as
      | { tokens?: Record<string, { token?: unknown; scopes?: unknown }> }
      | undefined;
    const entry = saved?.tokens?.[role];
    if (typeof entry?.token !== "string" || entry.token === "") return undefined;
    const scopes = Array.isArray(entry.scopes)
      ? entry.scopes.filter((s): s is string => typeof s === "string")
      : [];
    return { token: entry.token, scopes };
  }

  saveToken(role: string, token: string | undefined, scopes: string[] = []): void {
    const path = join(this.dir, "device-auth.json");
    const saved = (readJson(path) as { tokens?: Record<string, unknown> } | undefined) ?? {};
    const tokens = { ...saved.tokens };
    if (token) tokens[role] = { token, scopes, updatedAtMs: Date.now() };
    else delete tokens[role];
    mkdirSync(this.dir, { recursive: true, mode: 0o700 });
    writePrivate(path, { version: 1, tokens });
  }
}

/** Signs the connect challenge: the `device` block of ConnectParams. */
export function signDeviceBlock(
  identity: DeviceIdentity,
  params: ConnectParams,
  nonce: string,
  token: string | undefined,
): DeviceAuth {
  const { payload, signedAt } = deviceSigningInput(identity.deviceId, params, nonce, token);
  const signature = sign(null, Buffer.from(payload, "utf8"), createPrivateKey(identity.privateKeyPem));
  return {
    id: identity.deviceId,
    publicKey: base64UrlEncode(rawPublicKey(identity.publicKeyPem)),
    signature: base64UrlEncode(signature),
    signedAt,
    nonce,
  };
}
