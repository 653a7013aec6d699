/** Applies the reset policy on an inbound message: a stale session gets a new session id. */
import type { SessionEntry, SessionStore } from "../session-store.js";
import { type Freshness, type ResetSettings, resolveResetPolicy, sessionFreshness } from "./reset-policy.js";
import { describeSessionKey } from "./session-kind.js";

export interface FreshenResult {
  entry: SessionEntry | undefined;
  /** Set when the session had expired and was reset. */
  expired?: Freshness;
  previousSessionId?: string;
}

/**
 * Resets the session when its policy says it expired; otherwise leaves it alone. Sessions that
 * do not exist yet are left for the runtime to create.
 *
 * @example
 * const { expired } = await freshenSession(runtime.sessions, "agent:main:main", {}, Date.now());
 */
export async function freshenSession(
  store: SessionStore,
  sessionKey: string,
  settings: ResetSettings,
  now: number,
  channel?: string,
): Promise<FreshenResult> {
  const entry = await store.get(sessionKey);
  if (!entry) return { entry };
  const info = describeSessionKey(sessionKey);
  if (info.isSubagent || info.kind === "cron") return { entry };
  const policy = resolveResetPolicy(settings, {
    type: info.type,
    channel: info.channel ?? channel ?? entry.origin?.channel,
  });
  const freshness = sessionFreshness(entry.updatedAt, now, policy);
  if (!freshness.stale) return { entry };
  const next = await store.reset(sessionKey);
  return { entry: next, expired: freshness, previousSessionId: entry.sessionId };
}
