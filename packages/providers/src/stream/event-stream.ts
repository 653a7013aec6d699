/**
 * A push-based async-iterable of assistant events whose final message is also a promise.
 * Adapters push events as they parse them; the stream completes on `done` or `error`.
 */
import type { AssistantEvent, AssistantEventStream, AssistantMessage } from "../types.js";

export interface AssistantEventSink extends AssistantEventStream {
  /** Queues an event for readers; `done`/`error` also settle `result()` and end iteration. */
  push(event: AssistantEvent): void;
}

/**
 * Creates an event stream an adapter writes into.
 *
 * @example
 * const stream = createAssistantEventStream();
 * queueMicrotask(() => stream.push({ type: "done", reason: "stop", message }));
 * for await (const event of stream) console.log(event.type);
 */
export function createAssistantEventStream(): AssistantEventSink {
  const queue: AssistantEvent[] = [];
  const waiters: ((value: IteratorResult<AssistantEvent>) => void)[] = [];
  let finished = false;
  let resolveResult: (message: AssistantMessage) => void = () => {};
  const result = new Promise<AssistantMessage>((resolve) => {
    resolveResult = resolve;
  });

  return {
    push(event) {
      if (finished) return;
      if (event.type === "done" || event.type === "error") {
        finished = true;
        resolveResult(event.message);
      }
      const waiter = waiters.shift();
      if (waiter) waiter({ value: event, done: false });
      else queue.push(event);
      if (finished) for (const w of waiters.splice(0)) w({ value: undefined, done: true });
    },
    result: () => result,
    [Symbol.asyncIterator](): AsyncIterator<AssistantEvent> {
      return {
        next(): Promise<IteratorResult<AssistantEvent>> {
          const event = queue.shift();
          if (event) return Promise.resolve({ value: event, done: false });
          if (finished) return Promise.resolve({ value: undefined, done: true });
          return new Promise((resolve) => waiters.push(resolve));
        },
      };
    },
  };
}
