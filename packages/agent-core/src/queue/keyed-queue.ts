/**
 * One FIFO queue per key: tasks for the same key run strictly one after another, tasks for
 * different keys run concurrently. This is the "one writer per session" rule, without lock files.
 */
export interface KeyedQueue {
  /** Runs `task` after every earlier task for `key` has settled. */
  run<T>(key: string, task: () => Promise<T>): Promise<T>;
  /** Tasks queued or running for `key`. */
  size(key: string): number;
  /** Resolves when every task for `key` queued so far has settled. */
  idle(key: string): Promise<void>;
}

/**
 * @example
 * const queue = createKeyedQueue();
 * await Promise.all([queue.run("a", write1), queue.run("a", write2)]); // write2 starts after write1
 */
export function createKeyedQueue(): KeyedQueue {
  const tails = new Map<string, Promise<unknown>>();
  const counts = new Map<string, number>();
  return {
    run(key, task) {
      const previous = tails.get(key) ?? Promise.resolve();
      counts.set(key, (counts.get(key) ?? 0) + 1);
      const result = previous.then(task, task);
      const settled = result.then(
        () => undefined,
        () => undefined,
      );
      tails.set(key, settled);
      void settled.then(() => {
        const left = (counts.get(key) ?? 1) - 1;
        if (left === 0) {
          counts.delete(key);
          if (tails.get(key) === settled) tails.delete(key);
        } else counts.set(key, left);
      });
      return result;
    },
    size: (key) => counts.get(key) ?? 0,
    idle: async (key) => {
      await (tails.get(key) ?? Promise.resolve());
    },
  };
}
