/**
 * `@claw/app-gateway/paths`: where a running gateway leaves its URL and token, and which
 * environment variables hold provider keys — light enough for the CLI and TUI to import without
 * loading the agent runtime.
 */
import { randomBytes } from "node:crypto";
import { chmodSync, existsSync, mkdirSync, readFileSync, writeFileSync } from "node:fs";
import { join } from "node:path";
import type { ClawConfig } from "@claw/config";
import { providerEnvKeys } from "@claw/providers";

export function gatewayTokenPath(stateDir: string): string {
  return join(stateDir, "gateway.token");
}

/** Reads the token clients should use, without creating one. */
export function readGatewayToken(
  config: ClawConfig,
  stateDir: string,
  env: Readonly<Record<string, string | undefined>>,
): string | undefined {
  const configured = config.gateway.auth.token?.trim() || env.CLAW_GATEWAY_TOKEN?.trim();
  if (configured) return configured;
  const path = gatewayTokenPath(stateDir);
  return existsSync(path) ? readFileSync(path, "utf8").trim() || undefined : undefined;
}

/** The token the gateway serves with, generating and storing one when none is configured. */
export function ensureGatewayToken(
  config: ClawConfig,
  stateDir: string,
  env: Readonly<Record<string, string | undefined>>,
): string {
  const existing = readGatewayToken(config, stateDir, env);
  if (existing) return existing;
  mkdirSync(stateDir, { recursive: true, mode: 0o700 });
  const token = randomBytes(24).toString("base64url");
  const path = gatewayTokenPath(stateDir);
  writeFileSync(path, `${token}\n`, { mode: 0o600 });
  chmodSync(path, 0o600);
  return token;
}

/** The `gateway.json` file `claw gateway status|stop` read. */
export function gatewayStatePath(stateDir: string): string {
  return join(stateDir, "gateway.json");
}

/** Where the gateway records the outcome of its last config reload, for `claw status`. */
export function configStatusPath(stateDir: string): string {
  return join(stateDir, "config-status.json");
}

/** The outcome of the last config reload (see `createConfigReloader`). */
export interface ConfigReloadStatus {
  ok: boolean;
  checkedAt: number;
  configPath: string;
  /** Why the last change was refused (the last good config stays in force). */
  error?: string;
  issues?: { path: string; message: string; hint?: string }[];
  /** Paths changed since start that the running gateway applied. */
  appliedLive: string[];
  /** Paths changed since start that take effect only after a restart. */
  restartRequired: string[];
}

export function bindHost(bind: string): string {
  if (bind === "loopback") return "127.0.0.1";
  if (bind === "lan") return "0.0.0.0";
  return bind;
}

/** Environment variables read for each provider when no profile names it. */
export const PROVIDER_ENV_KEYS: Readonly<Record<string, readonly string[]>> = providerEnvKeys();

/**
 * Node flags the gateway process runs with, for a daemon that idles most of the day:
 * - a 1 MB young generation (more, sub-millisecond scavenges while streaming);
 * - one V8 worker thread instead of one per core: each thread's malloc arena keeps what
 *   concurrent compilation and GC freed, ~10 MB with three chat SDKs loaded;
 * - V8's optimize-for-size mode (smaller heap growth steps).
 * Together they take the gateway with Telegram, Discord and Slack connected from ~112 to ~93 MB;
 * the turn-overhead and connect benches show no change. `bin/claw-gateway.js` carries the same
 * flags in its shebang.
 */
export const GATEWAY_NODE_FLAGS: readonly string[] = [
  "--max-semi-space-size=1",
  "--v8-pool-size=1",
  "--optimize-for-size",
];
