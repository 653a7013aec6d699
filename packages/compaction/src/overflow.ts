/** Compact-and-retry attempts after a context-overflow error before giving up. */
export const MAX_OVERFLOW_COMPACTION_ATTEMPTS = 3;

/** Provider wordings for "the prompt does not fit", for errors not already classified. */
export const CONTEXT_OVERFLOW_PATTERNS: readonly RegExp[] = [
  /prompt is too long/i,
  /context[ _-]?length/i,
  /maximum context/i,
  /context window/i,
  /too many tokens/i,
  /exceeds? (?:the )?(?:model'?s? )?(?:max(?:imum)? )?(?:context|token|input) (?:limit|length|size)/i,
  /input (?:is )?too long/i,
  /request too large for model/i,
];

function field(value: unknown, key: string): unknown {
  return typeof value === "object" && value !== null ? (value as Record<string, unknown>)[key] : undefined;
}

/**
 * True for a context-overflow failure, in any of the shapes it arrives in: an assistant message
 * (or `ProviderErrorInfo`) classified `context_overflow`, an error carrying that reason, or a
 * message matching {@link CONTEXT_OVERFLOW_PATTERNS}.
 *
 * @example
 * isContextOverflow(new Error("prompt is too long: 210000 tokens > 200000 maximum")); // → true
 */
export function isContextOverflow(value: unknown): boolean {
  const info = field(value, "error") ?? value;
  if (field(info, "reason") === "context_overflow" || field(value, "reason") === "context_overflow")
    return true;
  if (field(value, "role") === "assistant" && field(value, "stopReason") !== "error") return false;
  const message = field(info, "message") ?? field(value, "message");
  return typeof message === "string" && CONTEXT_OVERFLOW_PATTERNS.some((p) => p.test(message));
}

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
  /** Runs the request; `attempt` counts from 1. May return or throw an overflow. */
  attempt: (attempt: number) => Promise<T>;
  /** Compacts the session; return `compacted: false` when nothing could be dropped. */
  compact: (compaction: number, overflow: unknown) => Promise<C>;
  /** Compactions allowed (default 3). 0 disables recovery and reports the overflow at once. */
  maxRetries?: number;
  isOverflow?: (value: unknown) => boolean;
  signal?: AbortSignal;
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
