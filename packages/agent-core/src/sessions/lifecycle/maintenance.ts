/**
 * Session maintenance: prune sessions idle for N days, cap the number of entries, rotate
 * transcripts that grew too large. The plan is a pure function; `runSessionMaintenance` applies
 * it through the SessionStore. Active sessions (a run queued or going) are never touched.
 */
import type { SessionEntry, SessionStore } from "../session-store.js";

export interface MaintenanceOptions {
  /** Remove sessions not updated for this many days (default 30). */
  pruneAfterDays?: number;
  /** Keep at most this many sessions, newest first (default 500). */
  maxEntries?: number;
  /** Start a fresh transcript when one exceeds this many bytes (default 10 MB; 0 = never). */
  rotateBytes?: number;
}

export const DEFAULT_MAINTENANCE: Required<MaintenanceOptions> = {
  pruneAfterDays: 30,
  maxEntries: 500,
  rotateBytes: 10 * 1024 * 1024,
};

export interface MaintenancePlan {
  prune: { sessionKey: string; reason: "age" | "max_entries" }[];
  rotate: { sessionKey: string; bytes: number }[];
  /** Sessions that qualified but were skipped because they are active. */
  skippedActive: string[];
}

/**
 * @example
 * planMaintenance(await store.list(), { now: Date.now(), isActive: (k) => busy.has(k) });
 */
export function planMaintenance(
  entries: SessionEntry[],
  context: {
    now: number;
    isActive: (sessionKey: string) => boolean;
    sizeOf?: (entry: SessionEntry) => number | undefined;
  },
  options: MaintenanceOptions = {},
): MaintenancePlan {
  const settings = { ...DEFAULT_MAINTENANCE, ...options };
  const plan: MaintenancePlan = { prune: [], rotate: [], skippedActive: [] };
  const cutoff = context.now - settings.pruneAfterDays * 86_400_000;
  const newestFirst = [...entries].sort((a, b) => b.updatedAt - a.updatedAt);
  newestFirst.forEach((entry, index) => {
    const reason =
      entry.updatedAt < cutoff ? "age" : index >= settings.maxEntries ? "max_entries" : undefined;
    const bytes = settings.rotateBytes > 0 ? (context.sizeOf?.(entry) ?? 0) : 0;
    const rotate = !reason && bytes > settings.rotateBytes;
    if (!reason && !rotate) return;
    if (context.isActive(entry.sessionKey)) {
      plan.skippedActive.push(entry.sessionKey);
      return;
    }
    if (reason) plan.prune.push({ sessionKey: entry.sessionKey, reason });
    else plan.rotate.push({ sessionKey: entry.sessionKey, bytes });
  });
  return plan;
}

/**
 * Plans and applies maintenance. Pruning deletes the index entry (the transcript file stays on
 * disk as an archive); rotation starts a new session id so the next message writes a fresh file.
 *
 * @example
 * const plan = await runSessionMaintenance(runtime.sessions, {
 *   isActive: (key) => runtime.activeRuns().some((r) => r.sessionKey === key),
 *   sizeOf: (entry) => statSync(store.transcriptPath(entry)).size,
 * });
 */
export async function runSessionMaintenance(
  store: SessionStore,
  context: {
    isActive: (sessionKey: string) => boolean;
    sizeOf?: (entry: SessionEntry) => number | undefined;
    now?: number;
  },
  options: MaintenanceOptions = {},
): Promise<MaintenancePlan> {
  const plan = planMaintenance(await store.list(), { ...context, now: context.now ?? Date.now() }, options);
  for (const { sessionKey } of plan.prune) {
    // Re-check: a message may have arrived while we were planning.
    if (!context.isActive(sessionKey)) await store.delete(sessionKey);
  }
  for (const { sessionKey } of plan.rotate) if (!context.isActive(sessionKey)) await store.reset(sessionKey);
  return plan;
}
