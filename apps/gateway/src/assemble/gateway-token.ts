/**
 * The gateway's shared token: `gateway.auth.token` > `CLAW_GATEWAY_TOKEN` > `<stateDir>/gateway.token`
 * (generated once, mode 0600), so local clients (CLI, TUI) on the same host find it.
 */
import { randomBytes } from "node:crypto";
import { chmodSync, existsSync, mkdirSync, readFileSync, writeFileSync } from "node:fs";
import { join } from "node:path";
import type { ClawConfig } from "@claw/config";

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
