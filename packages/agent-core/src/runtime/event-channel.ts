/** A run's events for the readers of its handle: buffered, bounded, and never blocking the run. */
import type { AgentEvent } from "../events/types.js";

/** Default number of events a run keeps for readers of its handle. */
export const DEFAULT_MAX_BUFFERED_RUN_EVENTS = 10_000;

/** Told (once per reader) when a reader of `run.events` fell too far behind and was ended. */
export interface SlowSubscriberReport {
  runId: string;
  sessionKey: string;
  /** Events the reader had not read yet when it was ended. */
  pendingEvents: number;
  limit: number;
}

/** Thrown from a reader's `next()` when the events it still had to read were discarded. */
export class SlowSubscriberError extends Error {
  override readonly name = "SlowSubscriberError";
}

export interface EventChannelOptions {
  runId: string;
  sessionKey: string;
  /** Most events kept for readers (default 10 000); older ones are discarded. */
  maxBuffered?: number;
  onSlowSubscriber?: (report: SlowSubscriberReport) => void;
}

export type EventChannel = ReturnType<typeof createEventChannel>;

interface Reader {
  /** Index (over every event ever pushed) of the next event this reader gets. */
  next: number;
  failed?: SlowSubscriberError;
}

/**
 * A buffered async iterable fed by `push()`; ends on `close()`. Readers, late ones too, see every
 * event while the run has pushed at most `maxBuffered`. Past that, at the end of each event-loop
 * turn (so a reader that is only outrun by a synchronous burst catches up first), the oldest are
 * discarded, and a reader still owing one is ended with a `SlowSubscriberError` (reported once)
 * instead of the buffer growing for it. A reader that starts after a discard fails at once.
 *
 * @example
 * const channel = createEventChannel({ runId, sessionKey, onSlowSubscriber: (r) => log.warn("slow", r) });
 * channel.push(event); channel.close();
 * for await (const e of channel.iterable) console.log(e.seq);
 */
export function createEventChannel(options: EventChannelOptions) {
  const limit = options.maxBuffered ?? DEFAULT_MAX_BUFFERED_RUN_EVENTS;
  if (!Number.isInteger(limit) || limit < 1)
    throw new Error(`maxBufferedRunEvents ${limit} must be a whole number of events of at least 1`);
  let buffer: AgentEvent[] = [];
  /** Index of buffer[0] over every event pushed: how many were discarded. */
  let base = 0;
  const readers = new Set<Reader>();
  const wakers: (() => void)[] = [];
  let closed = false;
  let discardScheduled = false;
  const wake = () => {
    for (const w of wakers.splice(0)) w();
  };
  const discardOldest = () => {
    discardScheduled = false;
    const floor = base + buffer.length - limit;
    if (floor <= base) return;
    for (const reader of readers) {
      if (reader.next >= floor) continue;
      const pendingEvents = base + buffer.length - reader.next;
      reader.failed = new SlowSubscriberError(
        `run ${options.runId}: this reader of run.events fell ${pendingEvents} events behind (limit ${limit}); ` +
          "read the events as they come, or raise maxBufferedRunEvents",
      );
      readers.delete(reader);
      options.onSlowSubscriber?.({
        runId: options.runId,
        sessionKey: options.sessionKey,
        pendingEvents,
        limit,
      });
    }
    // Copy rather than shift one by one: a slice keeps no reference to what was discarded.
    buffer = buffer.slice(floor - base);
    base = floor;
  };
  return {
    push(event: AgentEvent) {
      if (closed) return;
      buffer.push(event);
      if (buffer.length > limit && !discardScheduled) {
        discardScheduled = true;
        setImmediate(discardOldest);
      }
      wake();
    },
    close() {
      closed = true;
      wake();
    },
    /** Events held now (for tests and diagnostics). */
    buffered: () => buffer.length,
    iterable: {
      async *[Symbol.asyncIterator]() {
        const reader: Reader = { next: 0 };
        if (base > 0) {
          throw new SlowSubscriberError(
            `run ${options.runId}: ${base} events were discarded before this reader started (limit ${limit}); ` +
              "start reading run.events before the run gets ahead, or raise maxBufferedRunEvents",
          );
        }
        readers.add(reader);
        try {
          while (true) {
            if (reader.failed) throw reader.failed;
            if (reader.next < base + buffer.length) {
              yield buffer[reader.next++ - base] as AgentEvent;
              continue;
            }
            if (closed) return;
            await new Promise<void>((resolve) => wakers.push(resolve));
          }
        } finally {
          readers.delete(reader);
        }
      },
    } satisfies AsyncIterable<AgentEvent>,
  };
}
