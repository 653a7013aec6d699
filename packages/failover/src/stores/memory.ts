/** The in-memory routing-state store: for tests, benchmarks and embedders that persist nothing. */
import type { ProfileState } from "../cooldown.js";
import type { AuthStateStore } from "./types.js";

/**
 * @example
 * const auth = createAuthStore({ profiles, state: createMemoryAuthStateStore() });
 */
export function createMemoryAuthStateStore(): AuthStateStore {
  const states = new Map<string, ProfileState>();
  const pins = new Map<string, Map<string, string>>();
  return {
    async read(ids) {
      const out: Record<string, ProfileState> = {};
      for (const id of ids) {
        const s = states.get(id);
        if (s) out[id] = s;
      }
      return out;
    },
    async update(id, fn) {
      const next = fn(states.get(id));
      states.set(id, next);
      return next;
    },
    async getPin(sessionKey, provider) {
      return pins.get(sessionKey)?.get(provider);
    },
    async setPin(sessionKey, provider, profileId) {
      const byProvider = pins.get(sessionKey) ?? new Map<string, string>();
      if (profileId === undefined) byProvider.delete(provider);
      else byProvider.set(provider, profileId);
      pins.set(sessionKey, byProvider);
    },
    async clearPins(sessionKey) {
      pins.delete(sessionKey);
    },
  };
}
