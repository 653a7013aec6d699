/**
 * Scheduled jobs and the heartbeat, wired to the agent runtime: agent turns run in the `cron`
 * lane, system events wait in a per-session queue the heartbeat drains, and replies reach
 * channels through `deliver` (see the note on `CronAssemblyOptions.deliver`).
 */

import { join } from "node:path";
import type { AgentRuntime } from "@claw/agent-core";
import { suppressionReason } from "@claw/agent-core";
import { createSystemEventQueue, type SystemEventQueue, withSystemEvents } from "@claw/channels";
import type { ClawConfig } from "@claw/config";
import {
  type BeatResult,
  type CronEvent,
  type CronPorts,
  type CronScratchStore,
  type CronService,
  createCronService,
  createCronTool,
  createHeartbeatService,
  type DeliverFn,
  type HeartbeatService,
  openCronScratchStore,
  openCronStore,
  type RunAgentTurn,
  type SqliteDatabase,
} from "@claw/cron";
import { buildMainSessionKey, parseThinkingLevel, sessionKeyAgentId } from "@claw/ids";
import type { LogFile } from "../runtime-adapter/log-file.js";
import type { AssembledAgent } from "./agents.js";
import { adoptCronJobsFile } from "./cron-jobs-file.js";
import { heartbeatAgents } from "./heartbeat-agents.js";

export interface CronAssemblyOptions {
  config: ClawConfig;
  runtime: AgentRuntime;
  agents: readonly AssembledAgent[];
  db: SqliteDatabase;
  log: LogFile;
  /** Where `claw import openclaw` leaves `cron/jobs.json` for the gateway to adopt. */
  stateDir: string;
  /** The file the jobs live in (state.db), for `cron.status`. */
  storePath?: string;
  /**
   * Announce delivery. Until the gateway assembles channels this is left out, and an `announce`
   * job records its run as "not-delivered: this gateway has no channel delivery configured".
   * To wire it to @claw/channels' durable outbox, pass
   * `(target, text) => outbox.enqueue({ channel: target.channel, to: target.to, threadId: target.threadId, accountId: target.accountId, text })`
   * (resolving "last" to the session's last channel first): it must resolve once the outbox
   * has persisted the message and reject with a readable reason when it cannot.
   */
  deliver?: DeliverFn;
}

export interface CronAssembly {
  service: CronService;
  heartbeat: HeartbeatService;
  /** Events of the cron service, for the gateway's `cron` event. */
  onEvent(listener: (event: CronEvent) => void): void;
  /** Every finished beat, for the gateway's `heartbeat` event. */
  onBeat(listener: (beat: BeatResult) => void): void;
  /** The latest beat of any agent (`last-heartbeat`). */
  lastBeat(): BeatResult | undefined;
  /** Queues a system event for a session (the agent's main one by default) and wakes it now or at its next beat. */
  wake(input: { text: string; mode: "now" | "next-heartbeat"; sessionKey?: string; agentId?: string }): void;
  /** Whether jobs run (`cron.enabled`), and where they are stored. */
  enabled(): boolean;
  storePath: string;
  /** Each job's scratch pad (`cron.scratch.*`). */
  scratch: CronScratchStore;
  queuedSystemEvents(): { sessionKey: string; count: number }[];
  /** The gateway's one system-event queue: heartbeats and channel turns drain it per session. */
  systemEvents: SystemEventQueue;
  start(): Promise<void>;
  reconfigure(config: ClawConfig): void;
  close(): Promise<void>;
}

export function assembleCron(options: CronAssemblyOptions): CronAssembly {
  const { runtime, agents, log } = options;
  let config = options.config;
  const systemEvents = createSystemEventQueue();
  const queuedKeys = new Set<string>();
  const listeners: ((event: CronEvent) => void)[] = [];
  const beatListeners: ((beat: BeatResult) => void)[] = [];
  let lastBeat: BeatResult | undefined;
  const scratch = openCronScratchStore(options.db);
  // A job's tool allow list applies to its own runs only: looked up by the run's session key.
  const toolsAllowBySession = new Map<string, readonly string[]>();
  for (const agent of agents)
    agent.extraFilters.push((list, context) => {
      const allowed = toolsAllowBySession.get(context.sessionKey);
      return allowed ? list.filter((tool) => allowed.includes(tool.name)) : list;
    });

  // A session key names its agent (agent:<id>:…); a bare one belongs to the default agent.
  const sessionAgent = (agentId: string | undefined, sessionKey: string | undefined) =>
    agentId ?? sessionKeyAgentId(sessionKey) ?? runtime.resolveAgent(undefined).id;

  const runAgentTurn: RunAgentTurn = async (request) => {
    if (request.toolsAllow) toolsAllowBySession.set(request.sessionKey, request.toolsAllow);
    try {
      const thinking = request.thinking ? parseThinkingLevel(request.thinking) : undefined;
      const run = runtime.run({
        sessionKey: request.sessionKey,
        message: request.message,
        lane: "cron",
        signal: request.signal,
        ...(request.agentId ? { agentId: request.agentId } : {}),
        ...(request.model ? { model: request.model } : {}),
        ...(thinking ? { thinking } : {}),
        ...(request.timeoutSeconds ? { timeoutSeconds: request.timeoutSeconds } : {}),
        ...(request.lightContext
          ? { bootstrapContextMode: "lightweight", bootstrapContextRunKind: request.runKind ?? "cron" }
          : {}),
      });
      const result = await run.result;
      return {
        status: result.status,
        text: result.text,
        runId: result.runId,
        ...(result.error ? { error: result.error.message } : {}),
      };
    } catch (error) {
      return { status: "error", text: "", error: error instanceof Error ? error.message : String(error) };
    } finally {
      if (request.toolsAllow) toolsAllowBySession.delete(request.sessionKey);
    }
  };

  const heartbeat = createHeartbeatService({
    agents: heartbeatAgents(config, agents),
    ports: {
      runAgentTurn,
      ...(options.deliver ? { deliver: options.deliver } : {}),
      suppressionReason: (text, opts) => suppressionReason(text, opts),
      pendingSystemEvents: (sessionKey) => systemEvents.size(sessionKey),
      withSystemEvents: (sessionKey, prompt) => {
        queuedKeys.delete(sessionKey);
        return withSystemEvents(systemEvents.drain(sessionKey), prompt);
      },
    },
    onBeat: (beat) => {
      lastBeat = beat;
      log.write(beat.outcome === "error" ? "warn" : "info", `heartbeat ${beat.outcome}`, { ...beat });
      for (const listener of beatListeners) listener(beat);
    },
  });

  const ports: CronPorts = {
    runAgentTurn,
    enqueueSystemEvent: ({ agentId, sessionKey, text }) => {
      systemEvents.enqueue(sessionKey, text);
      queuedKeys.add(sessionKey);
      // The session's next heartbeat drains it; with no periodic heartbeat that is a beat now.
      heartbeat.wake(sessionAgent(agentId, sessionKey), "system event", sessionKey, { nextBeat: true });
    },
    // The session the event waits in beats now, whichever session it is.
    requestHeartbeat: ({ agentId, sessionKey, reason }) =>
      heartbeat.wake(sessionAgent(agentId, sessionKey), reason, sessionKey),
    mainSessionKey: (agentId) =>
      buildMainSessionKey(agentId ?? runtime.resolveAgent(undefined).id, config.session.mainKey),
    suppressionReason: (text) => suppressionReason(text),
    ...(options.deliver ? { deliver: options.deliver } : {}),
  };
  const service = createCronService({
    store: openCronStore(options.db),
    ports,
    defaultCatchUp: config.cron.catchUp,
    defaultTimeoutSeconds: config.cron.jobTimeoutSeconds,
    runHistoryLimit: config.cron.runHistoryLimit,
    onEvent: (event) => {
      if (event.action === "finished" && event.status !== "ok")
        log.write("warn", `cron run ${event.status}`, { ...event });
      if (event.action === "removed") scratch.delete(event.jobId);
      for (const listener of listeners) listener(event);
    },
    onProblem: (message, fields) => log.write("warn", message, fields),
  });
  // Jobs made while cron is off would never run: the agent gets the tool only when it is on.
  if (config.cron.enabled) for (const agent of agents) agent.extraTools.push(createCronTool(service));

  return {
    service,
    heartbeat,
    onEvent: (listener) => listeners.push(listener),
    onBeat: (listener) => beatListeners.push(listener),
    lastBeat: () => lastBeat,
    wake({ text, mode, sessionKey, agentId }) {
      const id = sessionAgent(agentId, sessionKey);
      const key = sessionKey ?? ports.mainSessionKey(id);
      ports.enqueueSystemEvent({ agentId: id, sessionKey: key, text });
      if (mode === "now") ports.requestHeartbeat({ agentId: id, sessionKey: key, reason: "wake" });
    },
    enabled: () => config.cron.enabled,
    storePath: options.storePath ?? join(options.stateDir, "state.db"),
    scratch,
    systemEvents,
    queuedSystemEvents: () => {
      const queued: { sessionKey: string; count: number }[] = [];
      for (const sessionKey of queuedKeys) {
        const count = systemEvents.size(sessionKey);
        // Drained by a beat or a channel turn: forget the key.
        if (count === 0) queuedKeys.delete(sessionKey);
        else queued.push({ sessionKey, count });
      }
      return queued;
    },
    async start() {
      if (!config.cron.enabled) {
        log.write("info", "cron: off (cron.enabled is false); jobs stay stored and do not run");
      } else {
        adoptCronJobsFile(options.stateDir, service, log);
        const report = await service.start();
        log.write("info", "cron started", { ...report });
      }
      heartbeat.start();
    },
    reconfigure(next) {
      config = next;
      heartbeat.reconfigure(heartbeatAgents(next, agents));
    },
    async close() {
      heartbeat.stop();
      await service.stop();
    },
  };
}
