import type { StateDb } from "../state/db.js";

/**
 * Remembers the first result of each idempotency key for `ttlMs` (at most `maxEntries` keys):
 * in flight in memory (so concurrent duplicates share one effect), completed ones also in SQLite
 * (so a duplicate after a gateway restart still gets the first answer).
 */
export class IdempotencyCache {
  private readonly pending = new Map<string, Promise<unknown>>();

  constructor(
    private readonly db: StateDb,
    private readonly ttlMs: number,
    private readonly maxEntries: number,
    private readonly now: () => number = Date.now,
  ) {}

  /**
   * Runs `effect` once per key; repeats get the first result (or the in-flight promise).
   *
   * @example
   * const ack = await cache.run(`agent:${params.idempotencyKey}`, () => startRun(params));
   */
  async run<T>(key: string, effect: () => Promise<T>): Promise<T> {
    const inflight = this.pending.get(key);
    if (inflight) return inflight as Promise<T>;
    const stored = this.lookup(key);
    if (stored !== undefined) return stored as T;
    const promise = effect();
    this.pending.set(key, promise);
    try {
      const value = await promise;
      this.store(key, value);
      return value;
    } finally {
      this.pending.delete(key);
    }
  }

  /** The stored result of a key, if still fresh. */
  lookup(key: string): unknown {
    const row = this.db
      .prepare("SELECT result, expires_at FROM gateway_idempotency WHERE key = ?")
      .get(key) as { result: string; expires_at: number } | undefined;
    if (!row || row.expires_at <= this.now()) return undefined;
    return JSON.parse(row.result);
  }

  store(key: string, value: unknown): void {
    const t = this.now();
    this.db
      .prepare("INSERT OR REPLACE INTO gateway_idempotency (key, result, expires_at) VALUES (?, ?, ?)")
      .run(key, JSON.stringify(value ?? null), t + this.ttlMs);
    this.db.prepare("DELETE FROM gateway_idempotency WHERE expires_at <= ?").run(t);
    this.db
      .prepare(
        "DELETE FROM gateway_idempotency WHERE key NOT IN (SELECT key FROM gateway_idempotency ORDER BY expires_at DESC LIMIT ?)",
      )
      .run(this.maxEntries);
  }
}
