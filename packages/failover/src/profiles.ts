/**
 * Auth profiles: several credentials per provider, put in order for one call. Explicit choice
 * first, then the session's pinned profile, then the configured order, then least recently
 * used; profiles that are cooling for this model go last, soonest-usable first.
 */
import type { FailureReason } from "@claw/providers";
import { type Availability, availability, type ProfileState } from "./cooldown.js";
import type { CooldownLane } from "./policy.js";
import type { AuthProfile } from "./stores/types.js";

export interface CoolingProfile {
  profile: AuthProfile;
  until: number;
  reason: FailureReason;
  lane: CooldownLane;
}

export interface ProfileOrder {
  usable: AuthProfile[];
  cooling: CoolingProfile[];
}

export interface OrderInput {
  /** Every profile of one provider, in configured (file) order. */
  profiles: readonly AuthProfile[];
  states: Readonly<Record<string, ProfileState>>;
  modelId: string;
  now: number;
  /** A profile the caller asked for by id (`/auth work`). */
  explicit?: string;
  /** The profile this session is pinned to. */
  pinned?: string;
  /** Configured order for this provider (`auth.order.anthropic`). */
  configured?: readonly string[];
}

/** Expired OAuth tokens are unusable until refreshed: treated as an auth cooldown that never ends. */
function availabilityOf(
  p: AuthProfile,
  state: ProfileState | undefined,
  modelId: string,
  now: number,
): Availability {
  if (p.type === "oauth" && p.expiresAt !== undefined && p.expiresAt <= now)
    return { usable: false, until: Number.POSITIVE_INFINITY, reason: "auth", lane: "disabled" };
  return availability(state, modelId, now);
}

/**
 * Orders one provider's profiles for one call. Pure.
 *
 * @example
 * orderProfiles({ profiles, states, modelId: "claude-opus-4-6", now, configured: ["main", "backup"] });
 */
export function orderProfiles(input: OrderInput): ProfileOrder {
  const rank = (p: AuthProfile, index: number): [number, number, number] => {
    if (p.id === input.explicit) return [0, 0, 0];
    if (p.id === input.pinned) return [1, 0, 0];
    const configured = input.configured?.indexOf(p.id) ?? -1;
    if (configured >= 0) return [2, configured, 0];
    // Least recently used first; never used counts as oldest; file order breaks ties.
    return [3, input.states[p.id]?.lastUsedAt ?? -1, index];
  };
  const usable: { p: AuthProfile; r: [number, number, number] }[] = [];
  const cooling: CoolingProfile[] = [];
  input.profiles.forEach((p, index) => {
    const a = availabilityOf(p, input.states[p.id], input.modelId, input.now);
    if (a.usable) usable.push({ p, r: rank(p, index) });
    else cooling.push({ profile: p, until: a.until, reason: a.reason, lane: a.lane });
  });
  usable.sort((a, b) => a.r[0] - b.r[0] || a.r[1] - b.r[1] || a.r[2] - b.r[2]);
  cooling.sort((a, b) => a.until - b.until);
  return { usable: usable.map((u) => u.p), cooling };
}

/** The secret to send: the API key or the OAuth access token. */
export function credentialOf(profile: AuthProfile): string {
  return profile.type === "api_key" ? profile.apiKey : profile.accessToken;
}
