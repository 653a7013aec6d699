/** Which reset policy applies to a session: by channel > by type > `reset` > legacy `idleMinutes` > daily at 4. */
import type { ResetPolicyConfig, SessionSettings } from "../schema/config.js";

export type SessionChatType = "direct" | "group" | "thread";

export interface EffectiveResetPolicy {
  mode: "daily" | "idle";
  /** Local hour of the daily reset (daily mode). */
  atHour?: number;
  /** Sliding idle window; with daily mode, whichever expires first resets. */
  idleMinutes?: number;
}

export const DEFAULT_RESET_HOUR = 4;

/**
 * @example
 * resolveSessionResetPolicy({ idleMinutes: 30 }, { type: "direct", channel: "telegram" });
 * // → { mode: "idle", idleMinutes: 30 }   (legacy idle-only)
 */
export function resolveSessionResetPolicy(
  session:
    | Partial<Pick<SessionSettings, "reset" | "resetByType" | "resetByChannel" | "idleMinutes">>
    | undefined,
  target: { type: SessionChatType; channel?: string },
): EffectiveResetPolicy {
  const chosen: ResetPolicyConfig | undefined =
    (target.channel ? session?.resetByChannel?.[target.channel.toLowerCase()] : undefined) ??
    session?.resetByType?.[target.type] ??
    session?.reset;
  if (!chosen) {
    if (session?.idleMinutes !== undefined && !session.resetByType)
      return { mode: "idle", idleMinutes: session.idleMinutes };
    return { mode: "daily", atHour: DEFAULT_RESET_HOUR };
  }
  if (chosen.mode === "idle")
    return { mode: "idle", ...(chosen.idleMinutes ? { idleMinutes: chosen.idleMinutes } : {}) };
  return {
    mode: "daily",
    atHour: chosen.atHour ?? DEFAULT_RESET_HOUR,
    ...(chosen.idleMinutes ? { idleMinutes: chosen.idleMinutes } : {}),
  };
}
