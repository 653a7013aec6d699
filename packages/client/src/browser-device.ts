/**
 * A browser's device identity through WebCrypto Ed25519: the key pair lives in IndexedDB with a
 * non-extractable private key (page scripts can sign with it but never read it), device tokens in
 * localStorage. Browsers without Ed25519 (or pages outside a secure context) get no device, and
 * the client connects with the gateway token alone.
 */
import { base64UrlEncode } from "@claw/protocol";
import { type DeviceAuthority, deviceSigningInput } from "./device.js";

const DB_NAME = "claw-device";
const STORE = "identity";
const KEY = "ed25519";

interface StoredIdentity {
  deviceId: string;
  publicKey: string;
  privateKey: CryptoKey;
}

function request<T>(req: IDBRequest<T>): Promise<T> {
  return new Promise((resolve, reject) => {
    req.onsuccess = () => resolve(req.result);
    req.onerror = () => reject(req.error ?? new Error("IndexedDB request failed"));
  });
}

async function openStore(): Promise<IDBDatabase> {
  const open = indexedDB.open(DB_NAME, 1);
  open.onupgradeneeded = () => open.result.createObjectStore(STORE);
  return request(open);
}

async function createIdentity(): Promise<StoredIdentity> {
  const pair = (await crypto.subtle.generateKey({ name: "Ed25519" }, false, [
    "sign",
    "verify",
  ])) as CryptoKeyPair;
  const raw = new Uint8Array(await crypto.subtle.exportKey("raw", pair.publicKey));
  const digest = new Uint8Array(await crypto.subtle.digest("SHA-256", raw));
  const deviceId = Array.from(digest, (b) => b.toString(16).padStart(2, "0")).join("");
  return { deviceId, publicKey: base64UrlEncode(raw), privateKey: pair.privateKey };
}

async function loadOrCreateIdentity(): Promise<StoredIdentity> {
  const db = await openStore();
  try {
    const saved = (await request(db.transaction(STORE).objectStore(STORE).get(KEY))) as
      | StoredIdentity
      | undefined;
    if (saved?.deviceId && saved.publicKey && saved.privateKey) return saved;
    const identity = await createIdentity();
    await request(db.transaction(STORE, "readwrite").objectStore(STORE).put(identity, KEY));
    return identity;
  } finally {
    db.close();
  }
}

/** Device tokens by role, in one localStorage entry. */
function tokenStore(storage: Storage, key: string): Pick<DeviceAuthority, "loadToken" | "saveToken"> {
  const read = (): Record<string, { token: string; scopes: string[] }> => {
    try {
      const parsed: unknown = JSON.parse(storage.getItem(key) ?? "{}");
      return typeof parsed === "object" && parsed !== null ? (parsed as Record<string, never>) : {};
    } catch {
      return {};
    }
  };
  return {
    loadToken(role) {
      const entry = read()[role];
      if (typeof entry?.token !== "string" || entry.token === "") return undefined;
      return { token: entry.token, scopes: Array.isArray(entry.scopes) ? entry.scopes : [] };
    },
    saveToken(role, token, scopes = []) {
      const tokens = read();
      if (token) tokens[role] = { token, scopes };
      else delete tokens[role];
      storage.setItem(key, JSON.stringify(tokens));
    },
  };
}

/**
 * The browser's device, or undefined where WebCrypto Ed25519 or IndexedDB is missing.
 *
 * @example
 * const device = await loadBrowserDevice();
 * const client = new BrowserClawClient({ url, token, ...(device ? { device } : {}) });
 */
export async function loadBrowserDevice(
  options: { storage?: Storage; tokenKey?: string } = {},
): Promise<(DeviceAuthority & { deviceId: string }) | undefined> {
  if (!globalThis.crypto?.subtle || typeof indexedDB === "undefined") return undefined;
  let identity: StoredIdentity;
  try {
    identity = await loadOrCreateIdentity();
  } catch {
    return undefined;
  }
  const tokenKey = options.tokenKey ?? "claw.deviceTokens";
  return {
    deviceId: identity.deviceId,
    async sign(params, nonce, token) {
      const { payload, signedAt } = deviceSigningInput(identity.deviceId, params, nonce, token);
      const signature = await crypto.subtle.sign(
        { name: "Ed25519" },
        identity.privateKey,
        new TextEncoder().encode(payload),
      );
      return {
        id: identity.deviceId,
        publicKey: identity.publicKey,
        signature: base64UrlEncode(new Uint8Array(signature)),
        signedAt,
        nonce,
      };
    },
    ...tokenStore(options.storage ?? localStorage, tokenKey),
    tokenLocation: `this browser's localStorage (${tokenKey})`,
  };
}
