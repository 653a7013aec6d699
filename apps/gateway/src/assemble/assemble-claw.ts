/**
 * Everything Claw runs on, without a server: agents, models, credentials, durable sessions and
 * the agent runtime. `startClaw` serves it; `claw agent --local` uses it directly.
 */
import { existsSync, mkdirSync } from "node:fs";
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
import type { Model, StreamFunction } from "@claw/providers";
import Database from "better-sqlite3";
import { createLogFile, type LogFile } from "../runtime-adapter/log-file.js";
import { type AssembledAgent, assembleAgents } from "./agents.js";
import { type AuthAssembly, assembleAuth } from "./auth.js";
import { createModelResolver, type ModelResolver } from "./models.js";

export interface AssembleClawOptions {
  config: ClawConfig;
  stateDir: string;
  homeDir?: string;
  env?: Readonly<Record<string, string | undefined>>;
  /** Extra models (e.g. a faux model in tests) and a stream function replacing the providers'. */
  models?: readonly Model[];
  stream?: StreamFunction;
  /** Mirror log lines somewhere (stderr for a foreground process). */
  echoLog?: (line: string) => void;
  watchSkills?: boolean;
}

export interface AssembledClaw {
  runtime: AgentRuntime;
  sessions: PersistentSessionStore;
  agents: readonly AssembledAgent[];
  models: ModelResolver;
  auth: AuthAssembly;
  log: LogFile;
  stateDbPath: string;
  /** Aborts runs, stops watchers and background processes, closes the session store and db. */
  close(): Promise<void>;
}

export async function assembleClaw(options: AssembleClawOptions): Promise<AssembledClaw> {
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

  return {
    runtime,
    sessions,
    agents,
    models,
    auth,
    log,
    stateDbPath,
    async close() {
      await runtime.close();
      for (const agent of agents) {
        agent.skills.close();
        agent.tools.dispose();
      }
      await sessions.close();
      db.close();
    },
  };
}

/** The bundled `skills/` folder: next to the package in a checkout, absent when installed alone. */
function bundledSkillsDir(): string | undefined {
  const here = dirname(fileURLToPath(import.meta.url));
  for (const candidate of [
    join(here, "../../../../skills"),
    join(here, "../../../skills"),
    join(here, "../../skills"),
  ]) {
    if (existsSync(candidate)) return candidate;
  }
  return undefined;
}
