/**
 * The auth store: credentials + routing state + schedule + clock, behind the few questions the
 * fallback loop asks ("which profiles, in what order?", "this one failed", "this one worked").
 */
import { formatModelRef } from "@claw/ids";
import { AGGREGATOR_PROVIDERS, type FailureReason } from "@claw/providers";
import {
  type ActiveCooldown,
  activeCooldowns,
  applyFailure,
  applySuccess,
  type CooldownConfig,
  type CooldownEntry,
  resolveCooldownConfig,
} from "./cooldown.js";
import type { CooldownLane, CooldownScope } from "./policy.js";
import { orderProfiles, type ProfileOrder } from "./profiles.js";
import { createMemoryAuthStateStore } from "./stores/memory.js";
import type { AuthProfile, AuthStateStore, CredentialStore } from "./stores/types.js";

export interface AuthStoreOptions {
  /** Credentials: a list, or a store to load them from (read once, then cached; see `reload`). */
  profiles: readonly AuthProfile[] | CredentialStore;
  /** Routing state (default: in memory). */
  state?: AuthStateStore;
  /** Configured profile order per provider: `{ anthropic: ["main", "backup"] }`. */
  order?: Readonly<Record<string, readonly string[]>>;
  /** Providers that need no credential (a local Ollama); they are called with no profile. */
  keyless?: readonly string[];
  /**
   * Providers that route to many upstream vendors (default: @claw/providers' `AGGREGATOR_PROVIDERS`,
   * OpenRouter and the like): one model's failure cools that model on the key, never the whole key.
   */
  aggregators?: readonly string[];
  cooldowns?: Partial<CooldownConfig>;
  now?: () => number;
}

export type ProfilePlan = { kind: "keyless" } | { kind: "none" } | ({ kind: "profiles" } & ProfileOrder);

export interface FailureNote {
  provider: string;
  modelId: string;
  reason: FailureReason;
  lane: CooldownLane;
  scope: CooldownScope;
  retryAfterMs?: number;
  sessionKey?: string;
}

/** One credential's routing state as a status page shows it: never the secret. */
export interface ProfileStatus {
  profileId: string;
  provider: string;
  type: AuthProfile["type"];
  lastUsedAt?: number;
  /** Cooldowns in force now, longest first; empty when the profile is usable for every model. */
  cooldowns: ActiveCooldown[];
}

export interface AuthStore {
  readonly now: () => number;
  readonly config: CooldownConfig;
  /** Orders the provider's profiles for one call of `modelId`. */
  plan(
    provider: string,
    modelId: string,
    opts?: { sessionKey?: string; profileId?: string },
  ): Promise<ProfilePlan>;
  /** Records a failure; returns the cooldown now in force. Unpins the session from this profile. */
  recordFailure(profileId: string, note: FailureNote): Promise<CooldownEntry>;
  /** Records a success and pins the session; returns true when it cleared a cooldown (recovery). */
  recordSuccess(profileId: string, provider: string, modelId: string, sessionKey?: string): Promise<boolean>;
  /** Takes the single probe slot of a cooling (provider, model); false if taken within `intervalMs` (default probeIntervalMs). */
  claimProbe(provider: string, modelId: string, intervalMs?: number): boolean;
  /** True for an aggregator provider (see `aggregators`). */
  isAggregator(provider: string): boolean;
  /** Forgets the session's pinned profiles: call on /reset and after compaction. */
  resetSession(sessionKey: string): Promise<void>;
  /** Re-reads credentials from the credential store. */
  reload(): Promise<void>;
  /** Every profile with its cooldowns in force now, by provider then id. */
  status(): Promise<ProfileStatus[]>;
}

function byProvider(list: readonly AuthProfile[]): Map<string, AuthProfile[]> {
  const map = new Map<string, AuthProfile[]>();
  const ids = new Set<string>();
  for (const p of list) {
    if (ids.has(p.id))
      throw new Error(
        `failover: auth profile id "${p.id}" is used twice — ids must be unique across providers`,
      );
    ids.add(p.id);
    const group = map.get(p.provider) ?? [];
    group.push(p);
    map.set(p.provider, group);
  }
  return map;
}

/**
 * @example
 * const auth = createAuthStore({
 *   profiles: [{ id: "main", provider: "anthropic", type: "api_key", apiKey: "sk-ant-…" }],
 *   keyless: ["ollama"],
 * });
 */
export function createAuthStore(options: AuthStoreOptions): AuthStore {
  const now = options.now ?? Date.now;
  const config = resolveCooldownConfig(options.cooldowns);
  const state = options.state ?? createMemoryAuthStateStore();
  const keyless = new Set(options.keyless ?? []);
  const aggregators = new Set(options.aggregators ?? AGGREGATOR_PROVIDERS);
  const source = options.profiles;
  let profiles: Map<string, AuthProfile[]> | undefined =
    "loadProfiles" in source ? undefined : byProvider(source);
  const probes = new Map<string, number>();

  const load = async (): Promise<Map<string, AuthProfile[]>> => {
    if (!profiles) profiles = byProvider("loadProfiles" in source ? await source.loadProfiles() : source);
    return profiles;
  };

  return {
    now,
    config,
    async plan(provider, modelId, opts = {}) {
      const list = (await load()).get(provider);
      if (!list || list.length === 0) return keyless.has(provider) ? { kind: "keyless" } : { kind: "none" };
      const [states, pinned] = await Promise.all([
        state.read(list.map((p) => p.id)),
        opts.sessionKey === undefined ? undefined : state.getPin(opts.sessionKey, provider),
      ]);
      const order = orderProfiles({
        profiles: list,
        states,
        modelId,
        now: now(),
        explicit: opts.profileId,
        pinned,
        configured: options.order?.[provider],
      });
      return { kind: "profiles", ...order };
    },
    async recordFailure(profileId, note) {
      let entry: CooldownEntry | undefined;
      await state.update(profileId, (prev) => {
        const applied = applyFailure(prev ?? {}, { ...note, now: now() }, config);
        entry = applied.entry;
        return applied.state;
      });
      // A billing-disabled model is probed on the billing schedule, counted from this failure.
      if (note.reason === "billing") probes.set(formatModelRef(note.provider, note.modelId), now());
      if (note.sessionKey !== undefined) {
        const pinned = await state.getPin(note.sessionKey, note.provider);
        if (pinned === profileId) await state.setPin(note.sessionKey, note.provider, undefined);
      }
      return entry!;
    },
    async recordSuccess(profileId, provider, modelId, sessionKey) {
      let cleared = false;
      await state.update(profileId, (prev) => {
        const applied = applySuccess(prev ?? {}, modelId, now());
        cleared = applied.cleared;
        return applied.state;
      });
      probes.delete(formatModelRef(provider, modelId));
      if (sessionKey !== undefined) await state.setPin(sessionKey, provider, profileId);
      return cleared;
    },
    claimProbe(provider, modelId, intervalMs = config.probeIntervalMs) {
      const key = formatModelRef(provider, modelId);
      const last = probes.get(key);
      const t = now();
      if (last !== undefined && t - last < intervalMs) return false;
      probes.set(key, t);
      return true;
    },
    isAggregator(provider) {
      return aggregators.has(provider);
    },
    async resetSession(sessionKey) {
      await state.clearPins(sessionKey);
    },
    async reload() {
      profiles = undefined;
      await load();
    },
    async status() {
      const list = [...(await load()).values()].flat();
      const states = await state.read(list.map((p) => p.id));
      const at = now();
      return list
        .map((p) => {
          const s = states[p.id];
          return {
            profileId: p.id,
            provider: p.provider,
            type: p.type,
            ...(s?.lastUsedAt !== undefined ? { lastUsedAt: s.lastUsedAt } : {}),
            cooldowns: activeCooldowns(s, at),
          };
        })
        .sort((a, b) => a.provider.localeCompare(b.provider) || a.profileId.localeCompare(b.profileId));
    },
  };
}
