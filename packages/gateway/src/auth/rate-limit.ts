import type { GatewayLimits } from "../limits.js";

interface Entry {
  failures: number[];
  lockedUntil: number;
  locks: number;
}

/**
 * Per-IP failed-auth limiter with exponential back-off. Loopback is limited too: a browser page
 * can open a socket to localhost and guess passwords.
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

  /** Milliseconds until this IP may try again; 0 when it may try now. */
  retryAfterMs(ip: string): number {
    const entry = this.entries.get(ip);
    return entry ? Math.max(0, entry.lockedUntil - this.now()) : 0;
  }

  recordFailure(ip: string): void {
    const t = this.now();
    const entry = this.entries.get(ip) ?? { failures: [], lockedUntil: 0, locks: 0 };
    entry.failures = entry.failures.filter((f) => t - f < this.limits.authWindowMs);
    entry.failures.push(t);
    if (entry.failures.length >= this.limits.authMaxFailures) {
      const lock = Math.min(this.limits.authMaxLockMs, this.limits.authBaseLockMs * 2 ** entry.locks);
      entry.lockedUntil = t + lock;
      entry.locks++;
    }
    this.entries.set(ip, entry);
    if (this.entries.size > 10_000) this.prune(t);
  }

  recordSuccess(ip: string): void {
    this.entries.delete(ip);
  }

  private prune(t: number): void {
    for (const [ip, e] of this.entries) {
      if (e.lockedUntil < t && e.failures.every((f) => t - f >= this.limits.authWindowMs))
        this.entries.delete(ip);
    }
  }
}
