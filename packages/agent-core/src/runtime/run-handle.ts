/** The handle a caller gets for one run: its id, its events as they happen, and its result. */
import type { UserMessage } from "@claw/providers";
import type { AgentEvent } from "../events/types.js";
import type { RunResult } from "../loop/types.js";

export interface RunHandle {
  runId: string;
  sessionKey: string;
  /** Every event of this run, in order; ends after the terminal lifecycle event. */
  events: AsyncIterable<AgentEvent>;
  /** Resolves with the terminal state; never rejects. */
  result: Promise<RunResult>;
  /** Aborts this run. */
  abort(reason?: string): void;
}

/** Per-run state the runtime tracks while a run is queued or active. */
export interface ActiveRun {
  runId: string;
  sessionKey: string;
  controller: AbortController;
  steering: UserMessage[];
  followUps: UserMessage[];
  started: boolean;
}

export type EventChannel = ReturnType<typeof createEventChannel>;

/** A buffered async iterable fed by push(); ends on close(). Late readers see every event. */
export function createEventChannel() {
  const buffer: AgentEvent[] = [];
  const readers: (() => void)[] = [];
  let closed = false;
  const wake = () => {
    for (const r of readers.splice(0)) r();
  };
  return {
    push(event: AgentEvent) {
      if (closed) return;
      buffer.push(event);
      wake();
    },
    close() {
      closed = true;
      wake();
    },
    iterable: {
      async *[Symbol.asyncIterator]() {
        let index = 0;
        while (true) {
          if (index < buffer.length) {
            yield buffer[index++] as AgentEvent;
            continue;
          }
          if (closed) return;
          await new Promise<void>((resolve) => readers.push(resolve));
        }
      },
    } satisfies AsyncIterable<AgentEvent>,
  };
}
