/**
 * Starts Claw: assembles the agent runtime from the config and serves it through the gateway.
 * Used by the `claw-gateway` process, `claw gateway run`, and tests (with a faux model).
 */
import { existsSync, rmSync, writeFileSync } from "node:fs";
import type { AgentRuntime, PersistentSessionStore } from "@claw/agent-core";
import { queueCommandSupport } from "@claw/channels";
import { beatToWire, eventToWire } from "@claw/cron";
import { type GatewayAuth, type GatewayHandle, startGateway } from "@claw/gateway";
import type { AssembledAgent } from "./assemble/agents.js";
import {
  type AssembleClawOptions,
  type AssembledClaw,
  assembleClaw,
  recoverSubagents,
} from "./assemble/assemble-claw.js";
import { type AssembledChannels, assembleChannels } from "./assemble/channels/assemble-channels.js";
import { controlUiSite } from "./assemble/control-ui.js";
import { type LateChannelDelivery, lateChannelDelivery } from "./assemble/cron-delivery.js";
import { type LateMessagePort, lateMessagePort } from "./assemble/message/message-port.js";
import { trackReplyingSessions } from "./assemble/message/replying-sessions.js";
import { modelKnowledge } from "./assemble/models.js";
import { absentTools } from "./assemble/offered-tools.js";
import { createOllamaProbe, type ServerProbe } from "./assemble/ollama-probe.js";
import { type LateSubagentThreads, lateSubagentThreads } from "./assemble/threads/late-subagent-threads.js";
import { bindHost, ensureGatewayToken, gatewayStatePath } from "./paths.js";
import { type ConfigReloader, createConfigReloader } from "./reload/config-reloader.js";
import { channelSummary, createChannelsPort } from "./runtime-adapter/channels-port.js";
import { createConfigAccess } from "./runtime-adapter/config-access.js";
import { createGatewayPorts } from "./runtime-adapter/create-gateway-ports.js";
import { routeLibraryChatter } from "./runtime-adapter/library-chatter.js";
import type { LogFile } from "./runtime-adapter/log-file.js";

export const CLAW_VERSION = "0.1.0";

/** How often the gateway pushes a `health` event to its clients. */
export const HEALTH_EVENT_INTERVAL_MS = 60_000;

export interface StartClawOptions extends AssembleClawOptions {
  configPath: string;
  /** Overrides `gateway.port` (0 picks a free port). */
  port?: number;
  /** Overrides the bind host. */
  host?: string;
  /** How Ollama's reachability is checked (tests pass one with no cache). */
  ollamaProbe?: ServerProbe;
  /** Watch the config file and credential stores and apply changes live (default true). */
  watchConfig?: boolean;
  /**
   * Where library chatter (SDK deprecation notices, process warnings, a dependency's console.warn)
   * goes while the gateway runs: the gateway log (default), or left alone ("inherit").
   */
  libraryChatter?: "log" | "inherit";
  /** The built Control UI to serve (default: @claw/control-ui's own build) when `gateway.controlUi.enabled`. */
  controlUiRoot?: string;
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
  /** The chat channels (Telegram, …) and their outbox: `channels.deliver(target, text)`. */
  channels: AssembledChannels;
  log: LogFile;
  /** The config in force, live reloads and their outcome. */
  config: ConfigReloader;
  /** Graceful shutdown: says `shutdown`, drains runs, closes everything. */
  close(options?: { reason?: string; restartExpectedMs?: number }): Promise<void>;
}

/**
 * @example
 * const { config, paths } = loadConfig({ env: process.env, homeDir: os.homedir() });
 * const claw = await startClaw({ config, stateDir: paths.stateDir, configPath: paths.configPath });
 * console.log(claw.url);
 */
export async function startClaw(options: StartClawOptions): Promise<ClawGateway> {
  // Cron announces through the channels' outbox, which exists only once the channels assemble.
  const channelDelivery = options.deliver ? undefined : lateChannelDelivery();
  // The message tool, too, reaches the channels once they exist.
  const messages = lateMessagePort();
  // And subagents spawned with `thread: true` open their thread there.
  const threads = lateSubagentThreads();
  const assembled = await assembleClaw({
    ...(channelDelivery ? { ...options, deliver: channelDelivery.deliver } : options),
    messagePort: messages.port,
    subagentThreads: threads.binder,
  });
  try {
    return await serveAssembled(options, assembled, channelDelivery, messages, threads);
  } catch (error) {
    // A port in use or a bad auth setting must not leave the db, sessions and watchers open.
    await assembled
      .close()
      .catch((closeError: unknown) =>
        assembled.log.write("error", "cleanup after a failed start failed", { error: String(closeError) }),
      );
    throw error;
  }
}

async function serveAssembled(
  options: StartClawOptions,
  assembled: AssembledClaw,
  channelDelivery: LateChannelDelivery | undefined,
  messages: LateMessagePort,
  threads: LateSubagentThreads,
): Promise<ClawGateway> {
  const { config, stateDir } = options;
  const env = options.env ?? process.env;
  const { runtime, sessions, agents, models, auth, log, stateDbPath } = assembled;
  const authMode = config.gateway.auth.mode;
  const gatewayAuth: GatewayAuth =
    authMode === "password"
      ? { mode: "password", password: config.gateway.auth.password ?? "" }
      : authMode === "none"
        ? { mode: "none", acknowledgeNoAuth: config.gateway.auth.dangerouslyAllowNoAuth }
        : { mode: "token", token: ensureGatewayToken(config, stateDir, env) };
  const reloader = createConfigReloader({
    configPath: options.configPath,
    stateDir,
    initial: config,
    env,
    knowledge: modelKnowledge(options.models),
    credentialDirs: agents.map((a) => a.agentDir),
    apply: (next) => assembled.reconfigure(next),
    log: (level, message, fields) => log.write(level, message, fields),
    watch: options.watchConfig ?? true,
  });
  const commandOptions = {
    // `/queue` stores the channel layer's queue override; channels obey it.
    queue: queueCommandSupport(),
    stopChildren: (sessionKey: string) => assembled.subagents.stop(sessionKey),
    compact: async (sessionKey: string) => {
      const outcome = await runtime.compact(sessionKey);
      return outcome.compacted
        ? `Compacted: the conversation is now ${outcome.messages} messages.`
        : `Nothing to compact: ${outcome.reason}.`;
    },
  };
  const replying = trackReplyingSessions(runtime);
  const channels = await assembleChannels({
    config,
    stateDbPath,
    stateDir,
    runtime,
    defaultAgentId: runtime.resolveAgent(undefined).id,
    log,
    env,
    commands: commandOptions,
    approvals: assembled.approvals.broker,
    systemEvents: assembled.cron.systemEvents,
    onDispatched: (sessionKey) => replying.mark(sessionKey),
  });
  channelDelivery?.attach(channels.deliver, channels.lastRoute, (id) => channels.outbox.settled(id));
  messages.attach(channels, replying);
  threads.attach(channels.subagentThreads);
  await recoverSubagents(assembled.subagents, log);
  const basePorts = createGatewayPorts({
    runtime,
    sessions,
    agents,
    models,
    hasCredential: auth.hasCredential,
    ollama: options.ollamaProbe ?? createOllamaProbe(),
    config: createConfigAccess(options.configPath, reloader),
    logs: log,
    version: CLAW_VERSION,
    stateDir,
    cron: assembled.cron,
    toolProfile: config.tools.profile,
    approvals: assembled.approvals.broker,
    inbox: assembled.inbox,
    commands: commandOptions,
    absentTools: (agentId) => absentTools(reloader.current(), agentId, env, models),
    auth,
  });
  const ports = {
    ...basePorts,
    channels: createChannelsPort(channels),
    browser: assembled.browser.port,
    status: {
      ...basePorts.status,
      health: async () => ({ ...(await basePorts.status.health()), ...channelSummary(channels) }),
      status: async () => ({
        ...(await basePorts.status.status()),
        channelSummary: Object.entries(channelSummary(channels).channels).map(([channel, summary]) => ({
          channel,
          ...summary,
        })),
      }),
    },
  };
  // Messages acknowledged before a crash run now (or are reported failed), before new ones arrive.
  const recovered = await ports.runs.durable.recover();
  if (recovered.resumed + recovered.completed + recovered.interrupted > 0)
    log.write("info", "accepted messages recovered", { ...recovered });
  const host = options.host ?? bindHost(config.gateway.bind);
  const controlUi = controlUiSite(config, options.controlUiRoot, (m, f) => log.write("warn", m, f));
  const gateway = await startGateway({
    ports,
    host,
    port: options.port ?? config.gateway.port,
    auth: gatewayAuth,
    allowedOrigins: config.gateway.allowedOrigins,
    stateDbPath,
    stateDir,
    version: CLAW_VERSION,
    mainKey: config.session.mainKey,
    ...(controlUi ? { controlUi } : {}),
    logger: {
      info: (message, fields) => log.write("info", message, fields),
      warn: (message, fields) => log.write("warn", message, fields),
      error: (message, fields) => log.write("error", message, fields),
    },
  }).catch(async (error: unknown) => {
    reloader.close();
    await channels.close();
    throw error;
  });
  // Jobs start once clients can hear about them: the `cron` event follows every change and run.
  assembled.cron.onEvent((event) => gateway.broadcast("cron", eventToWire(event)));
  assembled.cron.onBeat((beat) => gateway.broadcast("heartbeat", beatToWire(beat)));
  await assembled.cron.start();
  await channels.start();
  const stopRoutingChatter = options.libraryChatter === "inherit" ? () => {} : routeLibraryChatter(log);
  writeFileSync(
    gatewayStatePath(stateDir),
    `${JSON.stringify({ pid: process.pid, url: gateway.url, port: gateway.port, host, startedAt: Date.now(), version: CLAW_VERSION })}\n`,
    { mode: 0o600 },
  );

  // Clients learn about health changes (sessions, agents) without polling.
  const healthTimer = setInterval(() => {
    void gateway
      .refreshHealth()
      .catch((error: unknown) => log.write("warn", "health refresh failed", { error: String(error) }));
  }, HEALTH_EVENT_INTERVAL_MS);
  healthTimer.unref();
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
    channels,
    log,
    config: reloader,
    async close(closeOptions) {
      if (closed) return;
      closed = true;
      clearInterval(healthTimer);
      reloader.close();
      // Runs aborted by the drain before they started stay queued for the next start.
      ports.runs.durable.beginShutdown();
      channels.beginShutdown();
      await gateway.close(closeOptions);
      await channels.close();
      replying.close();
      await assembled.close();
      if (existsSync(gatewayStatePath(stateDir))) rmSync(gatewayStatePath(stateDir), { force: true });
      stopRoutingChatter();
      log.write("info", "gateway stopped");
    },
  };
}
