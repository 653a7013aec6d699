/**
 * A tiny publish/subscribe bus for agent events. Listener errors are isolated: one throwing
 * listener never stops delivery to the others or breaks the run.
 */
import type { AgentEvent, AgentEventData, AgentEventListener, AgentEventStream } from "./types.js";

export interface EventBus {
  /** Subscribes; returns the unsubscribe function. */
  subscribe(listener: AgentEventListener): () => void;
  emit(event: AgentEvent): void;
}

/**
 * @example
 * const bus = createEventBus((error) => log.warn("listener failed", error));
 * const off = bus.subscribe((e) => console.log(e.stream, e.data));
 */
export function createEventBus(onListenerError?: (error: unknown) => void): EventBus {
  const listeners = new Set<AgentEventListener>();
  return {
    subscribe(listener) {
      listeners.add(listener);
      return () => listeners.delete(listener);
    },
    emit(event) {
      for (const listener of listeners) {
        try {
          listener(event);
        } catch (error) {
          onListenerError?.(error);
        }
      }
    },
  };
}

/** Stamps events of one run with its id, session key and an increasing seq. */
export function createRunEmitter(
  bus: EventBus,
  runId: string,
  sessionKey: string | undefined,
  now = Date.now,
) {
  let seq = 0;
  return <S extends AgentEventStream>(stream: S, data: AgentEventData<S>): AgentEvent => {
    seq += 1;
    // TypeScript cannot tie `data` to `stream` through the generic; the signature already does.
    const event = { runId, seq, stream, ts: now(), data } as AgentEvent;
    if (sessionKey !== undefined) event.sessionKey = sessionKey;
    bus.emit(event);
    return event;
  };
}

export type RunEmitter = ReturnType<typeof createRunEmitter>;
