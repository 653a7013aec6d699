/**
 * The fallback loop: for each candidate model, rotate through the provider's auth profiles,
 * then move to the next model. Abort and context overflow stop at once; everything else moves
 * on. When every candidate fails, one error tells the whole story and when to retry.
 */
import type { FailureReason } from "@claw/providers";
import type { AuthStore, ProfilePlan } from "./auth-store.js";
import { type CandidateConfig, type ModelRef, resolveCandidates } from "./candidates.js";
import { toFailoverError } from "./classify.js";
import { AllCandidatesFailedError, FailoverError, type FallbackAttempt } from "./errors.js";
import type { FailoverEvent } from "./events.js";
import { REASON_POLICY } from "./policy.js";
import { credentialOf } from "./profiles.js";
import type { AuthProfile } from "./stores/types.js";

/** What `run` is given for one call. */
export interface Attempt extends ModelRef {
  /** The credential to use; undefined for keyless providers or when no auth store is given. */
  profile: AuthProfile | undefined;
  /** The secret of `profile` (API key or OAuth access token). */
  apiKey: string | undefined;
  signal: AbortSignal | undefined;
  /** True when this call probes a cooling primary. */
  probe: boolean;
}

export interface RunWithFallbackOptions<T> {
  candidates: CandidateConfig | readonly ModelRef[];
  /** One model call. Throw (or `throwIfFailed`) on failure. */
  run: (attempt: Attempt) => Promise<T>;
  /** Credentials and cooldowns; without it every candidate is called once with no profile. */
  authStore?: AuthStore;
  signal?: AbortSignal;
  /** Must not throw. */
  onEvent?: (event: FailoverEvent) => void;
  /** Pins the chosen profile per session (and unpins it on failure). */
  sessionKey?: string;
  /** A profile the user chose by id: tried first for its provider. */
  profileId?: string;
  /** Allow one probe of the first candidate when all its profiles are cooling (default true). */
  probe?: boolean;
  now?: () => number;
}

export interface FallbackResult<T> {
  result: T;
  provider: string;
  modelId: string;
  ref: string;
  profileId: string | undefined;
  /** Failures and skips before the success, in order. */
  attempts: FallbackAttempt[];
}

interface Tries {
  profiles: (AuthProfile | undefined)[];
  probe: boolean;
  skip?: FallbackAttempt;
}

function describePlan(
  c: ModelRef,
  plan: ProfilePlan,
  first: boolean,
  options: RunWithFallbackOptions<unknown>,
): Tries {
  if (plan.kind === "keyless") return { profiles: [undefined], probe: false };
  const base = { provider: c.provider, model: c.modelId, outcome: "skipped" as const };
  if (plan.kind === "none")
    return {
      profiles: [],
      probe: false,
      skip: {
        ...base,
        reason: "auth",
        skip: "no_profiles",
        message: `no auth profile is configured for provider "${c.provider}" — add one (id, provider, apiKey), or list "${c.provider}" in keyless if it needs no key`,
      },
    };
  if (plan.usable.length > 0) return { profiles: plan.usable, probe: false };
  const transient = plan.cooling.find((p) => p.lane === "transient");
  const soonest = transient ?? plan.cooling[0]!;
  if (transient && first && options.probe !== false && options.authStore?.claimProbe(c.provider, c.modelId))
    return { profiles: [transient.profile], probe: true };
  const until = Number.isFinite(soonest.until) ? soonest.until : undefined;
  const when =
    until === undefined ? "until its credential is renewed" : `until ${new Date(until).toISOString()}`;
  const skip: FallbackAttempt = {
    ...base,
    reason: soonest.reason,
    skip: !transient ? "disabled" : first && options.probe !== false ? "probe_in_flight" : "cooldown",
    message: `every ${c.provider} profile is ${transient ? "cooling" : "disabled"} for ${c.modelId} (${soonest.reason}) ${when}`,
  };
  if (until !== undefined) skip.until = until;
  return { profiles: [], probe: false, skip };
}

function abortError(c: ModelRef | undefined, cause: unknown): FailoverError {
  return new FailoverError({
    reason: "aborted",
    message: "the run was aborted by its caller",
    provider: c?.provider,
    model: c?.modelId,
    cause,
  });
}

/**
 * Runs `run` against the candidate chain until one call succeeds.
 *
 * @example
 * const { result, ref } = await runWithModelFallback({
 *   candidates: { primary: "anthropic/claude-opus-4-6", fallbacks: ["openai/gpt-4o"] },
 *   authStore,
 *   run: async (a) => throwIfFailed(await stream(models[a.ref], ctx, { apiKey: a.apiKey, signal: a.signal }).result(), a),
 * });
 */
export async function runWithModelFallback<T>(
  options: RunWithFallbackOptions<T>,
): Promise<FallbackResult<T>> {
  const { authStore: auth, signal, onEvent } = options;
  const now = options.now ?? auth?.now ?? Date.now;
  const candidates = Array.isArray(options.candidates)
    ? (options.candidates as readonly ModelRef[])
    : resolveCandidates(options.candidates as CandidateConfig);
  const attempts: FallbackAttempt[] = [];
  let lastReason: FailureReason = "unknown";

  for (const [index, c] of candidates.entries()) {
    if (signal?.aborted) throw abortError(c, signal.reason);
    const plan: ProfilePlan = auth
      ? await auth.plan(c.provider, c.modelId, {
          sessionKey: options.sessionKey,
          profileId: options.profileId,
        })
      : { kind: "keyless" };
    const tries = describePlan(c, plan, index === 0, options);
    if (tries.skip) {
      attempts.push(tries.skip);
      const { reason, skip, until } = tries.skip;
      onEvent?.({
        type: "candidate_skipped",
        provider: c.provider,
        model: c.modelId,
        reason,
        skip: skip!,
        until,
      });
      lastReason = reason;
      continue;
    }
    if (index > 0) onEvent?.({ type: "fallback", from: candidates[0]!.ref, to: c.ref, reason: lastReason });

    for (const profile of tries.profiles) {
      if (signal?.aborted) throw abortError(c, signal.reason);
      const apiKey = profile ? credentialOf(profile) : undefined;
      try {
        const result = await options.run({ ...c, profile, apiKey, signal, probe: tries.probe });
        const cleared =
          profile && auth
            ? await auth.recordSuccess(profile.id, c.provider, c.modelId, options.sessionKey)
            : false;
        if (index === 0 && cleared)
          onEvent?.({ type: "recovered", provider: c.provider, model: c.modelId, profileId: profile?.id });
        return {
          result,
          provider: c.provider,
          modelId: c.modelId,
          ref: c.ref,
          profileId: profile?.id,
          attempts,
        };
      } catch (err) {
        if (signal?.aborted) throw abortError(c, err);
        const site = { provider: c.provider, model: c.modelId, profileId: profile?.id };
        const failure = toFailoverError(err, site);
        const policy = REASON_POLICY[failure.reason];
        if (policy.rethrow) throw failure;
        lastReason = failure.reason;
        const attempt: FallbackAttempt = {
          ...site,
          outcome: "failed",
          reason: failure.reason,
          message: failure.message,
        };
        if (failure.status !== undefined) attempt.status = failure.status;
        if (failure.code !== undefined) attempt.code = failure.code;
        attempts.push(attempt);
        onEvent?.({
          type: "attempt_failed",
          ...site,
          reason: failure.reason,
          status: failure.status,
          message: failure.message,
        });
        if (profile && auth && policy.cooldown) {
          const scope = failure.scope ?? policy.cooldown.scope;
          const entry = await auth.recordFailure(profile.id, {
            provider: c.provider,
            modelId: c.modelId,
            reason: failure.reason,
            lane: policy.cooldown.lane,
            scope,
            retryAfterMs: failure.retryAfterMs,
            sessionKey: options.sessionKey,
          });
          attempt.until = entry.until;
          onEvent?.({
            type: "profile_cooldown",
            provider: c.provider,
            profileId: profile.id,
            model: scope === "model" && policy.cooldown.lane === "transient" ? c.modelId : undefined,
            reason: failure.reason,
            lane: policy.cooldown.lane,
            until: entry.until,
          });
        }
        if (!policy.rotateProfile || tries.probe) break;
      }
    }
  }
  const t = now();
  const future = attempts.map((a) => a.until).filter((u): u is number => u !== undefined && u > t);
  throw new AllCandidatesFailedError(attempts, future.length > 0 ? Math.min(...future) : undefined, t);
}
