import { createHash, timingSafeEqual } from "node:crypto";
import { isLoopbackHost } from "./loopback.js";

/** How clients prove they may use the gateway, besides a paired device's token. */
export type GatewayAuth =
  /** No credential at all: only on a loopback bind, and only when the owner said so in writing. */
  | { mode: "none"; acknowledgeNoAuth: boolean }
  | { mode: "token"; token: string }
  | { mode: "password"; password: string };

/** Values that must never work as a secret: empty, stringified nothing, documented examples. */
const REFUSED_SECRETS = new Set([
  "",
  "undefined",
  "null",
  "your-token",
  "your-password",
  "changeme",
  "change-me",
  "<token>",
  "token",
  "password",
]);

/** A startup configuration problem; the message says what to change. */
export class GatewayConfigError extends Error {
  override name = "GatewayConfigError";
}

/**
 * Refuses unusable auth at startup: placeholder secrets, and no auth unless bound to loopback and
 * explicitly acknowledged (any local process, and any page that finds a way past the origin check,
 * could otherwise drive the agent and its tools).
 *
 * @example
 * assertUsableAuth({ mode: "token", token: "undefined" }, "127.0.0.1"); // throws GatewayConfigError
 */
export function assertUsableAuth(auth: GatewayAuth, host: string): void {
  if (auth.mode === "none") {
    if (!isLoopbackHost(host)) {
      throw new GatewayConfigError(
        `gateway: refusing to bind ${host} without auth — set auth {mode:"token", token} (or bind 127.0.0.1)`,
      );
    }
    if (auth.acknowledgeNoAuth !== true) {
      throw new GatewayConfigError(
        'gateway: auth mode "none" lets every local process run the agent and its tools — use mode "token", or acknowledge it with gateway.auth.dangerouslyAllowNoAuth: true',
      );
    }
    return;
  }
  const secret = auth.mode === "token" ? auth.token : auth.password;
  if (typeof secret !== "string" || REFUSED_SECRETS.has(secret.trim().toLowerCase())) {
    throw new GatewayConfigError(
      `gateway: auth.${auth.mode} ${JSON.stringify(secret)} is empty or a placeholder — generate one with \`openssl rand -hex 32\``,
    );
  }
}

/** Constant-time comparison (hashing first so lengths leak nothing). */
export function secretMatches(expected: string, provided: string | undefined): boolean {
  if (typeof provided !== "string" || provided.length === 0) return false;
  const a = createHash("sha256").update(expected).digest();
  const b = createHash("sha256").update(provided).digest();
  return timingSafeEqual(a, b);
}
