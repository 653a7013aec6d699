/**
 * System events per session (cron notes, exec completions, subagent notices): bounded FIFO,
 * oldest dropped past the cap, drained into the next prompt of that session. In memory only.
 */

export interface SystemEventQueue {
  enqueue(sessionKey: string, text: string): void;
  /** Returns and removes every queued event of the session, oldest first. */
  drain(sessionKey: string): string[];
  size(sessionKey: string): number;
}

/**
 * @example
 * const events = createSystemEventQueue();
 * events.enqueue("agent:main:main", "Cron job backup finished.");
 * events.drain("agent:main:main"); // → ["Cron job backup finished."]
 */
export function createSystemEventQueue(max = 20): SystemEventQueue {
  const queues = new Map<string, string[]>();
  return {
    enqueue(sessionKey, text) {
      let queue = queues.get(sessionKey);
      if (!queue) {
        queue = [];
        queues.set(sessionKey, queue);
      }
      if (queue.length >= max) queue.shift();
      queue.push(text);
    },
    drain(sessionKey) {
      const queue = queues.get(sessionKey);
      queues.delete(sessionKey);
      return queue ?? [];
    },
    size: (sessionKey) => queues.get(sessionKey)?.length ?? 0,
  };
}

/** Prefixes a prompt with drained system events, one `System:` line each. */
export function withSystemEvents(events: readonly string[], text: string): string {
  if (events.length === 0) return text;
  return `${events.map((e) => `System: ${e}`).join("\n")}\n\n${text}`;
}
