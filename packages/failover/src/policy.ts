/**
 * What the fallback loop does about each failure reason, as data. Classification says what
 * happened; this table says what to do: rethrow, try the next auth profile, or move to the next
 * model, and which cooldown (if any) to record. Rendered into the README by `pnpm gen:readme`.
 */
import type { FailureReason } from "@claw/providers";
import type { CooldownScope } from "./rules.js";

/** `transient`: the short schedule (30 s → 1 min → 5 min). `disabled`: the long doubling lane. */
export type CooldownLane = "transient" | "disabled";

export interface ReasonPolicy {
  /** Stop the whole run and rethrow (fallback cannot help). */
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
    note: "Network or gateway failure: move to the next model, record nothing (next run tries again).",
  },
  format: {
    rethrow: false,
    rotateProfile: false,
    note: "This provider rejected the request; another may accept it.",
  },
  unknown: { rethrow: false, rotateProfile: false, note: "Unclassified: move on rather than give up." },
};
