/**
 * Cooldown schedules and the pure state transitions of one auth profile. A profile carries at
 * most one whole-key transient cooldown (auth), one disabled-lane entry (billing,
 * auth_permanent) and one cooldown per model (rate limits, model_not_found), so a sibling model
 * on the same key stays usable.
 */
import type { FailureReason } from "@claw/providers";
import type { CooldownLane, CooldownScope } from "./policy.js";

const SECOND = 1000;
const MINUTE = 60 * SECOND;
const HOUR = 60 * MINUTE;

export interface DoublingLane {
  baseMs: number;
  maxMs: number;
}

export interface CooldownConfig {
  /** Transient cooldown by consecutive error count: 1st error → [0], 2nd → [1], … last one is the cap. */
  transientStepsMs: readonly number[];
  /** Disabled lane per reason: base doubling per consecutive failure up to max. */
  disabled: { billing: DoublingLane; auth_permanent: DoublingLane };
  /** Errors further apart than this do not count as consecutive. */
  failureWindowMs: number;
  /** At most one probe of a cooling primary per (provider, model) in this interval. */
  probeIntervalMs: number;
  /** A billing-disabled primary is probed at most this often, so a top-up is noticed within minutes. */
  billingProbeIntervalMs: number;
}

export const DEFAULT_COOLDOWNS: CooldownConfig = {
  transientStepsMs: [30 * SECOND, 1 * MINUTE, 5 * MINUTE],
  disabled: {
    billing: { baseMs: 5 * HOUR, maxMs: 24 * HOUR },
    auth_permanent: { baseMs: 10 * MINUTE, maxMs: 60 * MINUTE },
  },
  failureWindowMs: 24 * HOUR,
  probeIntervalMs: 30 * SECOND,
  billingProbeIntervalMs: 10 * MINUTE,
};

/** Merges a partial config over the defaults. */
export function resolveCooldownConfig(partial: Partial<CooldownConfig> = {}): CooldownConfig {
  return {
    ...DEFAULT_COOLDOWNS,
    ...partial,
    disabled: { ...DEFAULT_COOLDOWNS.disabled, ...partial.disabled },
  };
}

export interface CooldownEntry {
  /** Usable again at this time (epoch ms); strictly before it the entry is cooling. */
  until: number;
  reason: FailureReason;
  /** Consecutive failures that built this entry. */
  count: number;
  /** When the last failure was recorded. */
  at: number;
  /** Set on a per-model entry in the disabled lane (billing on an aggregator key). */
  lane?: CooldownLane;
}

/** Routing state of one auth profile: what is persisted, never the secret. */
export interface ProfileState {
  lastUsedAt?: number;
  profile?: CooldownEntry;
  disabled?: CooldownEntry;
  models?: Record<string, CooldownEntry>;
}

/** How long to cool for the nth consecutive failure, never shorter than the provider asked. */
export function cooldownDuration(
  config: CooldownConfig,
  lane: CooldownLane,
  reason: FailureReason,
  count: number,
  retryAfterMs?: number,
): number {
  let ms: number;
  if (lane === "disabled") {
    const doubling = reason === "billing" ? config.disabled.billing : config.disabled.auth_permanent;
    ms = Math.min(doubling.maxMs, doubling.baseMs * 2 ** Math.max(0, count - 1));
  } else {
    const steps = config.transientStepsMs;
    ms = steps[Math.min(count, steps.length) - 1] ?? 0;
  }
  return Math.max(ms, retryAfterMs ?? 0);
}

export interface FailureRecord {
  reason: FailureReason;
  lane: CooldownLane;
  scope: CooldownScope;
  modelId: string;
  retryAfterMs?: number;
  now: number;
}

function next(prev: CooldownEntry | undefined, r: FailureRecord, config: CooldownConfig): CooldownEntry {
  const count = prev && r.now - prev.at < config.failureWindowMs ? prev.count + 1 : 1;
  const until = r.now + cooldownDuration(config, r.lane, r.reason, count, r.retryAfterMs);
  // A later, shorter cooldown never shortens one already in force.
  const entry: CooldownEntry = {
    until: Math.max(until, prev?.until ?? 0),
    reason: r.reason,
    count,
    at: r.now,
  };
  if (r.lane === "disabled" && r.scope === "model") entry.lane = "disabled";
  return entry;
}

/** Returns the profile state after a failure, and the entry that now applies. */
export function applyFailure(
  state: ProfileState,
  r: FailureRecord,
  config: CooldownConfig,
): { state: ProfileState; entry: CooldownEntry } {
  const out: ProfileState = { ...state, models: { ...state.models } };
  let entry: CooldownEntry;
  if (r.lane === "disabled" && r.scope === "profile") entry = out.disabled = next(state.disabled, r, config);
  else if (r.scope === "profile") entry = out.profile = next(state.profile, r, config);
  else {
    entry = next(state.models?.[r.modelId], r, config);
    out.models = { ...out.models, [r.modelId]: entry };
  }
  return { state: prune(out, r.now, config), entry };
}

/** Returns the profile state after a success on a model; `cleared` tells whether it was recovering. */
export function applySuccess(
  state: ProfileState,
  modelId: string,
  now: number,
): { state: ProfileState; cleared: boolean } {
  const cleared = Boolean(state.profile || state.disabled || state.models?.[modelId]);
  const models = { ...state.models };
  delete models[modelId];
  const out: ProfileState = { lastUsedAt: now };
  if (Object.keys(models).length > 0) out.models = models;
  return { state: out, cleared };
}

function prune(state: ProfileState, now: number, config: CooldownConfig): ProfileState {
  const stale = (e: CooldownEntry | undefined) =>
    e !== undefined && now - e.at >= config.failureWindowMs && e.until <= now;
  if (stale(state.profile)) delete state.profile;
  if (stale(state.disabled)) delete state.disabled;
  if (state.models) {
    for (const [model, entry] of Object.entries(state.models)) if (stale(entry)) delete state.models[model];
    if (Object.keys(state.models).length === 0) delete state.models;
  }
  return state;
}

export type Availability =
  | { usable: true }
  | { usable: false; until: number; reason: FailureReason; lane: CooldownLane };

/** Whether this profile can serve this model now; when not, the entry that blocks it longest. */
export function availability(state: ProfileState | undefined, modelId: string, now: number): Availability {
  if (!state) return { usable: true };
  const blocking: { entry: CooldownEntry; lane: CooldownLane }[] = [];
  if (state.disabled && state.disabled.until > now)
    blocking.push({ entry: state.disabled, lane: "disabled" });
  if (state.profile && state.profile.until > now) blocking.push({ entry: state.profile, lane: "transient" });
  const model = state.models?.[modelId];
  if (model && model.until > now) blocking.push({ entry: model, lane: model.lane ?? "transient" });
  if (blocking.length === 0) return { usable: true };
  const worst = blocking.reduce((a, b) => (b.entry.until > a.entry.until ? b : a));
  return { usable: false, until: worst.entry.until, reason: worst.entry.reason, lane: worst.lane };
}

/** One cooldown in force: on the whole profile, its disabled lane, or one model. */
export interface ActiveCooldown {
  scope: "profile" | "disabled" | "model";
  /** The model it blocks (scope "model"). */
  modelId?: string;
  reason: FailureReason;
  /** Usable again at this time (epoch ms). */
  until: number;
  /** Consecutive failures that built it. */
  failures: number;
}

/**
 * The cooldowns of a profile that are in force at `now`, longest first.
 * @example activeCooldowns({ profile: { until: 90_000, reason: "rate_limit", count: 2, at: 0 } }, 1_000)
 * // [{ scope: "profile", reason: "rate_limit", until: 90_000, failures: 2 }]
 */
export function activeCooldowns(state: ProfileState | undefined, now: number): ActiveCooldown[] {
  if (!state) return [];
  const out: ActiveCooldown[] = [];
  const add = (scope: ActiveCooldown["scope"], entry: CooldownEntry | undefined, modelId?: string) => {
    if (entry && entry.until > now)
      out.push({
        scope,
        ...(modelId !== undefined ? { modelId } : {}),
        reason: entry.reason,
        until: entry.until,
        failures: entry.count,
      });
  };
  add("disabled", state.disabled);
  add("profile", state.profile);
  for (const [modelId, entry] of Object.entries(state.models ?? {})) add("model", entry, modelId);
  return out.sort((a, b) => b.until - a.until);
}
