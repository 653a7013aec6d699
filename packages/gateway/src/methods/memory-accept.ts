/** `RunsPort.accept` for ports with no durable store (tests, embedders): in memory, not crash-safe. */
import type { AcceptedRun, RunHandle, RunInput, RunsPort } from "../runtime.js";

/**
 * Accepts each idempotency key once, in this process only: a repeat gets the first run's id and
 * outcome; after a restart everything is forgotten. A real runtime uses a durable inbox instead
 * (agent-core's `createDurableRuns`).
 *
 * @example
 * const runs: RunsPort = { start, accept: acceptInMemory(start), abort, wait, get, active };
 */
export function acceptInMemory(
  start: (input: RunInput) => RunHandle | Promise<RunHandle>,
): RunsPort["accept"] {
  const accepted = new Map<string, Promise<Omit<AcceptedRun, "duplicate">>>();
  return async (input: RunInput): Promise<AcceptedRun> => {
    const known = accepted.get(input.idempotencyKey);
    if (known) {
      const { handle: _first, ...first } = await known;
      return { ...first, duplicate: true };
    }
    const acceptedAt = Date.now();
    // Reserved before anything is awaited, so a concurrent repeat shares this run.
    const record = Promise.resolve()
      .then(() => start(input))
      .then((handle) => ({ runId: handle.runId, acceptedAt, handle, done: handle.result }));
    accepted.set(input.idempotencyKey, record);
    try {
      return { ...(await record), duplicate: false };
    } catch (error) {
      accepted.delete(input.idempotencyKey);
      throw error;
    }
  };
}
