import type { GatewayLimits } from "../limits.js";

interface Entry {
  failures: number[];
  lockedUntil: number;
  locks: number;
}

/** Failures are counted per address and browser origin: one page's guesses never lock out another client. */
export function rateLimitKey(ip: string, origin: string | undefined): string {
  return `${ip} ${origin ?? "-"}`;
}

/**
 * Failed-auth limiter with exponential back-off, keyed by `rateLimitKey`. Loopback is limited
 * too: a local page or process can open a socket to localhost and guess passwords.
 */
export class AuthRateLimiter {
  private readonly entries = new Map<string, Entry>();

  constructor(
    private readonly limits: Pick<
      GatewayLimits,
      "authMaxFailures" | "authWindowMs" | "authBaseLockMs" | "authMaxLockMs"
    >,
    private readonly now: () => number = Date.now,
  ) {}

  /** Milliseconds until this key may try again; 0 when it may try now. */
  retryAfterMs(key: string): number {
    const entry = this.entries.get(key);
    return entry ? Math.max(0, entry.lockedUntil - this.now()) : 0;
  }

  recordFailure(key: string): void {
    const t = this.now();
    const entry = this.entries.get(key) ?? { failures: [], lockedUntil: 0, locks: 0 };
    entry.failures = entry.failures.filter((f) => t - f < this.limits.authWindowMs);
    entry.failures.push(t);
    if (entry.failures.length >= this.limits.authMaxFailures) {
      const lock = Math.min(this.limits.authMaxLockMs, this.limits.authBaseLockMs * 2 ** entry.locks);
      entry.lockedUntil = t + lock;
      entry.locks++;
    }
    this.entries.set(key, entry);
    if (this.entries.size > 10_000) this.prune(t);
  }

  recordSuccess(key: string): void {
    this.entries.delete(key);
  }

  private prune(t: number): void {
    for (const [ip, e] of this.entries) {
      if (e.lockedUntil < t && e.failures.every((f) => t - f >= this.limits.authWindowMs))
        this.entries.delete(ip);
    }
  }
}
