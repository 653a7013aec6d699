/**
 * The inbound dispatcher in front of `runtime.run`: drops redeliveries, runs chat commands,
 * expires stale sessions, and decides what a message does to a busy session (steer it, queue a
 * follow-up, collect into one turn, or interrupt). It only calls the runtime port it is given.
 */
import { createDedupeCache, dedupeKey } from "./dedupe.js";
import {
  addWithCap,
  droppedSummary,
  type FollowUpTurn,
  type PendingMessage,
  toFollowUpTurns,
} from "./pending-buffer.js";
import {
  DEFAULT_QUEUE_SETTINGS,
  type QueueSettings,
  queueCommandSupport,
  queueOverrideOf,
  resolveQueueSettings,
} from "./queue-settings.js";
import { createSystemEventQueue, withSystemEvents } from "./system-events.js";
import type {
  DispatchResult,
  InboundDispatcherOptions,
  InboundMessage,
  InboundRun,
  InboundRuntime,
  ScheduleTimer,
} from "./types.js";

export interface InboundDispatcher<TRun extends InboundRun = InboundRun> {
  dispatch(message: InboundMessage): Promise<DispatchResult<TRun>>;
  /** Queues a system event for the session's next prompt. */
  enqueueSystemEvent(sessionKey: string, text: string): void;
  /** Messages held for the session (not yet turned into runs). */
  queued(sessionKey: string): number;
  /** Drops every held message of the session; returns how many. */
  clearQueued(sessionKey: string): number;
  /** Resolves once no held message and no dispatcher-started run remains for the session. */
  idle(sessionKey: string): Promise<void>;
}

interface SessionState {
  pending: PendingMessage[];
  dropped: PendingMessage[];
  mode: "collect" | "followup";
  debounceMs: number;
  lane?: InboundMessage["lane"];
  agentId?: string;
  draining?: Promise<void>;
  /** Restarts the quiet-period timer when a message arrives. */
  poke?: () => void;
}

const FOREVER_MS = 2_147_483_647;
const realTimer: ScheduleTimer = (fn, ms) => {
  const t = setTimeout(fn, ms);
  return () => clearTimeout(t);
};

/**
 * @example
 * const inbound = createInboundDispatcher(runtime, {
 *   queue: { mode: "collect" },
 *   commands: (key, text, context) => handleCommand(runtime, key, text, context),
 *   freshen: (key, channel) => freshenSession(runtime.sessions, key, {}, Date.now(), channel),
 *   onRun: streamToChannel,
 * });
 * const result = await inbound.dispatch({ sessionKey: "agent:main:main", text: "hi", id: "tg-42", channel: "telegram" });
 * if (result.status === "command") reply(result.reply.text);
 */
export function createInboundDispatcher<TRun extends InboundRun>(
  runtime: InboundRuntime<TRun>,
  options: InboundDispatcherOptions<TRun> = {},
): InboundDispatcher<TRun> {
  const now = options.now ?? Date.now;
  const schedule = options.schedule ?? realTimer;
  const dedupe = createDedupeCache({ ...options.dedupe, now });
  const systemEvents = options.systemEvents ?? createSystemEventQueue(options.systemEventCap);
  const defaults: QueueSettings = { ...DEFAULT_QUEUE_SETTINGS, ...options.queue };
  const queueCommands = queueCommandSupport(defaults);
  const states = new Map<string, SessionState>();

  const isBusy = (key: string) => runtime.activeRuns().some((r) => r.sessionKey === key);
  const state = (key: string): SessionState | undefined => states.get(key);

  const startRun = (key: string, turn: FollowUpTurn, message?: InboundMessage): TRun =>
    runtime.run({
      sessionKey: key,
      message: withSystemEvents(systemEvents.drain(key), turn.text),
      ...(message?.agentId ? { agentId: message.agentId } : {}),
      ...(message?.lane ? { lane: message.lane } : {}),
      ...(turn.channel ? { channel: turn.channel } : {}),
      ...(turn.senderIsOwner !== undefined ? { senderIsOwner: turn.senderIsOwner } : {}),
      ...(turn.groupTools ? { groupTools: turn.groupTools } : {}),
    });

  const waitIdle = async (key: string) => {
    for (let runs = runtime.activeRuns(); ; runs = runtime.activeRuns()) {
      const mine = runs.filter((r) => r.sessionKey === key);
      if (mine.length === 0) return;
      await Promise.all(mine.map((r) => runtime.wait(r.runId, FOREVER_MS)));
    }
  };

  const quietPeriod = (s: SessionState) =>
    new Promise<void>((resolve) => {
      let cancel = () => {};
      const arm = () => {
        cancel();
        cancel = schedule(() => {
          s.poke = undefined;
          resolve();
        }, s.debounceMs);
      };
      s.poke = arm;
      arm();
    });

  const drain = (key: string, s: SessionState) => {
    if (s.draining) {
      s.poke?.();
      return;
    }
    s.draining = (async () => {
      try {
        while (s.pending.length > 0) {
          await waitIdle(key);
          await quietPeriod(s);
          if (isBusy(key)) continue;
          const turns = toFollowUpTurns(s.pending.splice(0), s.mode, droppedSummary(s.dropped.splice(0)));
          for (const turn of turns) {
            const run = startRun(key, turn, {
              sessionKey: key,
              text: turn.text,
              lane: s.lane,
              agentId: s.agentId,
            });
            options.onRun?.(run, { ...turn, sessionKey: key });
            await run.result;
          }
        }
      } finally {
        s.draining = undefined;
        if (s.pending.length === 0) states.delete(key);
      }
    })();
  };

  const hold = (
    message: InboundMessage,
    settings: { mode: "collect" | "followup"; debounceMs: number } & Pick<QueueSettings, "cap" | "drop">,
  ): DispatchResult<TRun> => {
    const key = message.sessionKey;
    let s = state(key);
    if (!s) {
      s = { pending: [], dropped: [], mode: settings.mode, debounceMs: settings.debounceMs };
      states.set(key, s);
    }
    Object.assign(s, {
      mode: settings.mode,
      debounceMs: settings.debounceMs,
      lane: message.lane,
      agentId: message.agentId,
    });
    const outcome = addWithCap(s.pending, toPending(message), settings.cap, settings.drop);
    s.pending = outcome.kept;
    if (outcome.refusedIncoming) {
      if (!s.draining && s.pending.length === 0) states.delete(key);
      return {
        status: "refused",
        reason: `the session already holds ${settings.cap} queued messages (drop: new)`,
      };
    }
    if (settings.drop === "summarize") s.dropped.push(...outcome.dropped);
    drain(key, s);
    return { status: "queued", queued: s.pending.length, dropped: outcome.dropped.length };
  };

  const dispatcher: InboundDispatcher<TRun> = {
    async dispatch(message) {
      const key = message.sessionKey;
      const dedupeId = dedupeKey(message);
      if (dedupeId && dedupe.seen(dedupeId)) return { status: "duplicate" };

      let text = message.text;
      if (options.commands) {
        const reply = await options.commands(key, text, {
          senderIsOwner: message.senderIsOwner,
          clearQueued: dispatcher.clearQueued,
          queuedCount: dispatcher.queued,
          queue: queueCommands,
        });
        if (reply && !reply.passThrough) return { status: "command", reply };
        if (reply?.passThrough) {
          const run = startRun(
            key,
            {
              text: reply.passThrough,
              channel: message.channel,
              senderIsOwner: message.senderIsOwner,
              ...(message.groupTools ? { groupTools: message.groupTools } : {}),
            },
            message,
          );
          return { status: "command", reply, run };
        }
      }

      const entry = await runtime.sessions.get(key);
      const settings = resolveQueueSettings(
        defaults,
        options.queue?.byChannel,
        message.channel,
        queueOverrideOf(entry?.flags),
      );
      const busy = isBusy(key) || state(key) !== undefined;

      if (!busy) {
        const expired = options.freshen ? (await options.freshen(key, message.channel)).expired : undefined;
        const debounceMs = inboundDebounceFor(options, message);
        if (debounceMs > 0 && !message.hasMedia)
          return hold(message, { ...settings, mode: "collect", debounceMs });
        const run = startRun(key, toPending(message), message);
        return { status: "started", run, ...(expired ? { expired } : {}) };
      }

      switch (settings.mode) {
        case "steer":
        case "steer-backlog": {
          const steered = runtime.steer(key, withSystemEvents(systemEvents.drain(key), text));
          if (steered && settings.mode === "steer") return { status: "steered" };
          if (steered) {
            hold(message, { ...settings, mode: "followup" });
            return { status: "steered", alsoQueued: true };
          }
          return hold(message, { ...settings, mode: "followup" });
        }
        case "interrupt": {
          const aborted = runtime.activeRuns().filter((r) => r.sessionKey === key).length;
          dispatcher.clearQueued(key);
          text = withSystemEvents(systemEvents.drain(key), text);
          const run = runtime.run({ ...runRequestOf(message), message: text, queueMode: "interrupt" });
          return { status: "interrupted", run, aborted };
        }
        case "followup":
        case "collect":
          return hold(message, { ...settings, mode: settings.mode });
      }
    },

    enqueueSystemEvent: (key, text) => systemEvents.enqueue(key, text),
    queued: (key) => state(key)?.pending.length ?? 0,
    clearQueued(key) {
      const s = state(key);
      if (!s) return 0;
      const count = s.pending.length;
      s.pending = [];
      s.dropped = [];
      if (!s.draining) states.delete(key);
      return count;
    },
    async idle(key) {
      for (let s = state(key); s?.draining; s = state(key)) await s.draining;
    },
  };
  return dispatcher;
}

function toPending(message: InboundMessage): PendingMessage {
  return {
    text: message.text,
    ...(message.channel ? { channel: message.channel } : {}),
    ...(message.accountId ? { accountId: message.accountId } : {}),
    ...(message.peer ? { peer: message.peer } : {}),
    ...(message.senderId ? { senderId: message.senderId } : {}),
    ...(message.threadId ? { threadId: message.threadId } : {}),
    ...(message.id ? { id: message.id } : {}),
    ...(message.senderIsOwner !== undefined ? { senderIsOwner: message.senderIsOwner } : {}),
    ...(message.groupTools ? { groupTools: message.groupTools } : {}),
  };
}

function runRequestOf(message: InboundMessage) {
  return {
    sessionKey: message.sessionKey,
    ...(message.agentId ? { agentId: message.agentId } : {}),
    ...(message.lane ? { lane: message.lane } : {}),
    ...(message.channel ? { channel: message.channel } : {}),
    ...(message.senderIsOwner !== undefined ? { senderIsOwner: message.senderIsOwner } : {}),
    ...(message.groupTools ? { groupTools: message.groupTools } : {}),
  };
}

function inboundDebounceFor(
  options: Pick<InboundDispatcherOptions, "inboundDebounce">,
  message: InboundMessage,
): number {
  const byChannel = message.channel ? options.inboundDebounce?.byChannel?.[message.channel] : undefined;
  return byChannel ?? options.inboundDebounce?.debounceMs ?? 0;
}
