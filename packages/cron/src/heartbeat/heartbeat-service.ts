/**
 * The heartbeat: per agent, every `everyMs` inside its active hours, a cheap turn over
 * HEARTBEAT.md (and queued system events). An empty file and no events means no model call; a
 * `HEARTBEAT_OK` ack is never delivered; wakes within `coalesceMs` become one run.
 */
import type { DeliverFn, DeliveryTarget, RunAgentTurn } from "../ports.js";
import { type Clock, systemClock, type TimerHandle } from "../scheduler/clock.js";
import { type ActiveHours, isWithinActiveHours } from "./active-hours.js";
import { isHeartbeatFileEmpty } from "./heartbeat-file.js";

export const DEFAULT_HEARTBEAT_PROMPT =
  "Read HEARTBEAT.md below and check whether anything needs attention now. If nothing does, reply HEARTBEAT_OK.";

export interface HeartbeatAgent {
  agentId: string;
  /** 0 disables the periodic beat (wakes still run). */
  everyMs: number;
  /** The configured interval as written ("30m"), for status. */
  every: string;
  sessionKey: string;
  prompt?: string;
  ackMaxChars: number;
  activeHours?: ActiveHours;
  model?: string;
  lightContext?: boolean;
  /** Where a non-ack reply goes; undefined keeps it in the session only. */
  target?: DeliveryTarget;
  /** The agent's HEARTBEAT.md, or undefined when there is none. */
  readHeartbeatFile(): Promise<string | undefined>;
}

export interface HeartbeatPorts {
  runAgentTurn: RunAgentTurn;
  deliver?: DeliverFn;
  /** Why a heartbeat reply is not delivered (HEARTBEAT_OK ack, NO_REPLY), or undefined. */
  suppressionReason(text: string, options: { heartbeat: true; ackMaxChars: number }): string | undefined;
  /** System events queued for the session (cron `systemEvent` jobs). */
  pendingSystemEvents?(sessionKey: string): number;
  /** The prompt with the session's queued system events prepended (and drained). */
  withSystemEvents?(sessionKey: string, prompt: string): string;
}

export interface BeatResult {
  agentId: string;
  atMs: number;
  reason: string;
  /** ran: a reply was produced (and delivered when there is a target); ack: suppressed; skipped: no model call. */
  outcome: "ran" | "ack" | "skipped" | "error";
  skipReason?: "outside-active-hours" | "empty-heartbeat-file";
  delivered: boolean;
  error?: string;
}

export interface HeartbeatStatus {
  agentId: string;
  enabled: boolean;
  every: string;
  everyMs: number | null;
  ackMaxChars: number;
  /** The delivery channel of non-ack replies, if any. */
  target?: string;
  nextBeatAtMs?: number;
  last?: BeatResult;
}

export interface HeartbeatServiceOptions {
  agents: readonly HeartbeatAgent[];
  ports: HeartbeatPorts;
  clock?: Clock;
  /** Wakes within this window become one run (default 250 ms). */
  coalesceMs?: number;
  onBeat?(result: BeatResult): void;
}

export interface HeartbeatService {
  start(): void;
  stop(): void;
  /** Asks for a beat soon; wakes within the coalescing window become one run. */
  wake(agentId: string | undefined, reason: string): void;
  /** Runs one beat now (waiting for a running one first); for `claw heartbeat` and tests. */
  beat(agentId: string, reason: string): Promise<BeatResult>;
  status(): HeartbeatStatus[];
  /** Replaces the agents' settings (config reload); timers are re-armed. */
  reconfigure(agents: readonly HeartbeatAgent[]): void;
}

interface AgentState {
  settings: HeartbeatAgent;
  timer?: TimerHandle;
  wakeTimer?: TimerHandle;
  wakeReasons: string[];
  nextBeatAtMs?: number;
  running?: Promise<BeatResult>;
  again?: string;
  last?: BeatResult;
}

/**
 * @example
 * const heartbeat = createHeartbeatService({ agents: [{ agentId: "main", everyMs: 1_800_000, every: "30m",
 *   sessionKey: "agent:main:main", ackMaxChars: 30, readHeartbeatFile: () => readFile("HEARTBEAT.md", "utf8") }],
 *   ports: { runAgentTurn, suppressionReason } });
 * heartbeat.start();
 */
export function createHeartbeatService(options: HeartbeatServiceOptions): HeartbeatService {
  const clock = options.clock ?? systemClock();
  const coalesceMs = options.coalesceMs ?? 250;
  const { ports } = options;
  const states = new Map<string, AgentState>();
  const controller = new AbortController();
  let started = false;

  const armPeriodic = (state: AgentState) => {
    if (state.timer) clock.clearTimer(state.timer);
    state.timer = undefined;
    delete state.nextBeatAtMs;
    if (!started || state.settings.everyMs <= 0) return;
    state.nextBeatAtMs = clock.now() + state.settings.everyMs;
    state.timer = clock.setTimer(() => {
      state.timer = undefined;
      void runBeat(state, "interval").finally(() => armPeriodic(state));
    }, state.settings.everyMs);
  };

  const execute = async (state: AgentState, reason: string): Promise<BeatResult> => {
    const agent = state.settings;
    const atMs = clock.now();
    const base = { agentId: agent.agentId, atMs, reason, delivered: false };
    if (!isWithinActiveHours(atMs, agent.activeHours))
      return { ...base, outcome: "skipped", skipReason: "outside-active-hours" };
    let file: string | undefined;
    try {
      file = await agent.readHeartbeatFile();
    } catch (error) {
      return { ...base, outcome: "error", error: `HEARTBEAT.md unreadable: ${String(error)}` };
    }
    const events = ports.pendingSystemEvents?.(agent.sessionKey) ?? 0;
    if (isHeartbeatFileEmpty(file) && events === 0)
      return { ...base, outcome: "skipped", skipReason: "empty-heartbeat-file" };
    const prompt = [
      agent.prompt ?? DEFAULT_HEARTBEAT_PROMPT,
      isHeartbeatFileEmpty(file) ? "" : `HEARTBEAT.md:\n${file?.trim()}`,
    ]
      .filter(Boolean)
      .join("\n\n");
    const turn = await ports.runAgentTurn({
      agentId: agent.agentId,
      sessionKey: agent.sessionKey,
      message: ports.withSystemEvents ? ports.withSystemEvents(agent.sessionKey, prompt) : prompt,
      signal: controller.signal,
      lightContext: agent.lightContext ?? true,
      ...(agent.model ? { model: agent.model } : {}),
    });
    if (turn.status !== "ok")
      return { ...base, outcome: "error", error: turn.error ?? `the heartbeat run ended ${turn.status}` };
    if (ports.suppressionReason(turn.text, { heartbeat: true, ackMaxChars: agent.ackMaxChars }))
      return { ...base, outcome: "ack" };
    if (!agent.target) return { ...base, outcome: "ran" };
    if (!ports.deliver)
      return {
        ...base,
        outcome: "error",
        error: "no channel delivery is configured for the heartbeat target",
      };
    try {
      await ports.deliver(agent.target, turn.text.trim());
      return { ...base, outcome: "ran", delivered: true };
    } catch (error) {
      return {
        ...base,
        outcome: "error",
        error: `delivery failed: ${error instanceof Error ? error.message : String(error)}`,
      };
    }
  };

  /** One beat at a time per agent; a request while one runs becomes one follow-up beat. */
  const runBeat = (state: AgentState, reason: string): Promise<BeatResult> => {
    if (state.running) {
      state.again = state.again ? `${state.again},${reason}` : reason;
      return state.running;
    }
    const running = execute(state, reason).then((result) => {
      state.last = result;
      state.running = undefined;
      try {
        options.onBeat?.(result);
      } catch {
        // A failing listener must not stop the heartbeat.
      }
      if (state.again && started) {
        const again = state.again;
        state.again = undefined;
        void runBeat(state, again);
      }
      return result;
    });
    state.running = running;
    return running;
  };

  const load = (agents: readonly HeartbeatAgent[]) => {
    for (const state of states.values()) {
      if (state.timer) clock.clearTimer(state.timer);
      if (state.wakeTimer) clock.clearTimer(state.wakeTimer);
    }
    const previous = new Map(states);
    states.clear();
    for (const settings of agents) {
      const old = previous.get(settings.agentId);
      const state: AgentState = { settings, wakeReasons: [], ...(old?.last ? { last: old.last } : {}) };
      states.set(settings.agentId, state);
      armPeriodic(state);
    }
  };

  const pick = (agentId: string | undefined): AgentState | undefined =>
    agentId ? states.get(agentId) : states.values().next().value;

  const service: HeartbeatService = {
    start() {
      started = true;
      load([...states.values()].map((s) => s.settings));
    },
    stop() {
      started = false;
      controller.abort(new Error("heartbeat stopped"));
      for (const state of states.values()) {
        if (state.timer) clock.clearTimer(state.timer);
        if (state.wakeTimer) clock.clearTimer(state.wakeTimer);
        state.timer = undefined;
        state.wakeTimer = undefined;
      }
    },
    wake(agentId, reason) {
      const state = pick(agentId);
      if (!state || !started) return;
      state.wakeReasons.push(reason);
      if (state.wakeTimer) return;
      state.wakeTimer = clock.setTimer(() => {
        state.wakeTimer = undefined;
        const reasons = [...new Set(state.wakeReasons.splice(0))].join(",");
        void runBeat(state, reasons);
      }, coalesceMs);
    },
    async beat(agentId, reason) {
      const state = states.get(agentId);
      if (!state)
        throw new Error(`heartbeat: no agent "${agentId}" (known: ${[...states.keys()].join(", ")})`);
      if (state.running) await state.running;
      return runBeat(state, reason);
    },
    status: () =>
      [...states.values()].map((s) => ({
        agentId: s.settings.agentId,
        enabled: s.settings.everyMs > 0,
        every: s.settings.everyMs > 0 ? s.settings.every : "disabled",
        everyMs: s.settings.everyMs > 0 ? s.settings.everyMs : null,
        ackMaxChars: s.settings.ackMaxChars,
        ...(s.settings.target ? { target: s.settings.target.channel } : {}),
        ...(s.nextBeatAtMs !== undefined ? { nextBeatAtMs: s.nextBeatAtMs } : {}),
        ...(s.last ? { last: s.last } : {}),
      })),
    reconfigure(agents) {
      load(agents);
    },
  };
  load(options.agents);
  return service;
}
