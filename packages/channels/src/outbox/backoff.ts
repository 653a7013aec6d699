/** Retry delays for failed sends: exponential with jitter, never shorter than what the platform asked. */
export interface RetryPolicy {
  /** Attempts per chunk before it is marked failed (default 12). */
  attempts: number;
  minDelayMs: number;
  maxDelayMs: number;
  /** 0..1: the share of each delay that is random. */
  jitter: number;
}

export const DEFAULT_RETRY: RetryPolicy = { attempts: 12, minDelayMs: 500, maxDelayMs: 60_000, jitter: 0.2 };

/**
 * @example
 * retryDelayMs(3, DEFAULT_RETRY, 5_000); // ≥ 5000: Retry-After wins over a shorter backoff
 */
export function retryDelayMs(
  attempt: number,
  policy: RetryPolicy,
  retryAfterMs = 0,
  random = Math.random,
): number {
  const exponential = Math.min(policy.maxDelayMs, policy.minDelayMs * 2 ** Math.max(0, attempt - 1));
  const jittered = exponential * (1 - policy.jitter + policy.jitter * random());
  return Math.max(Math.round(jittered), retryAfterMs);
}
