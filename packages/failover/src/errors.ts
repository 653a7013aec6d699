/**
 * The two errors a caller sees: `FailoverError` (one classified failure) and
 * `AllCandidatesFailedError` (every candidate failed; lists each attempt and when to retry).
 */
import type { FailureReason } from "@claw/providers";

export interface FailoverErrorInit {
  reason: FailureReason;
  message: string;
  provider?: string;
  model?: string;
  profileId?: string;
  status?: number;
  code?: string;
  retryAfterMs?: number;
  cause?: unknown;
}

/**
 * One failure of one model call, with the reason @claw/providers classified.
 *
 * @example
 * if (err instanceof FailoverError && err.reason === "context_overflow") await compact();
 */
export class FailoverError extends Error {
  override readonly name = "FailoverError";
  readonly reason: FailureReason;
  readonly provider: string | undefined;
  readonly model: string | undefined;
  readonly profileId: string | undefined;
  readonly status: number | undefined;
  readonly code: string | undefined;
  readonly retryAfterMs: number | undefined;

  constructor(init: FailoverErrorInit) {
    super(init.message, init.cause === undefined ? undefined : { cause: init.cause });
    this.reason = init.reason;
    this.provider = init.provider;
    this.model = init.model;
    this.profileId = init.profileId;
    this.status = init.status;
    this.code = init.code;
    this.retryAfterMs = init.retryAfterMs;
  }
}

/** Why a candidate was not even called. */
export type SkipCause = "cooldown" | "disabled" | "no_profiles" | "probe_in_flight";

/** One line of the story of a run: a call that failed, or a candidate that was skipped. */
export interface FallbackAttempt {
  provider: string;
  model: string;
  profileId?: string;
  outcome: "failed" | "skipped";
  reason: FailureReason;
  skip?: SkipCause;
  status?: number;
  code?: string;
  message: string;
  /** For skips and cooldowns: when this candidate (or profile) becomes usable again (epoch ms). */
  until?: number;
}

function describe(a: FallbackAttempt, index: number): string {
  const who = `${a.provider}/${a.model}${a.profileId ? ` [profile ${a.profileId}]` : ""}`;
  const status = a.status !== undefined ? ` ${a.status}` : "";
  const verb =
    a.outcome === "skipped" ? `skipped (${a.skip ?? "cooldown"}, ${a.reason})` : `${a.reason}${status}`;
  return `  ${index + 1}. ${who}: ${verb} — ${a.message}`;
}

/**
 * Every candidate failed or was skipped. `attempts` has one entry per call or skip, in order;
 * `retryAt` is the soonest time any of them becomes usable again (undefined when nothing is
 * cooling, so retrying now is as good as later).
 */
export class AllCandidatesFailedError extends Error {
  override readonly name = "AllCandidatesFailedError";
  readonly attempts: readonly FallbackAttempt[];
  readonly retryAt: number | undefined;
  /** The reason of the last attempt (what a caller reports when it must name one). */
  readonly reason: FailureReason;

  constructor(attempts: readonly FallbackAttempt[], retryAt: number | undefined, now: number) {
    const lines = attempts.map(describe);
    const when =
      retryAt === undefined
        ? "No cooldown is pending: fix what the lines above name (keys, network, model names), then retry."
        : `Soonest usable again: ${new Date(retryAt).toISOString()} (in ${Math.ceil((retryAt - now) / 1000)} s).`;
    const head = attempts.every((a) => a.skip === "no_profiles")
      ? "No model could be called: no auth profile is configured for any candidate's provider."
      : `All ${attempts.length} model attempt(s) failed:`;
    super(`${head}\n${lines.join("\n")}\n${when}`);
    this.attempts = attempts;
    this.retryAt = retryAt;
    this.reason = attempts.at(-1)?.reason ?? "unknown";
  }
}
