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
  createSessionTools,
  createSubagentRegistry,
  openRunInbox,
  openSubagentOutbox,
  type PersistentSessionStore,
  type RunInbox,
  type SubagentRegistry,
  type SubagentThreadBinder,
} from "@claw/agent-core";
import type { ClawConfig } from "@claw/config";
import type { DeliverFn } from "@claw/cron";
import { createMemoryTools, openMemoryIndex } from "@claw/memory";
import type { Model, StreamFunction } from "@claw/providers";
import { openSqliteDatabase, type SqliteDatabase } from "@claw/sqlite";
import { ExecAllowlistStore, ExecApprovalBroker, type MessagePort } from "@claw/tools";
import { createLogFile, type LogFile } from "../runtime-adapter/log-file.js";
import { type AssembledAgent, assembleAgents, configureAgent, type ExecApprovalParts } from "./agents.js";
import { type AuthAssembly, assembleAuth } from "./auth.js";
import { assembleBrowser, type BrowserAssembly } from "./browser.js";
import { assembleCompaction } from "./compaction.js";
import { assembleCron, type CronAssembly } from "./cron.js";
import { migrateLegacyDefaultAgent } from "./legacy-default-agent.js";
import { memoryIndexOptions } from "./memory.js";
import { createModelResolver, type ModelResolver } from "./models.js";
import { createAgentImageAnalyzer } from "./vision.js";

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
  /**
   * Where cron and heartbeat replies are announced (a channel outbox). Without it, announce jobs
   * record "not-delivered". See `CronAssemblyOptions.deliver` for wiring @claw/channels' outbox.
   */
  deliver?: DeliverFn;
  /** The chat channels as the message tool sees them (`startClaw` binds it to the channels). */
  messagePort?: MessagePort;
  /**
   * Thread binding for `sessions_spawn` with `thread: true` (`startClaw` binds it to the
   * channels). With it, pending subagent results are recovered by the caller (`subagents.recoverPending()`)
   * once the channels exist, since a bound result is posted in its thread.
   */
  subagentThreads?: SubagentThreadBinder;
}

export interface AssembledClaw {
  runtime: AgentRuntime;
  sessions: PersistentSessionStore;
  agents: readonly AssembledAgent[];
  models: ModelResolver;
  auth: AuthAssembly;
  log: LogFile;
  subagents: SubagentRegistry;
  /** Scheduled jobs and the heartbeat; `startClaw` starts them, `claw agent --local` does not. */
  cron: CronAssembly;
  stateDbPath: string;
  /** Pending exec approvals and the per-agent allowlist (`<stateDir>/exec-approvals.json`). */
  approvals: ExecApprovalParts;
  /** The managed browsers and the port behind the `browser.*` methods. */
  browser: BrowserAssembly;
  /** The durable inbox of accepted messages (`chat.send`, `agent`, channels). */
  inbox: RunInbox;
  /** Applies a new, validated config to models, credentials and agents (live reload). */
  reconfigure(config: ClawConfig): Promise<void>;
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
  const db = openSqliteDatabase(stateDbPath);
  db.pragma("journal_mode = WAL");
  db.pragma("busy_timeout = 5000");
  // Before any store opens: an install from before the default agent was called `main`.
  const legacy = migrateLegacyDefaultAgent(config, stateDir, db);
  if (legacy)
    log.write(
      legacy.conflicts.length > 0 ? "warn" : "info",
      "moved the default agent's state from `default` to `main`",
      {
        ...legacy,
      },
    );
  // Accepted messages, on their own connection with every commit synced (see openRunInbox).
  const inbox = openRunInbox(stateDbPath);

  const models = createModelResolver(config, options.models ?? []);
  let approvalTimeoutSec = config.tools.exec.approvalTimeoutSec;
  const approvals: ExecApprovalParts = {
    broker: new ExecApprovalBroker({ timeoutMs: () => approvalTimeoutSec * 1000 }),
    allowlist: new ExecAllowlistStore(join(stateDir, "exec-approvals.json")),
  };
  const agents = await assembleAgents({
    approvals,
    config,
    stateDir,
    homeDir,
    env,
    bundledSkillsDir: bundledSkillsDir(),
    watchSkills: options.watchSkills,
    ...(options.messagePort ? { messagePort: options.messagePort } : {}),
    models,
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
  for (const agent of agents)
    agent.definition.compaction = assembleCompaction(
      config,
      agent.definition,
      models,
      auth.profiles,
      options.stream,
    );
  let currentConfig = config;
  for (const agent of agents)
    agent.analyzeImage = createAgentImageAnalyzer(
      () => currentConfig,
      agent.definition,
      models,
      auth.profiles,
      async (sessionKey) => (await sessions.get(sessionKey))?.modelOverride,
      options.stream,
    );
  const runtime = createAgentRuntime({
    agents: agents.map((a) => a.definition),
    resolveModel: (ref) => models.resolve(ref),
    ...(options.stream ? { stream: options.stream } : {}),
    fallback: createFailoverRunner({
      authStore: auth.store,
      onFailoverEvent: (event) => log.write("warn", `failover: ${event.type}`, { ...event }),
    }),
    sessions,
    lanes: { main: config.agents.defaults.maxConcurrent, cron: config.cron.maxConcurrentRuns },
    mainKey: config.session.mainKey,
    onListenerError: (error) => log.write("error", "event listener failed", { error: String(error) }),
    onSlowSubscriber: (report) =>
      log.write("warn", "run event reader fell behind and was ended", { ...report }),
  });
  runtime.subscribe((event) => {
    // A failed summary keeps the history; say so in the log, not only on the event stream.
    if (event.stream === "compaction") {
      const data = event.data;
      if (data.phase === "error")
        log.write("warn", "compaction failed", {
          sessionKey: event.sessionKey,
          trigger: data.reason,
          error: data.error,
        });
      else if (data.phase === "end" && data.skipped)
        log.write("warn", "compaction skipped", {
          sessionKey: event.sessionKey,
          trigger: data.reason,
          reason: data.skipped,
        });
    }
    if (event.stream === "lifecycle" && (event.data.phase === "end" || event.data.phase === "error")) {
      log.write(event.data.phase === "end" ? "info" : "warn", `run ${event.data.status}`, {
        runId: event.runId,
        sessionKey: event.sessionKey,
        ...(event.data.phase === "error" ? { error: event.data.error } : {}),
      });
    }
  });

  const subagents = await attachSessionTools(
    runtime,
    agents,
    db,
    { config, env },
    models,
    log,
    options.subagentThreads,
  );
  await attachMemory(agents, config, {
    stateDir,
    env,
    log,
    profiles: auth.profiles,
    ollamaBaseUrl: config.models.providers?.ollama?.baseUrl,
  });
  const cron = assembleCron({
    config,
    runtime,
    agents,
    db,
    log,
    stateDir,
    storePath: stateDbPath,
    ...(options.deliver ? { deliver: options.deliver } : {}),
  });
  // After cron: the browser tool follows the cron tool, as offeredToolNames lists them.
  const browser = assembleBrowser({ config, stateDir, agents, models, approvals });
  for (const agent of agents) configureAgent(agent, config, env);
  const seenSessions = new Set<string>();
  runtime.subscribe((event) => {
    if (
      event.stream !== "lifecycle" ||
      event.data.phase !== "start" ||
      !event.sessionKey ||
      seenSessions.has(event.sessionKey)
    )
      return;
    seenSessions.add(event.sessionKey);
    const agent = agents.find(
      (a) => a.definition.id === runtime.resolveAgent(undefined, event.sessionKey).id,
    );
    agent?.memory?.notifySessionStart();
  });
  const archiveTimer = setInterval(() => {
    void subagents
      .archiveExpired()
      .catch((error: unknown) => log.write("warn", "subagent archive failed", { error: String(error) }));
  }, 5 * 60_000);
  archiveTimer.unref();

  return {
    runtime,
    sessions,
    agents,
    models,
    auth,
    log,
    subagents,
    cron,
    stateDbPath,
    approvals,
    browser,
    inbox,
    async reconfigure(next) {
      approvalTimeoutSec = next.tools.exec.approvalTimeoutSec;
      currentConfig = next;
      models.reconfigure(next);
      await auth.reconfigure(next);
      for (const agent of agents) configureAgent(agent, next, env);
      cron.reconfigure(next);
      browser.reconfigure(next);
    },
    async close() {
      clearInterval(archiveTimer);
      await cron.close();
      await runtime.close();
      await browser.close();
      await subagents.settled();
      await Promise.all(agents.map((a) => a.memory?.close()));
      for (const agent of agents) {
        agent.skills.close();
        agent.tools.dispose();
      }
      await sessions.close();
      inbox.close();
      db.close();
    },
  };
}

/** Session tools and subagents: spawn with a SQLite outbox, exactly-once announce, depth limits. */
async function attachSessionTools(
  runtime: AgentRuntime,
  agents: readonly AssembledAgent[],
  db: SqliteDatabase,
  { config, env }: { config: ClawConfig; env: Readonly<Record<string, string | undefined>> },
  models: ModelResolver,
  log: LogFile,
  threads?: SubagentThreadBinder,
): Promise<SubagentRegistry> {
  const limits = config.agents.defaults.subagents;
  const registry = createSubagentRegistry({
    runtime,
    outbox: openSubagentOutbox(db),
    limits: limits
      ? {
          maxSpawnDepth: limits.maxSpawnDepth,
          maxChildrenPerAgent: limits.maxChildrenPerAgent,
          maxConcurrent: limits.maxConcurrent,
          archiveAfterMinutes: limits.archiveAfterMinutes,
        }
      : undefined,
    isKnownModel: (ref) => models.resolve(ref) !== undefined,
    onProblem: (message, run) =>
      log.write("warn", `subagent: ${message}`, { runId: run.runId, parent: run.parentSessionKey }),
    ...(threads ? { threads } : {}),
  });
  const tools = createSessionTools({
    runtime,
    registry,
    send: {
      agentToAgent: { enabled: config.tools.agentToAgent.enabled, allow: config.tools.agentToAgent.allow },
      onProblem: (message) => log.write("warn", `sessions_send: ${message}`),
    },
  });
  for (const agent of agents) {
    agent.extraTools.push(...tools);
    agent.extraFilters.push((list, context) => registry.filterTools(list, context));
    configureAgent(agent, config, env);
  }
  // With thread binding, the caller recovers once the channels (the threads' outbox) exist.
  if (!threads) await recoverSubagents(registry, log);
  return registry;
}

/** Re-delivers stored subagent results and fails children lost in a restart (once, at start). */
export async function recoverSubagents(registry: SubagentRegistry, log: LogFile): Promise<void> {
  const recovered = await registry.recoverPending();
  log.write("info", "subagent outbox recovered", { ...recovered });
}

/** Opens each agent's memory index (no sync yet: that happens on session start or first search). */
async function attachMemory(
  agents: readonly AssembledAgent[],
  config: ClawConfig,
  inputs: { stateDir: string; env: Readonly<Record<string, string | undefined>>; log: LogFile } & Omit<
    Parameters<typeof memoryIndexOptions>[2],
    "workspaceDir" | "stateDir" | "env"
  >,
): Promise<void> {
  for (const agent of agents) {
    const options = memoryIndexOptions(config, agent.definition.id, {
      ...inputs,
      workspaceDir: agent.workspaceDir,
      onNotice: (message) => inputs.log.write("warn", message, { agentId: agent.definition.id }),
    });
    if (!options) continue;
    const memory = await openMemoryIndex({
      ...options,
      onCorrupt: "rebuild",
      log: (message) => inputs.log.write("info", `memory(${agent.definition.id}): ${message}`),
    });
    agent.memory = memory;
    agent.extraTools.push(...createMemoryTools(memory));
    configureAgent(agent, config, inputs.env);
  }
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
