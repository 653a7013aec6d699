/**
 * Inbound dedupe: channels redeliver after reconnects, so a short-lived cache of message keys
 * (channel / account / peer / session / message id) makes a duplicate delivery a no-op.
 */

export interface DedupeCache {
  /** True when the key was seen within the TTL (and records it otherwise). */
  seen(key: string): boolean;
  readonly size: number;
}

/**
 * @example
 * const dedupe = createDedupeCache({ ttlMs: 20 * 60_000 });
 * if (dedupe.seen(`telegram|default|123|${sessionKey}|${msg.id}`)) return;
 */
export function createDedupeCache(
  options: { ttlMs?: number; max?: number; now?: () => number } = {},
): DedupeCache {
  const ttlMs = options.ttlMs ?? 20 * 60_000;
  const max = options.max ?? 5000;
  const now = options.now ?? Date.now;
  const seenAt = new Map<string, number>();
  const evict = (at: number) => {
    for (const [key, time] of seenAt) {
      if (at - time < ttlMs && seenAt.size <= max) break;
      seenAt.delete(key);
    }
  };
  return {
    seen(key) {
      const at = now();
      evict(at);
      const previous = seenAt.get(key);
      if (previous !== undefined && at - previous < ttlMs) return true;
      seenAt.delete(key);
      seenAt.set(key, at);
      return false;
    },
    get size() {
      return seenAt.size;
    },
  };
}

/** The dedupe key of an inbound message, or undefined when it carries no id. */
export function dedupeKey(message: {
  id?: string;
  channel?: string;
  accountId?: string;
  peer?: string;
  sessionKey: string;
}): string | undefined {
  if (!message.id) return undefined;
  return [
    message.channel ?? "",
    message.accountId ?? "",
    message.peer ?? "",
    message.sessionKey,
    message.id,
  ].join("|");
}
