/**
 * The heartbeat: per agent, every `everyMs` inside its active hours, a cheap turn over
 * HEARTBEAT.md (and queued system events). An empty file and no events means no model call; a
 * `HEARTBEAT_OK` ack is never delivered; wakes within `coalesceMs` become one run. A wake may
 * name another session of the agent (a system event queued there): that session beats on its own.
 */
import { type Clock, systemClock, type TimerHandle } from "../scheduler/clock.js";
import {
  type BeatResult,
  DEFAULT_HEARTBEAT_PROMPT,
  type HeartbeatAgent,
  type HeartbeatPorts,
  runHeartbeatTurn,
} from "./heartbeat-turn.js";

export {
  type BeatResult,
  DEFAULT_HEARTBEAT_PROMPT,
  type HeartbeatAgent,
  type HeartbeatPorts,
} from "./heartbeat-turn.js";

export interface HeartbeatStatus {
  agentId: string;
  enabled: boolean;
  every: string;
  everyMs: number | null;
  ackMaxChars: number;
  /** The instruction each beat starts with. */
  prompt: string;
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
  /**
   * Asks for a beat soon; wakes within the coalescing window become one run. With a
   * `sessionKey` other than the agent's heartbeat session, that session beats instead.
   * `nextBeat: true` waits for the agent's next periodic beat (or beats now when it has none).
   */
  wake(
    agentId: string | undefined,
    reason: string,
    sessionKey?: string,
    options?: { nextBeat?: boolean },
  ): void;
  /** Runs one beat now (waiting for a running one first); for `claw heartbeat` and tests. */
  beat(agentId: string, reason: string): Promise<BeatResult>;
  status(): HeartbeatStatus[];
  /** Replaces the agents' settings (config reload); timers are re-armed. */
  reconfigure(agents: readonly HeartbeatAgent[]): void;
  /** Pauses (false) or resumes (true) every agent's heartbeat; a paused beat is skipped. */
  setEnabled(enabled: boolean): void;
  enabled(): boolean;
}

/** One session's beats: single-flight, with coalesced wakes and one follow-up. */
interface BeatLane {
  sessionKey: string;
  wakeTimer?: TimerHandle;
  wakeReasons: string[];
  running?: Promise<BeatResult>;
  again?: string;
}

interface AgentState {
  settings: HeartbeatAgent;
  timer?: TimerHandle;
  /** Other sessions to beat with the next periodic beat, and why. */
  deferred: Map<string, string>;
  nextBeatAtMs?: number;
  lanes: Map<string, BeatLane>;
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
  let paused = false;

  const laneOf = (state: AgentState, sessionKey = state.settings.sessionKey): BeatLane => {
    let lane = state.lanes.get(sessionKey);
    if (!lane) {
      lane = { sessionKey, wakeReasons: [] };
      state.lanes.set(sessionKey, lane);
    }
    return lane;
  };

  const armPeriodic = (state: AgentState) => {
    if (state.timer) clock.clearTimer(state.timer);
    state.timer = undefined;
    delete state.nextBeatAtMs;
    if (!started || paused || state.settings.everyMs <= 0) return;
    state.nextBeatAtMs = clock.now() + state.settings.everyMs;
    state.timer = clock.setTimer(() => {
      state.timer = undefined;
      const deferred = [...state.deferred];
      state.deferred.clear();
      for (const [sessionKey, reason] of deferred) void runBeat(state, laneOf(state, sessionKey), reason);
      void runBeat(state, laneOf(state), "interval").finally(() => armPeriodic(state));
    }, state.settings.everyMs);
  };

  const execute = (state: AgentState, lane: BeatLane, reason: string): Promise<BeatResult> => {
    const { settings } = state;
    if (paused)
      return Promise.resolve({
        agentId: settings.agentId,
        sessionKey: lane.sessionKey,
        atMs: clock.now(),
        reason,
        outcome: "skipped",
        skipReason: "heartbeats-disabled",
        delivered: false,
      });
    return runHeartbeatTurn({
      agent: settings,
      sessionKey: lane.sessionKey,
      reason,
      ports,
      now: () => clock.now(),
      signal: controller.signal,
    });
  };

  /** One beat at a time per session; a request while one runs becomes one follow-up beat. */
  const runBeat = (state: AgentState, lane: BeatLane, reason: string): Promise<BeatResult> => {
    if (lane.running) {
      lane.again = lane.again ? `${lane.again},${reason}` : reason;
      return lane.running;
    }
    const running = execute(state, lane, reason).then((result) => {
      state.last = result;
      lane.running = undefined;
      try {
        options.onBeat?.(result);
      } catch {
        // A failing listener must not stop the heartbeat.
      }
      if (lane.again && started) {
        const again = lane.again;
        lane.again = undefined;
        void runBeat(state, lane, again);
      } else if (lane.sessionKey !== state.settings.sessionKey && !lane.wakeTimer) {
        state.lanes.delete(lane.sessionKey);
      }
      return result;
    });
    lane.running = running;
    return running;
  };

  const clearTimers = (state: AgentState) => {
    if (state.timer) clock.clearTimer(state.timer);
    state.timer = undefined;
    for (const lane of state.lanes.values()) {
      if (lane.wakeTimer) clock.clearTimer(lane.wakeTimer);
      lane.wakeTimer = undefined;
    }
  };

  const load = (agents: readonly HeartbeatAgent[]) => {
    for (const state of states.values()) clearTimers(state);
    const previous = new Map(states);
    states.clear();
    for (const settings of agents) {
      const old = previous.get(settings.agentId);
      const state: AgentState = {
        settings,
        lanes: new Map(),
        deferred: old?.deferred ?? new Map(),
        ...(old?.last ? { last: old.last } : {}),
      };
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
      for (const state of states.values()) clearTimers(state);
    },
    wake(agentId, reason, sessionKey, wakeOptions) {
      const state = pick(agentId);
      if (!state || !started) return;
      if (wakeOptions?.nextBeat && state.timer) {
        const key = sessionKey ?? state.settings.sessionKey;
        // The heartbeat session's own events are drained by that beat anyway.
        if (key !== state.settings.sessionKey) {
          const earlier = state.deferred.get(key);
          state.deferred.set(key, earlier ? `${earlier},${reason}` : reason);
        }
        return;
      }
      const lane = laneOf(state, sessionKey);
      lane.wakeReasons.push(reason);
      if (lane.wakeTimer) return;
      lane.wakeTimer = clock.setTimer(() => {
        lane.wakeTimer = undefined;
        const reasons = [...new Set(lane.wakeReasons.splice(0))].join(",");
        void runBeat(state, lane, reasons);
      }, coalesceMs);
    },
    async beat(agentId, reason) {
      const state = states.get(agentId);
      if (!state)
        throw new Error(`heartbeat: no agent "${agentId}" (known: ${[...states.keys()].join(", ")})`);
      const lane = laneOf(state);
      if (lane.running) await lane.running;
      return runBeat(state, lane, reason);
    },
    status: () =>
      [...states.values()].map((s) => ({
        agentId: s.settings.agentId,
        enabled: s.settings.everyMs > 0 && !paused,
        every: s.settings.everyMs > 0 ? s.settings.every : "disabled",
        everyMs: s.settings.everyMs > 0 ? s.settings.everyMs : null,
        ackMaxChars: s.settings.ackMaxChars,
        prompt: s.settings.prompt ?? DEFAULT_HEARTBEAT_PROMPT,
        ...(s.settings.target ? { target: s.settings.target.channel } : {}),
        ...(s.nextBeatAtMs !== undefined ? { nextBeatAtMs: s.nextBeatAtMs } : {}),
        ...(s.last ? { last: s.last } : {}),
      })),
    reconfigure(agents) {
      load(agents);
    },
    setEnabled(enabled) {
      if (paused === !enabled) return;
      paused = !enabled;
      for (const state of states.values()) armPeriodic(state);
    },
    enabled: () => !paused,
  };
  load(options.agents);
  return service;
}
