/**
 * The time source of the scheduler and the heartbeat: wall time plus one-shot timers. Tests pass
 * a manual clock and move time forward by hand, so nothing sleeps.
 */

export type TimerHandle = { readonly id: number };

export interface Clock {
  now(): number;
  /** Calls `fn` once after `ms`; the timer must not keep the process alive. */
  setTimer(fn: () => void, ms: number): TimerHandle;
  clearTimer(handle: TimerHandle): void;
}

/** The real clock: `Date.now` and unref'd `setTimeout`. */
export function systemClock(): Clock {
  const timers = new Map<number, ReturnType<typeof setTimeout>>();
  let nextId = 1;
  return {
    now: () => Date.now(),
    setTimer(fn, ms) {
      const id = nextId++;
      // setTimeout overflows past 2^31-1 ms; the scheduler re-arms at least every minute anyway.
      const timer = setTimeout(
        () => {
          timers.delete(id);
          fn();
        },
        Math.min(Math.max(0, ms), 2_147_483_647),
      );
      timer.unref?.();
      timers.set(id, timer);
      return { id };
    },
    clearTimer(handle) {
      const timer = timers.get(handle.id);
      if (timer !== undefined) clearTimeout(timer);
      timers.delete(handle.id);
    },
  };
}

export interface ManualClock extends Clock {
  /** Moves time forward, firing due timers in order and letting their promises settle. */
  advance(ms: number): Promise<void>;
  /** Moves time to an instant (never backwards), like `advance`. */
  advanceTo(atMs: number): Promise<void>;
  /** Timers not yet fired. */
  pending(): number;
}

/** Lets queued promise callbacks (and the ones they queue) run. */
export async function settle(rounds = 20): Promise<void> {
  for (let i = 0; i < rounds; i++) await new Promise<void>((resolve) => setImmediate(resolve));
}

/**
 * A clock that moves only when told: for tests and benchmarks.
 *
 * @example
 * const clock = createManualClock(Date.parse("2026-03-29T00:00:00Z"));
 * await clock.advance(60_000);
 */
export function createManualClock(startMs: number): ManualClock {
  let now = startMs;
  let nextId = 1;
  const timers = new Map<number, { at: number; fn: () => void }>();
  const clock: ManualClock = {
    now: () => now,
    setTimer(fn, ms) {
      const id = nextId++;
      timers.set(id, { at: now + Math.max(0, ms), fn });
      return { id };
    },
    clearTimer(handle) {
      timers.delete(handle.id);
    },
    async advanceTo(atMs) {
      await settle();
      for (;;) {
        let dueId: number | undefined;
        let dueAt = Number.POSITIVE_INFINITY;
        for (const [id, timer] of timers)
          if (timer.at <= atMs && (timer.at < dueAt || (timer.at === dueAt && id < (dueId ?? 0)))) {
            dueId = id;
            dueAt = timer.at;
          }
        if (dueId === undefined) break;
        const timer = timers.get(dueId);
        timers.delete(dueId);
        now = Math.max(now, dueAt);
        timer?.fn();
        await settle();
      }
      now = Math.max(now, atMs);
      await settle();
    },
    advance: (ms) => clock.advanceTo(now + ms),
    pending: () => timers.size,
  };
  return clock;
}
