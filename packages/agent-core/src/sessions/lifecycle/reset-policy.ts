/**
 * When a session expires. Pure functions over plain data: which policy applies to a session
 * (by channel > by type > `reset` > legacy `idleMinutes` > daily at 04:00) and whether the
 * session's last update is older than that policy allows. Expiry is evaluated on the next
 * inbound message, never by a timer.
 */

/** `daily` resets at `atHour` (local time); `idleMinutes` adds (or, in `idle` mode, is) a sliding window. */
export interface ResetPolicy {
  mode: "daily" | "idle";
  atHour?: number;
  idleMinutes?: number;
}

export type SessionType = "direct" | "group" | "thread";

/** The `session.*` reset settings, as plain options. */
export interface ResetSettings {
  reset?: ResetPolicy;
  resetByType?: Partial<Record<SessionType, ResetPolicy>>;
  resetByChannel?: Record<string, ResetPolicy>;
  /** Legacy: idle-only reset when neither `reset` nor `resetByType` is set. */
  idleMinutes?: number;
}

export const DEFAULT_RESET_HOUR = 4;
export const DEFAULT_RESET_POLICY: ResetPolicy = { mode: "daily", atHour: DEFAULT_RESET_HOUR };

/**
 * The policy for one session.
 *
 * @example
 * resolveResetPolicy({ resetByChannel: { discord: { mode: "idle", idleMinutes: 10080 } } },
 *   { type: "group", channel: "discord" }); // → { mode: "idle", idleMinutes: 10080 }
 */
export function resolveResetPolicy(
  settings: ResetSettings,
  target: { type?: SessionType; channel?: string },
): ResetPolicy {
  const chosen =
    (target.channel ? settings.resetByChannel?.[target.channel] : undefined) ??
    (target.type ? settings.resetByType?.[target.type] : undefined) ??
    settings.reset;
  if (!chosen) {
    if (settings.idleMinutes !== undefined && !settings.resetByType)
      return { mode: "idle", idleMinutes: settings.idleMinutes };
    return { ...DEFAULT_RESET_POLICY };
  }
  if (chosen.mode === "idle")
    return chosen.idleMinutes ? { mode: "idle", idleMinutes: chosen.idleMinutes } : { mode: "idle" };
  return {
    mode: "daily",
    atHour: chosen.atHour ?? DEFAULT_RESET_HOUR,
    ...(chosen.idleMinutes ? { idleMinutes: chosen.idleMinutes } : {}),
  };
}

/** The most recent daily-reset instant at or before `now` (host local time). */
export function lastDailyReset(now: number, atHour: number): number {
  const at = new Date(now);
  at.setHours(atHour, 0, 0, 0);
  if (at.getTime() > now) at.setDate(at.getDate() - 1);
  return at.getTime();
}

export interface Freshness {
  stale: boolean;
  /** Which rule expired the session (the earlier one when both did). */
  reason?: "daily" | "idle";
  /** When the session expired. */
  expiredAt?: number;
}

/**
 * Whether a session last updated at `updatedAt` has expired by `now`.
 *
 * @example
 * sessionFreshness(new Date(2026, 0, 5, 3, 59).getTime(), new Date(2026, 0, 5, 4, 1).getTime(),
 *   { mode: "daily", atHour: 4 }); // → { stale: true, reason: "daily", expiredAt: 04:00 }
 */
export function sessionFreshness(updatedAt: number, now: number, policy: ResetPolicy): Freshness {
  const expiries: { reason: "daily" | "idle"; at: number }[] = [];
  if (policy.mode === "daily") {
    const instant = lastDailyReset(now, policy.atHour ?? DEFAULT_RESET_HOUR);
    if (updatedAt < instant) expiries.push({ reason: "daily", at: instant });
  }
  if (policy.idleMinutes !== undefined && policy.idleMinutes > 0) {
    const at = updatedAt + policy.idleMinutes * 60_000;
    if (now >= at) expiries.push({ reason: "idle", at });
  }
  const first = expiries.sort((a, b) => a.at - b.at)[0];
  return first ? { stale: true, reason: first.reason, expiredAt: first.at } : { stale: false };
}
