/**
 * Which journal rows a reply answers. A message that started a run is answered by that run's
 * reply; messages held for a busy session (followup, collect) are answered by the turn that
 * consumes them, which names its latest message: every held message of the same chat and sender
 * up to that one goes with it (collect merges exactly those; followup runs them in order).
 */

interface HeldRow {
  journalId: number;
  messageId?: string;
}

export interface AnswerTracker {
  /** Remembers a row held by the dispatcher for later turns. */
  hold(routeKey: string, row: HeldRow): void;
  /** The held rows a turn of `routeKey` whose latest message is `messageId` answers (removed). */
  take(routeKey: string, messageId: string | undefined): number[];
}

/**
 * @example
 * const tracker = createAnswerTracker();
 * tracker.hold("telegram|default|42||42", { journalId: 7, messageId: "m7" });
 * tracker.take("telegram|default|42||42", "m7"); // → [7]
 */
export function createAnswerTracker(): AnswerTracker {
  const held = new Map<string, HeldRow[]>();
  return {
    hold(routeKey, row) {
      held.set(routeKey, [...(held.get(routeKey) ?? []), row]);
    },
    take(routeKey, messageId) {
      const rows = held.get(routeKey);
      if (!rows) return [];
      const at = rows.findIndex((r) => r.messageId !== undefined && r.messageId === messageId);
      const taken = at < 0 ? rows : rows.slice(0, at + 1);
      const rest = at < 0 ? [] : rows.slice(at + 1);
      if (rest.length > 0) held.set(routeKey, rest);
      else held.delete(routeKey);
      return taken.map((r) => r.journalId);
    },
  };
}
