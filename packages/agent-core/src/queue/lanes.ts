/** Lanes cap how many runs of one kind go at once; each lane is a counting semaphore. */
export interface Lane {
  acquire(signal?: AbortSignal): Promise<() => void>;
  readonly active: number;
  readonly waiting: number;
}

export function createLane(limit: number): Lane {
  let active = 0;
  const waiters: (() => void)[] = [];
  const release = () => {
    active -= 1;
    const next = waiters.shift();
    if (next) next();
  };
  return {
    get active() {
      return active;
    },
    get waiting() {
      return waiters.length;
    },
    acquire(signal) {
      // An abort listener added to an aborted signal never fires: the waiter would stay forever.
      if (signal?.aborted)
        return Promise.reject(signal.reason ?? new Error("aborted while waiting for a lane"));
      if (active < limit) {
        active += 1;
        return Promise.resolve(once(release));
      }
      return new Promise((resolve, reject) => {
        const grant = () => {
          signal?.removeEventListener("abort", onAbort);
          active += 1;
          resolve(once(release));
        };
        const onAbort = () => {
          const index = waiters.indexOf(grant);
          if (index !== -1) waiters.splice(index, 1);
          reject(signal?.reason ?? new Error("aborted while waiting for a lane"));
        };
        signal?.addEventListener("abort", onAbort, { once: true });
        waiters.push(grant);
      });
    },
  };
}

function once(fn: () => void): () => void {
  let done = false;
  return () => {
    if (done) return;
    done = true;
    fn();
  };
}
