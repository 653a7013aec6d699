import { isContextOverflow } from "@claw/providers";

/** Compact-and-retry attempts after a context-overflow error before giving up. */
export const MAX_OVERFLOW_COMPACTION_ATTEMPTS = 3;

/**
 * The one context-overflow detector lives in @claw/providers (same rule tables as every
 * adapter); re-exported here so `runWithOverflowRecovery` users need one import.
 */
export { isContextOverflow };

/** The run still overflows after every allowed compaction; tells the user what to do. */
export class ContextOverflowError extends Error {
  override readonly name = "ContextOverflowError";
  constructor(
    message: string,
    readonly compactions: number,
    readonly lastError: unknown,
  ) {
    super(message);
  }
}

export interface OverflowRecoveryOptions<T, C extends { compacted: boolean }> {
  /** Runs the request; `attempt` counts from 1. May return (or throw) an overflow. */
  attempt: (attempt: number) => Promise<T>;
  /** Compacts the session; return `compacted: false` when nothing could be dropped. */
  compact: (compaction: number, overflow: unknown) => Promise<C>;
  /** Compactions allowed (default 3). 0 disables recovery and reports the overflow at once. */
  maxRetries?: number;
  isOverflow?: (value: unknown) => boolean;
  signal?: AbortSignal;
}

function field(value: unknown, key: string): unknown {
  return typeof value === "object" && value !== null ? (value as Record<string, unknown>)[key] : undefined;
}

function describe(cause: unknown): string {
  const message = field(field(cause, "error") ?? cause, "message");
  return typeof message === "string" ? ` (last provider error: ${message})` : "";
}

/**
 * Runs `attempt`; on a context overflow, compacts and retries, at most `maxRetries` times, then
 * fails with a {@link ContextOverflowError} the user can act on. Stops early when a compaction
 * cannot shrink anything, instead of burning the remaining attempts.
 *
 * @example
 * const { value, compactions } = await runWithOverflowRecovery({
 *   attempt: () => streamOnce(session.messages),
 *   compact: async () => { const c = await compactHistory(session.messages, opts);
 *     session.messages = c.messages; return c.result; },
 * });
 */
export async function runWithOverflowRecovery<T, C extends { compacted: boolean }>(
  options: OverflowRecoveryOptions<T, C>,
): Promise<{ value: T; compactions: C[]; attempts: number }> {
  const maxRetries = options.maxRetries ?? MAX_OVERFLOW_COMPACTION_ATTEMPTS;
  const isOverflow = options.isOverflow ?? isContextOverflow;
  const compactions: C[] = [];
  for (let attempt = 1; ; attempt++) {
    if (options.signal?.aborted) throw options.signal.reason ?? new Error("aborted");
    let overflow: unknown;
    try {
      const value = await options.attempt(attempt);
      if (!isOverflow(value)) return { value, compactions, attempts: attempt };
      overflow = value;
    } catch (error) {
      if (!isOverflow(error)) throw error;
      overflow = error;
    }
    if (compactions.length >= maxRetries) {
      const why =
        maxRetries === 0
          ? "automatic compaction is disabled (maxRetries 0)"
          : `it still does not fit after ${compactions.length} compaction attempt(s)`;
      throw new ContextOverflowError(
        `Context overflow: the conversation is too large for the model's context window and ${why}${describe(overflow)}. Start a new session (/new), run /compact with a narrower focus, or use a model with a larger context window.`,
        compactions.length,
        overflow,
      );
    }
    const result = await options.compact(compactions.length + 1, overflow);
    compactions.push(result);
    if (!result.compacted) {
      throw new ContextOverflowError(
        `Context overflow: compaction could not shrink the conversation any further${describe(overflow)}. The most recent messages alone exceed the context window; start a new session (/new) or use a model with a larger context window.`,
        compactions.length,
        overflow,
      );
    }
  }
}
