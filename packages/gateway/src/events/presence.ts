import type { PresenceEntry } from "@claw/protocol";

/**
 * The presence list: keyed by instance id (case-insensitive), entries expire after `ttlMs`, at
 * most `maxEntries` (the oldest is dropped). The gateway's own entry (`reason: "self"`) is kept.
 */
export class PresenceRegistry {
  private readonly entries = new Map<string, PresenceEntry>();
  version = 0;

  constructor(
    private readonly ttlMs: number,
    private readonly maxEntries: number,
    private readonly now: () => number = Date.now,
  ) {}

  upsert(instanceId: string, entry: Omit<PresenceEntry, "ts" | "instanceId">): void {
    const key = instanceId.toLowerCase();
    const previous = this.entries.get(key);
    this.entries.delete(key);
    this.entries.set(key, { ...previous, ...entry, instanceId, ts: this.now() });
    while (this.entries.size > this.maxEntries) {
      const oldest = this.oldestKey();
      if (oldest === undefined) break;
      this.entries.delete(oldest);
    }
    this.version++;
  }

  remove(instanceId: string): boolean {
    const removed = this.entries.delete(instanceId.toLowerCase());
    if (removed) this.version++;
    return removed;
  }

  list(): PresenceEntry[] {
    const t = this.now();
    for (const [key, e] of this.entries) {
      if (e.reason !== "self" && t - e.ts > this.ttlMs) {
        this.entries.delete(key);
        this.version++;
      }
    }
    return [...this.entries.values()];
  }

  private oldestKey(): string | undefined {
    let oldest: [string, number] | undefined;
    for (const [key, e] of this.entries) {
      if (e.reason === "self") continue;
      if (!oldest || e.ts < oldest[1]) oldest = [key, e.ts];
    }
    return oldest?.[0];
  }
}
