/** Events for the UI: what the fallback loop did and why, in order. */
import type { FailureReason } from "@claw/providers";
import type { SkipCause } from "./errors.js";
import type { CooldownLane } from "./policy.js";

export type FailoverEvent =
  /** A call failed; the loop moves on (next profile or next model). */
  | {
      type: "attempt_failed";
      provider: string;
      model: string;
      profileId?: string;
      reason: FailureReason;
      status?: number;
      message: string;
    }
  /** A candidate was not called (every profile cooling or disabled, or none configured). */
  | {
      type: "candidate_skipped";
      provider: string;
      model: string;
      reason: FailureReason;
      skip: SkipCause;
      until?: number;
    }
  /** The loop is about to call a fallback instead of the first candidate. */
  | { type: "fallback"; from: string; to: string; reason: FailureReason }
  /** A profile was cooled: `model` is set when only that model on the key cools. */
  | {
      type: "profile_cooldown";
      provider: string;
      profileId: string;
      model?: string;
      reason: FailureReason;
      lane: CooldownLane;
      until: number;
    }
  /** The first candidate worked again after a cooldown. */
  | { type: "recovered"; provider: string; model: string; profileId?: string };
