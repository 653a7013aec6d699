/**
 * Starts Claw: assembles the agent runtime from the config and serves it through the gateway.
 * Used by the `claw-gateway` process, `claw gateway run`, and tests (with a faux model).
 */
import { existsSync, mkdirSync, rmSync, writeFileSync } from "node:fs";
import { homedir } from "node:os";
import { dirname, join } from "node:path";
import { fileURLToPath } from "node:url";
import {
  type AgentRuntime,
  createAgentRuntime,
  createFailoverRunner,
  createPersistentSessionStore,
  type PersistentSessionStore,
} from "@claw/agent-core";
import type { ClawConfig } from "@claw/config";
import { type GatewayAuth, type GatewayHandle, startGateway } from "@claw/gateway";
import type { Model, StreamFunction } from "@claw/providers";
import Database from "better-sqlite3";
import { type AssembledAgent, assembleAgents } from "./assemble/agents.js";
import { assembleAuth } from "./assemble/auth.js";
import { ensureGatewayToken } from "./assemble/gateway-token.js";
import { createModelResolver } from "./assemble/models.js";
import { createConfigAccess } from "./runtime-adapter/config-access.js";
import { createGatewayRuntime } from "./runtime-adapter/create-gateway-runtime.js";
import { createLogFile, type LogFile } from "./runtime-adapter/log-file.js";

export const CLAW_VERSION = "0.1.0";

export interface StartClawOptions {
  config: ClawConfig;
  stateDir: string;
  configPath: string;
  homeDir?: string;
  env?: Readonly<Record<string, string | undefined>>;
  /** Overrides `gateway.port` (0 picks a free port). */
  port?: number;
  /** Overrides the bind host. */
  host?: string;
  /** Extra models (e.g. a faux model in tests) and a stream function replacing the providers'. */
  models?: readonly Model[];
  stream?: StreamFunction;
  /** Mirror log lines somewhere (stderr for the foreground process). */
  echoLog?: (line: string) => void;
  watchSkills?: boolean;
}

export interface ClawGateway {
  url: string;
  port: number;
  host: string;
  authMode: GatewayAuth["mode"];
  /** The token clients must present (token mode). */
  token?: string;
  runtime: AgentRuntime;
  sessions: PersistentSessionStore;
  agents: readonly AssembledAgent[];
  gateway: GatewayHandle;
  log: LogFile;
  /** Graceful shutdown: says `shutdown`, drains runs, closes everything. */
  close(options?: { reason?: string; restartExpectedMs?: number }): Promise<void>;
}

/** The `gateway.json` file `claw gateway status|stop` read. */
export function gatewayStatePath(stateDir: string): string {
  return join(stateDir, "gateway.json");
}

export function bindHost(bind: string): string {
  if (bind === "loopback") return "127.0.0.1";
  if (bind === "lan") return "0.0.0.0";
  return bind;
}

/**
 * @example
 * const { config, paths } = loadConfig({ env: process.env, homeDir: os.homedir() });
 * const claw = await startClaw({ config, stateDir: paths.stateDir, configPath: paths.configPath });
 * console.log(claw.url);
 */
export async function startClaw(options: StartClawOptions): Promise<ClawGateway> {
  const { config, stateDir } = options;
  const env = options.env ?? process.env;
  const homeDir = options.homeDir ?? homedir();
  mkdirSync(stateDir, { recursive: true, mode: 0o700 });
  const log = createLogFile(join(stateDir, "logs", "gateway.log"), { echo: options.echoLog });
  const stateDbPath = join(stateDir, "state.db");
  const db = new Database(stateDbPath);
  db.pragma("journal_mode = WAL");
  db.pragma("busy_timeout = 5000");

  const models = createModelResolver(config, options.models ?? []);
  const agents = await assembleAgents({
    config,
    stateDir,
    homeDir,
    env,
    bundledSkillsDir: bundledSkillsDir(),
    watchSkills: options.watchSkills,
  });
  const auth = await assembleAuth({ config, models, agentDirs: agents.map((a) => a.agentDir), db, env });
  const sessions = createPersistentSessionStore({
    stateDir,
    indexPath: stateDbPath,
    onTranscriptProblem: ({ sessionKey, path, loaded }) =>
      log.write("warn", "transcript repaired on load", {
        sessionKey,
        path,
        repairedBytes: loaded.repairedBytes,
        problems: loaded.problems,
      }),
  });
  const runtime = createAgentRuntime({
    agents: agents.map((a) => a.definition),
    resolveModel: (ref) => models.resolve(ref),
    ...(options.stream ? { stream: options.stream } : {}),
    fallback: createFailoverRunner({
      authStore: auth.store,
      onFailoverEvent: (event) => log.write("warn", `failover: ${event.type}`, { ...event }),
    }),
    sessions,
    lanes: { main: config.agents.defaults.maxConcurrent },
    onListenerError: (error) => log.write("error", "event listener failed", { error: String(error) }),
  });
  runtime.subscribe((event) => {
    if (event.stream === "lifecycle" && (event.data.phase === "end" || event.data.phase === "error")) {
      log.write(event.data.phase === "end" ? "info" : "warn", `run ${String(event.data.status)}`, {
        runId: event.runId,
        sessionKey: event.sessionKey,
        ...(event.data.error ? { error: event.data.error } : {}),
      });
    }
  });

  const authMode = config.gateway.auth.mode;
  const gatewayAuth: GatewayAuth =
    authMode === "password"
      ? { mode: "password", password: config.gateway.auth.password ?? "" }
      : authMode === "none"
        ? { mode: "none" }
        : { mode: "token", token: ensureGatewayToken(config, stateDir, env) };
  const gatewayRuntime = createGatewayRuntime({
    runtime,
    sessions,
    agents,
    models,
    hasCredential: auth.hasCredential,
    config: createConfigAccess(options.configPath, config),
    logs: log,
    version: CLAW_VERSION,
    stateDir,
    toolProfile: config.tools.profile,
  });
  const host = options.host ?? bindHost(config.gateway.bind);
  const gateway = await startGateway({
    runtime: gatewayRuntime,
    host,
    port: options.port ?? config.gateway.port,
    auth: gatewayAuth,
    allowedOrigins: config.gateway.allowedOrigins,
    stateDbPath,
    stateDir,
    version: CLAW_VERSION,
    logger: {
      info: (message, fields) => log.write("info", message, fields),
      warn: (message, fields) => log.write("warn", message, fields),
      error: (message, fields) => log.write("error", message, fields),
    },
  });
  writeFileSync(
    gatewayStatePath(stateDir),
    `${JSON.stringify({ pid: process.pid, url: gateway.url, port: gateway.port, host, startedAt: Date.now(), version: CLAW_VERSION })}\n`,
    { mode: 0o600 },
  );

  let closed = false;
  return {
    url: gateway.url,
    port: gateway.port,
    host,
    authMode: gatewayAuth.mode,
    token: gatewayAuth.mode === "token" ? gatewayAuth.token : undefined,
    runtime,
    sessions,
    agents,
    gateway,
    log,
    async close(closeOptions) {
      if (closed) return;
      closed = true;
      await gateway.close(closeOptions);
      await runtime.close();
      for (const agent of agents) {
        agent.skills.close();
        agent.tools.dispose();
      }
      await sessions.close();
      db.close();
      if (existsSync(gatewayStatePath(stateDir))) rmSync(gatewayStatePath(stateDir), { force: true });
      log.write("info", "gateway stopped");
    },
  };
}

/** The bundled `skills/` folder: next to the package in a checkout, absent when installed alone. */
function bundledSkillsDir(): string | undefined {
  const here = dirname(fileURLToPath(import.meta.url));
  for (const candidate of [join(here, "../../../skills"), join(here, "../../skills")]) {
    if (existsSync(candidate)) return candidate;
  }
  return undefined;
}
