/**
 * What the fallback loop does about each failure reason, as data. Classification is not done
 * here: @claw/providers puts the reason on the failed message. This table says what to do:
 * stop, try the next auth profile, or move to the next model, and which cooldown (if any) to
 * record. Rendered into the README by `pnpm gen:readme`.
 */
import type { FailureReason, ProviderErrorInfo } from "@claw/providers";

/** How far a cooldown reaches: one model on one key, or the whole key. */
export type CooldownScope = "model" | "profile";

/** `transient`: the short schedule (30 s → 1 min → 5 min). `disabled`: the long doubling lane. */
export type CooldownLane = "transient" | "disabled";

export interface ReasonPolicy {
  /** Stop the whole run and return the failure (fallback cannot help). */
  rethrow: boolean;
  /** Try the same model with the provider's next auth profile before moving on. */
  rotateProfile: boolean;
  /** Which cooldown to record against the profile, if any. */
  cooldown?: { lane: CooldownLane; scope: CooldownScope };
  /** One line for the README. */
  note: string;
}

export const REASON_POLICY: Readonly<Record<FailureReason, ReasonPolicy>> = {
  aborted: { rethrow: true, rotateProfile: false, note: "The user stopped the run." },
  context_overflow: {
    rethrow: true,
    rotateProfile: false,
    note: "Another model will not fit it either; the caller compacts and retries.",
  },
  rate_limit: {
    rethrow: false,
    rotateProfile: true,
    cooldown: { lane: "transient", scope: "model" },
    note: "Another key may have headroom; a sibling model on the same key stays usable.",
  },
  model_not_found: {
    rethrow: false,
    rotateProfile: false,
    cooldown: { lane: "transient", scope: "model" },
    note: "Move to the next model; only this model on this key cools.",
  },
  auth: {
    rethrow: false,
    rotateProfile: true,
    cooldown: { lane: "transient", scope: "profile" },
    note: "This key is refused; try the next key.",
  },
  billing: {
    rethrow: false,
    rotateProfile: true,
    cooldown: { lane: "disabled", scope: "profile" },
    note: "Out of credit: the key is disabled for hours, the next key is tried.",
  },
  auth_permanent: {
    rethrow: false,
    rotateProfile: true,
    cooldown: { lane: "disabled", scope: "profile" },
    note: "Revoked key: disabled lane, the next key is tried.",
  },
  overloaded: {
    rethrow: false,
    rotateProfile: false,
    note: "The provider is busy for everyone; another key will not help, the next model might.",
  },
  timeout: {
    rethrow: false,
    rotateProfile: false,
    note: "Gateway or upstream too slow: move to the next model, record nothing (next run tries again).",
  },
  network: {
    rethrow: false,
    rotateProfile: false,
    note: "Connection refused, reset or unreachable (a local Ollama that is down): move to the next model, record nothing.",
  },
  format: {
    rethrow: false,
    rotateProfile: false,
    note: "This provider rejected the request; another may accept it.",
  },
  unknown: { rethrow: false, rotateProfile: false, note: "Unclassified: move on rather than give up." },
};

/** What to record against a profile for one failure, or undefined for nothing. */
export interface CooldownPlan {
  lane: CooldownLane;
  scope: CooldownScope;
}

/**
 * The cooldown for one failure. An account-wide cap cools the whole key; on an aggregator
 * (OpenRouter and the like) a failure belongs to one upstream model, so only that model cools.
 *
 * @example
 * cooldownFor({ message: "daily limit", reason: "rate_limit", accountWide: true }, { aggregator: false });
 * // { lane: "transient", scope: "profile" }
 */
export function cooldownFor(
  failure: Pick<ProviderErrorInfo, "reason" | "accountWide">,
  where: { aggregator: boolean },
): CooldownPlan | undefined {
  const base = REASON_POLICY[failure.reason].cooldown;
  if (!base) return undefined;
  if (where.aggregator) return { lane: base.lane, scope: "model" };
  return failure.accountWide ? { lane: base.lane, scope: "profile" } : base;
}
