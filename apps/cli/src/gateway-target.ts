/**
 * Where the gateway is and how to log in: URL from `--url`, else `<stateDir>/gateway.json` (written
 * by a running gateway), else `ws://127.0.0.1:<gateway.port>`; token from `--token`, else the same
 * precedence the gateway uses (`gateway.auth.token` > `CLAW_GATEWAY_TOKEN` > `<stateDir>/gateway.token`).
 * Uses the gateway's own light `@claw/app-gateway/paths` entry, so `claw status` does not load the
 * agent runtime.
 */
import { existsSync, readFileSync } from "node:fs";
import { gatewayStatePath, readGatewayToken } from "@claw/app-gateway/paths";
import type { ClawClient } from "@claw/client";
import type { ClawConfig } from "@claw/config";
import type { ParsedCommandArgs } from "./args.js";
import { loadCliConfig } from "./cli-config.js";
import { CliError, type CommandContext, EXIT_UNREACHABLE } from "./context.js";

/** What `gateway.json` holds while a gateway runs. */
export interface GatewayStateFile {
  pid: number;
  url: string;
  port: number;
  host: string;
  startedAt: number;
  version: string;
}

export interface GatewayTarget {
  url: string;
  token: string | undefined;
  password: string | undefined;
  stateDir: string;
  config: ClawConfig;
  /** gateway.json, when present and its process is alive. */
  running: GatewayStateFile | undefined;
}

export function gatewayStateFilePath(stateDir: string): string {
  return gatewayStatePath(stateDir);
}

/** Whether a process with this pid exists (EPERM: it exists but belongs to someone else). */
export function pidAlive(pid: number): boolean {
  try {
    process.kill(pid, 0);
    return true;
  } catch (error) {
    return (error as NodeJS.ErrnoException).code === "EPERM";
  }
}

/** gateway.json, or undefined when missing, unreadable, or left behind by a dead process. */
export function readGatewayStateFile(stateDir: string): GatewayStateFile | undefined {
  const path = gatewayStateFilePath(stateDir);
  if (!existsSync(path)) return undefined;
  try {
    const state = JSON.parse(readFileSync(path, "utf8")) as GatewayStateFile;
    if (typeof state.pid !== "number" || typeof state.url !== "string") return undefined;
    return pidAlive(state.pid) ? state : undefined;
  } catch {
    return undefined;
  }
}

/** The token local clients use: same precedence as the gateway's `readGatewayToken`. */
export function localGatewayToken(
  config: ClawConfig,
  stateDir: string,
  env: Readonly<Record<string, string | undefined>>,
): string | undefined {
  return readGatewayToken(config, stateDir, env);
}

/** A wildcard bind address is not something to connect to: use loopback. */
function connectableUrl(url: string): string {
  return url.replace("://0.0.0.0:", "://127.0.0.1:").replace("://[::]:", "://127.0.0.1:");
}

export function resolveGatewayTarget(
  context: CommandContext,
  values: ParsedCommandArgs["values"],
): GatewayTarget {
  const { config, paths } = loadCliConfig(context);
  const running = readGatewayStateFile(paths.stateDir);
  const flagUrl = typeof values.url === "string" ? values.url : undefined;
  const url = flagUrl ?? (running ? connectableUrl(running.url) : `ws://127.0.0.1:${config.gateway.port}`);
  const token =
    typeof values.token === "string"
      ? values.token
      : localGatewayToken(config, paths.stateDir, context.io.env);
  const password = config.gateway.auth.mode === "password" ? config.gateway.auth.password : undefined;
  return { url, token, password, stateDir: paths.stateDir, config, running };
}

export function unreachable(url: string, cause: string): CliError {
  return new CliError(`cannot reach the gateway at ${url} (${cause})`, {
    hint: "start it with `claw gateway run`, or pass --url",
    exitCode: EXIT_UNREACHABLE,
  });
}

/**
 * Connects to the gateway; an unreachable one is a CliError with exit code 3.
 *
 * @example
 * const { client } = await connectGateway(context, values);
 * try { console.log(await client.request("health")); } finally { await client.close(); }
 */
export async function connectGateway(
  context: CommandContext,
  values: ParsedCommandArgs["values"],
): Promise<{ client: ClawClient; target: GatewayTarget }> {
  const target = resolveGatewayTarget(context, values);
  const { ClawClient, GatewayConnectError } = await import("@claw/client");
  const client = new ClawClient({
    url: target.url,
    ...(target.token ? { token: target.token } : {}),
    ...(target.password ? { password: target.password } : {}),
    stateDir: target.stateDir,
    client: { id: "cli", mode: "cli" },
    reconnect: { enabled: false },
    scopes: ["operator.read", "operator.write", "operator.admin"],
  });
  try {
    await client.connect();
  } catch (error) {
    const message = error instanceof Error ? error.message : String(error);
    await client.close().catch(() => {});
    if (error instanceof GatewayConnectError)
      throw unreachable(
        target.url,
        error.kind === "unreachable" ? (error.cause?.message ?? "no answer") : "no handshake within 10 s",
      );
    throw new CliError(`the gateway at ${target.url} refused the connection: ${message}`, {
      hint: "check the token (--token, gateway.auth.token, CLAW_GATEWAY_TOKEN, <state dir>/gateway.token)",
    });
  }
  return { client, target };
}

/** Connects, runs `fn`, always closes. */
export async function withGateway<T>(
  context: CommandContext,
  values: ParsedCommandArgs["values"],
  fn: (client: ClawClient, target: GatewayTarget) => Promise<T>,
): Promise<T> {
  const { client, target } = await connectGateway(context, values);
  try {
    return await fn(client, target);
  } finally {
    await client.close().catch(() => {});
  }
}
