/**
 * The fallback loop: for each candidate model, rotate through the provider's auth profiles,
 * then move to the next model. Abort and context overflow stop at once; everything else moves
 * on. It never throws for a provider failure: the outcome says `ok: false`, with the failed
 * message `run` returned (when it returned one) and one error that tells the whole story.
 * Failures are never classified here: the reason comes from @claw/providers, on the failed
 * message or from `describeFailure` for a thrown value.
 */
import {
  type AssistantMessage,
  describeFailure,
  type FailureReason,
  type ProviderErrorInfo,
} from "@claw/providers";
import type { AuthStore, ProfilePlan } from "./auth-store.js";
import { type CandidateConfig, type ModelRef, resolveCandidates } from "./candidates.js";
import { AllCandidatesFailedError, FailoverError, type FallbackAttempt } from "./errors.js";
import type { FailoverEvent } from "./events.js";
import { cooldownFor, REASON_POLICY } from "./policy.js";
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
  /** One model call. Return a failed assistant message (or throw) on failure. */
  run: (attempt: Attempt) => Promise<T>;
  /** Reads the failure out of a result `run` returned (default: a failed assistant message's reason). */
  failureOf?: (result: T) => ProviderErrorInfo | undefined;
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

/** Where the answer came from. */
export interface FallbackSuccess<T> {
  ok: true;
  result: T;
  provider: string;
  modelId: string;
  ref: string;
  profileId: string | undefined;
  /** Failures and skips before the success, in order. */
  attempts: FallbackAttempt[];
}

/** Why there is no answer: a failure that stops the run (abort, overflow), or every candidate failed. */
export interface FallbackFailure<T> {
  ok: false;
  reason: FailureReason;
  error: FailoverError | AllCandidatesFailedError;
  /** The last failed result `run` returned (a failed assistant message), if it returned one. */
  failed: T | undefined;
  attempts: FallbackAttempt[];
}

export type FallbackResult<T> = FallbackSuccess<T> | FallbackFailure<T>;

/** A failed assistant message's error, read as @claw/providers classified it. */
export function failedMessageInfo(result: unknown): ProviderErrorInfo | undefined {
  const message = result as Partial<AssistantMessage> | null;
  if (message?.role !== "assistant") return undefined;
  if (message.stopReason !== "error" && message.stopReason !== "aborted") return undefined;
  return describeFailure(message);
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
  options: Pick<RunWithFallbackOptions<unknown>, "authStore" | "probe">,
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
  // A billing-disabled key is probed on its own, slower schedule: a top-up is noticed within minutes.
  const billing = plan.cooling.find((p) => p.lane === "disabled" && p.reason === "billing");
  const probeable = transient ?? billing;
  const auth = options.authStore;
  const interval = transient ? undefined : auth?.config.billingProbeIntervalMs;
  const mayProbe = probeable !== undefined && first && options.probe !== false;
  if (mayProbe && auth?.claimProbe(c.provider, c.modelId, interval))
    return { profiles: [probeable.profile], probe: true };
  const soonest = transient ?? plan.cooling[0]!;
  const until = Number.isFinite(soonest.until) ? soonest.until : undefined;
  const when =
    until === undefined ? "until its credential is renewed" : `until ${new Date(until).toISOString()}`;
  const skip: FallbackAttempt = {
    ...base,
    reason: soonest.reason,
    skip: mayProbe ? "probe_in_flight" : transient ? "cooldown" : "disabled",
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

/** The answer when a failure stops the chain (abort, overflow): no further candidate is tried. */
function stopped<T>(
  error: FailoverError,
  failed: T | undefined,
  attempts: FallbackAttempt[],
): FallbackFailure<T> {
  return { ok: false, reason: error.reason, error, failed, attempts };
}

/**
 * Runs `run` against the candidate chain until one call succeeds. Never throws for a provider
 * failure: check `ok`.
 *
 * @example
 * const out = await runWithModelFallback({
 *   candidates: { primary: "anthropic/claude-opus-4-6", fallbacks: ["openai/gpt-4o"] },
 *   authStore,
 *   run: (a) => stream(models[a.ref], ctx, { apiKey: a.apiKey, signal: a.signal }).result(),
 * });
 * if (out.ok) show(out.result); else if (out.reason === "context_overflow") await compact();
 */
export async function runWithModelFallback<T>(
  options: RunWithFallbackOptions<T>,
): Promise<FallbackResult<T>> {
  const { authStore: auth, signal, onEvent } = options;
  const now = options.now ?? auth?.now ?? Date.now;
  const failureOf = options.failureOf ?? failedMessageInfo;
  const candidates = Array.isArray(options.candidates)
    ? (options.candidates as readonly ModelRef[])
    : resolveCandidates(options.candidates as CandidateConfig);
  const attempts: FallbackAttempt[] = [];
  let lastReason: FailureReason = "unknown";
  let lastFailed: T | undefined;

  for (let index = 0; index < candidates.length; index++) {
    const c = candidates[index] as ModelRef;
    if (signal?.aborted) return stopped(abortError(c, signal.reason), lastFailed, attempts);
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
      if (signal?.aborted) return stopped(abortError(c, signal.reason), lastFailed, attempts);
      const apiKey = profile ? credentialOf(profile) : undefined;
      let info: ProviderErrorInfo | undefined;
      let cause: unknown;
      try {
        const result = await options.run({ ...c, profile, apiKey, signal, probe: tries.probe });
        info = failureOf(result);
        if (!info) {
          const cleared =
            profile && auth
              ? await auth.recordSuccess(profile.id, c.provider, c.modelId, options.sessionKey)
              : false;
          if (index === 0 && cleared)
            onEvent?.({ type: "recovered", provider: c.provider, model: c.modelId, profileId: profile?.id });
          return {
            ok: true,
            result,
            provider: c.provider,
            modelId: c.modelId,
            ref: c.ref,
            profileId: profile?.id,
            attempts,
          };
        }
        lastFailed = result;
        cause = result;
      } catch (err) {
        info = describeFailure(err);
        cause = err;
      }
      if (signal?.aborted) return stopped(abortError(c, cause), lastFailed, attempts);
      // Only the caller's own signal makes a user abort; any other abort falls back like a timeout.
      const failure: ProviderErrorInfo = info.reason === "aborted" ? { ...info, reason: "timeout" } : info;
      const policy = REASON_POLICY[failure.reason];
      const site = { provider: c.provider, model: c.modelId, profileId: profile?.id };
      if (policy.rethrow)
        return stopped(new FailoverError({ ...failure, ...site, cause }), lastFailed, attempts);
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
      const cooldown = cooldownFor(failure, { aggregator: auth?.isAggregator(c.provider) ?? false });
      if (profile && auth && cooldown) {
        const entry = await auth.recordFailure(profile.id, {
          provider: c.provider,
          modelId: c.modelId,
          reason: failure.reason,
          lane: cooldown.lane,
          scope: cooldown.scope,
          retryAfterMs: failure.retryAfterMs,
          sessionKey: options.sessionKey,
        });
        attempt.until = entry.until;
        onEvent?.({
          type: "profile_cooldown",
          provider: c.provider,
          profileId: profile.id,
          model: cooldown.scope === "model" ? c.modelId : undefined,
          reason: failure.reason,
          lane: cooldown.lane,
          until: entry.until,
        });
      }
      if (!policy.rotateProfile || tries.probe) break;
    }
  }
  const t = now();
  const future = attempts.map((a) => a.until).filter((u): u is number => u !== undefined && u > t);
  const error = new AllCandidatesFailedError(
    attempts,
    future.length > 0 ? Math.min(...future) : undefined,
    t,
  );
  return { ok: false, reason: error.reason, error, failed: lastFailed, attempts };
}
