/**
 * Reading a held channel back: when the layer could not store a message (state.db refused the
 * write), Discord will not send it again, so the channel reads it back from REST after a delay
 * that doubles per failed attempt (one timer per channel, so a burst of refusals schedules one
 * read-back); a read-back that gets everything stored resets the delay.
 */

export interface ReadBackRetryOptions {
  /** Reads the channel back from `from` (exclusive), in the channel's turn. */
  readBack(channelId: string, from: string): Promise<unknown>;
  /** Where the channel is still held after a read-back (undefined: all stored). */
  heldFrom(channelId: string): string | undefined;
  /** First delay (default 500 ms) and longest delay (default 30 s). */
  minMs?: number;
  maxMs?: number;
  onError(channelId: string, error: unknown): void;
}

export interface ReadBackRetry {
  /** Schedules a read-back of `channelId` (a no-op while one is scheduled or running). */
  schedule(channelId: string, from: string): void;
  /** Cancels every scheduled read-back. */
  stop(): void;
}

/**
 * @example
 * const retry = createReadBackRetry({ readBack: (id, from) => backfillChannel(id, from, options), heldFrom: sequencer.heldFrom, onError });
 * createInboundSequencer({ …, onNotStored: retry.schedule });
 */
export function createReadBackRetry(options: ReadBackRetryOptions): ReadBackRetry {
  const minMs = options.minMs ?? 500;
  const maxMs = options.maxMs ?? 30_000;
  const attempts = new Map<string, number>();
  const busy = new Map<string, ReturnType<typeof setTimeout> | "running">();
  let stopped = false;

  const run = async (channelId: string, from: string) => {
    busy.set(channelId, "running");
    try {
      await options.readBack(channelId, options.heldFrom(channelId) ?? from);
    } catch (error) {
      options.onError(channelId, error);
    } finally {
      busy.delete(channelId);
    }
    const still = options.heldFrom(channelId);
    if (still === undefined) attempts.delete(channelId);
    else schedule(channelId, still);
  };

  function schedule(channelId: string, from: string): void {
    if (stopped || busy.has(channelId)) return;
    const attempt = (attempts.get(channelId) ?? 0) + 1;
    attempts.set(channelId, attempt);
    const timer = setTimeout(
      () => void run(channelId, from),
      Math.min(maxMs, minMs * 2 ** Math.min(20, attempt - 1)),
    );
    timer.unref?.();
    busy.set(channelId, timer);
  }

  return {
    schedule,
    stop() {
      stopped = true;
      for (const entry of busy.values()) if (entry !== "running") clearTimeout(entry);
      busy.clear();
    },
  };
}
