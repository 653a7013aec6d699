/**
 * The embeddable agent runtime: queues runs per session (strictly sequential per key, concurrent
 * across keys up to each lane's cap), drives the agent loop, persists every message, and
 * publishes events. Usable in any Node service with nothing else of Claw.
 */
import { randomUUID } from "node:crypto";
import { DEFAULT_MAIN_KEY, resolveAgentIdAlias, sessionKeyAgentId } from "@claw/ids";
import { findModel, type UserMessage } from "@claw/providers";
import { createEventBus, createRunEmitter, type RunEmitter } from "../events/event-bus.js";
import { endedBeforeStart, type RunResult } from "../loop/types.js";
import { createKeyedQueue } from "../queue/keyed-queue.js";
import { createLane, type Lane } from "../queue/lanes.js";
import { createMemorySessionStore } from "../sessions/memory-session-store.js";
import { compactInto, executeRun, timerDelay } from "./execute-run.js";
import type { AgentDefinition, AgentRuntimeOptions, LaneName, RunRequest } from "./options.js";

export type { AgentRuntime, RunInfo } from "./agent-runtime.js";

import type { AgentRuntime } from "./agent-runtime.js";
import { createEventChannel, type EventChannel, type SlowSubscriberReport } from "./event-channel.js";
import { replyRun } from "./reply-run.js";
import type { ActiveRun, RunHandle } from "./run-handle.js";

const DEFAULT_LANES: Record<LaneName, number> = { main: 4, cron: 1, subagent: 8, nested: 8 };
const FINISHED_RUNS_KEPT = 500;

/**
 * @example
 * const runtime = createAgentRuntime({
 *   agents: [{ id: "main", model: { primary: "anthropic/claude-sonnet-4-5" }, systemPrompt: "Be brief." }],
 *   getApiKey: () => process.env.ANTHROPIC_API_KEY,
 * });
 * const run = runtime.run({ sessionKey: "agent:main:main", message: "Hello!" });
 * for await (const event of run.events)
 *   if (event.stream === "assistant" && event.data.kind === undefined) process.stdout.write(event.data.delta);
 * console.log((await run.result).status);
 */
export function createAgentRuntime(options: AgentRuntimeOptions): AgentRuntime {
  if (options.agents.length === 0) throw new Error("agent runtime: at least one agent is required");
  const ids = new Set<string>();
  for (const agent of options.agents) {
    if (ids.has(agent.id)) throw new Error(`agent runtime: duplicate agent id "${agent.id}"`);
    ids.add(agent.id);
  }
  const now = options.now ?? Date.now;
  const sessions = options.sessions ?? createMemorySessionStore(now);
  const bus = createEventBus(options.onListenerError);
  const onSlowSubscriber =
    options.onSlowSubscriber ??
    ((r: SlowSubscriberReport) =>
      console.warn(
        `agent runtime: ended a reader of run ${r.runId} (${r.sessionKey}) that fell ${r.pendingEvents} events behind (limit ${r.limit})`,
      ));
  const runChannel = (runId: string, sessionKey: string) =>
    createEventChannel({
      runId,
      sessionKey,
      onSlowSubscriber,
      ...(options.maxBufferedRunEvents !== undefined ? { maxBuffered: options.maxBufferedRunEvents } : {}),
    });
  const queue = createKeyedQueue();
  const lanes = new Map<LaneName, Lane>(
    (Object.keys(DEFAULT_LANES) as LaneName[]).map((name) => [
      name,
      createLane(options.lanes?.[name] ?? DEFAULT_LANES[name]),
    ]),
  );
  const runs = new Map<string, ActiveRun>();
  const results = new Map<string, { sessionKey: string; result: Promise<RunResult> }>();
  const finished: string[] = [];
  let closed = false;

  const defaultAgent = options.agents.find((a) => a.default) ?? (options.agents[0] as AgentDefinition);
  // `main` and `default` name the default agent unless one is really called that (OpenClaw's ids).
  const resolveAgent = (agentId: string | undefined, sessionKey?: string): AgentDefinition => {
    const wanted = agentId ?? sessionKeyAgentId(sessionKey);
    if (wanted) {
      const id = resolveAgentIdAlias(wanted, [...ids], defaultAgent.id);
      const found = options.agents.find((a) => a.id === id);
      if (found) return found;
      if (agentId) throw new Error(`Unknown agent "${agentId}". Known agents: ${[...ids].join(", ")}.`);
    }
    return defaultAgent;
  };

  const toUserMessage = (message: string | UserMessage): UserMessage =>
    typeof message === "string" ? { role: "user", content: message, timestamp: now() } : message;

  const remember = (runId: string, sessionKey: string, result: Promise<RunResult>) => {
    results.set(runId, { sessionKey, result });
    void result.then(() => {
      finished.push(runId);
      while (finished.length > FINISHED_RUNS_KEPT) results.delete(finished.shift() as string);
    });
  };

  const runtime: AgentRuntime = {
    sessions,
    agents: options.agents,
    mainKey: options.mainKey ?? DEFAULT_MAIN_KEY,
    resolveAgent,
    subscribe: (listener) => bus.subscribe(listener),

    run(request) {
      if (closed) return closedHandle(request);
      const agent = resolveAgent(request.agentId, request.sessionKey);
      const input = toUserMessage(request.message);
      if (request.queueMode === "steer" && runtime.steer(request.sessionKey, input)) {
        const current = [...runs.values()].find(
          (r) => r.sessionKey === request.sessionKey && r.started,
        ) as ActiveRun;
        return existingHandle(current);
      }
      if (request.queueMode === "interrupt")
        runtime.abort({ sessionKey: request.sessionKey }, "interrupted by a new message");

      const runId = request.runId ?? randomUUID();
      const controller = new AbortController();
      const callerSignal = request.signal;
      const onCallerAbort = () => controller.abort(callerSignal?.reason);
      if (callerSignal?.aborted) onCallerAbort();
      else callerSignal?.addEventListener("abort", onCallerAbort, { once: true });
      const active: ActiveRun = {
        runId,
        sessionKey: request.sessionKey,
        controller,
        steering: [],
        followUps: [],
        started: false,
      };
      runs.set(runId, active);
      const channel = runChannel(runId, request.sessionKey);
      const emit = channelEmitter(channel, runId, request.sessionKey);
      const lane = lanes.get(request.lane ?? "main") as Lane;

      // A run aborted while it waits behind its session's earlier runs ends now, not when they do.
      let inQueue = true;
      let endedInQueue: RunResult | undefined;
      let leaveQueue: (result: RunResult) => void = () => {};
      const leftQueue = new Promise<RunResult>((resolve) => {
        leaveQueue = resolve;
      });
      const onQueuedAbort = () => {
        if (!inQueue || endedInQueue) return;
        endedInQueue = endedBeforeStart(runId, emit, now, "aborted", {
          message: abortReason(controller.signal),
        });
        leaveQueue(endedInQueue);
      };
      if (controller.signal.aborted) queueMicrotask(onQueuedAbort);
      else controller.signal.addEventListener("abort", onQueuedAbort, { once: true });

      const queued = queue
        .run(request.sessionKey, async () => {
          inQueue = false;
          controller.signal.removeEventListener("abort", onQueuedAbort);
          if (endedInQueue) return endedInQueue;
          if (controller.signal.aborted)
            return endedBeforeStart(runId, emit, now, "aborted", { message: abortReason(controller.signal) });
          const release = await lane.acquire(controller.signal).catch(() => undefined);
          if (!release)
            return endedBeforeStart(runId, emit, now, "aborted", { message: abortReason(controller.signal) });
          active.started = true;
          try {
            return await executeRun({ request, input, agent, active, options, sessions, emit, now });
          } finally {
            release();
          }
        })
        .catch((error: unknown) =>
          endedBeforeStart(runId, emit, now, "error", {
            message: error instanceof Error ? error.message : String(error),
          }),
        );
      const result = Promise.race([queued, leftQueue]).finally(() => {
        // A caller may pass one long-lived signal to many runs; each run removes its listener.
        callerSignal?.removeEventListener("abort", onCallerAbort);
        runs.delete(runId);
        channel.close();
      });
      remember(runId, request.sessionKey, result);
      return {
        runId,
        sessionKey: request.sessionKey,
        events: channel.iterable,
        result,
        abort: (reason) => controller.abort(new Error(reason ?? "run aborted")),
      };
    },

    abort(target, reason = "run aborted") {
      let count = 0;
      for (const run of runs.values()) {
        const match = "runId" in target ? run.runId === target.runId : run.sessionKey === target.sessionKey;
        if (match && !run.controller.signal.aborted) {
          run.controller.abort(new Error(reason));
          count += 1;
        }
      }
      return count;
    },

    async wait(runId, timeoutMs) {
      const result = results.get(runId)?.result;
      if (!result) return undefined;
      let timer: NodeJS.Timeout | undefined;
      const timeout = new Promise<undefined>((resolve) => {
        timer = setTimeout(() => resolve(undefined), timerDelay(timeoutMs));
      });
      try {
        return await Promise.race([result, timeout]);
      } finally {
        clearTimeout(timer);
      }
    },

    get(runId) {
      const active = runs.get(runId);
      if (active)
        return { runId, sessionKey: active.sessionKey, state: active.started ? "running" : "queued" };
      const known = results.get(runId);
      return known ? { runId, sessionKey: known.sessionKey, state: "finished" } : undefined;
    },

    reply(sessionKey, reply, replyOptions) {
      const runId = replyOptions?.runId ?? randomUUID();
      const channel = runChannel(runId, sessionKey);
      const result = Promise.resolve(replyRun(runId, reply, channelEmitter(channel, runId, sessionKey), now));
      channel.close();
      remember(runId, sessionKey, result);
      return { runId, sessionKey, events: channel.iterable, result, abort: () => {} };
    },

    steer(sessionKey, message) {
      const current = [...runs.values()].find((r) => r.sessionKey === sessionKey && r.started);
      if (!current || current.controller.signal.aborted) return false;
      current.steering.push(toUserMessage(message));
      return true;
    },

    idle: (sessionKey) => queue.idle(sessionKey),

    compact(sessionKey, compactOptions = {}) {
      return queue.run(sessionKey, async () => {
        const agent = resolveAgent(compactOptions.agentId, sessionKey);
        const strategy = agent.compaction ?? options.compaction;
        if (!strategy)
          return { compacted: false, reason: "no compaction is configured for this agent" } as const;
        const entry = await sessions.resolve(sessionKey, { agentId: agent.id });
        const model = (options.resolveModel ?? ((ref: string) => findModel(ref)))(
          entry.modelOverride ?? agent.model.primary,
        );
        if (!model)
          throw new Error(`Cannot compact: unknown model "${entry.modelOverride ?? agent.model.primary}".`);
        const messages = await sessions.loadMessages(entry);
        const emit = createRunEmitter(bus, randomUUID(), sessionKey, now);
        const next = await compactInto(
          entry,
          messages,
          model,
          { strategy, sessions, emit },
          compactOptions.signal ?? new AbortController().signal,
          "manual",
        );
        return "messages" in next
          ? ({ compacted: true, messages: next.messages.length } as const)
          : ({ compacted: false, reason: next.reason } as const);
      });
    },

    activeRuns: () =>
      [...runs.values()].map((r) => ({ runId: r.runId, sessionKey: r.sessionKey, started: r.started })),

    async close() {
      closed = true;
      for (const run of runs.values()) run.controller.abort(new Error("runtime closing"));
      await Promise.all([...results.values()].map((r) => r.result));
    },
  };

  /** A run asked of a closed runtime ends at once, as an error that says so. */
  function closedHandle(request: RunRequest): RunHandle {
    const runId = request.runId ?? randomUUID();
    const channel = runChannel(runId, request.sessionKey);
    const result = Promise.resolve(
      endedBeforeStart(runId, channelEmitter(channel, runId, request.sessionKey), now, "error", {
        message: "The agent runtime is shut down; no new runs are accepted.",
      }),
    );
    channel.close();
    return { runId, sessionKey: request.sessionKey, events: channel.iterable, result, abort: () => {} };
  }

  /** Emits a run's events on the bus and into the run's own channel. */
  function channelEmitter(channel: EventChannel, runId: string, sessionKey: string): RunEmitter {
    const runEmitter = createRunEmitter(bus, runId, sessionKey, now);
    return (stream, data) => {
      const event = runEmitter(stream, data);
      channel.push(event);
      return event;
    };
  }

  function existingHandle(current: ActiveRun): RunHandle {
    const channel = runChannel(current.runId, current.sessionKey);
    channel.close();
    return {
      runId: current.runId,
      sessionKey: current.sessionKey,
      events: channel.iterable,
      result: results.get(current.runId)?.result as Promise<RunResult>,
      abort: (reason) => current.controller.abort(new Error(reason ?? "run aborted")),
    };
  }

  return runtime;
}

function abortReason(signal: AbortSignal): string {
  return signal.reason instanceof Error ? signal.reason.message : "run aborted";
}
