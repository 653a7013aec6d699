/**
 * Overhead of the fallback wrapper around a successful call, and of choosing among 50 profiles.
 * Baseline: the same plain async run called directly, in the same process and run.
 */
import { suite } from "@claw/bench-harness";
import {
  type Attempt,
  type AuthProfile,
  createAuthStore,
  orderProfiles,
  type ProfileState,
  runWithModelFallback,
} from "../src/index.js";

const reply = { text: "ok" };
const run = async (_a: Attempt) => reply;
const direct: Attempt = {
  provider: "anthropic",
  modelId: "claude-opus-4-6",
  ref: "anthropic/claude-opus-4-6",
  profile: undefined,
  apiKey: "sk",
  signal: undefined,
  probe: false,
};

const profiles: AuthProfile[] = Array.from({ length: 50 }, (_, i) => ({
  id: `anthropic:${i}`,
  provider: "anthropic",
  type: "api_key",
  apiKey: `sk-${i}`,
}));
const now = Date.now();
// Half the keys cooling for the model, a few disabled, the rest with assorted last-use times.
const states: Record<string, ProfileState> = {};
profiles.forEach((p, i) => {
  if (i % 2 === 0)
    states[p.id] = {
      models: { "claude-opus-4-6": { until: now + 60_000 + i, reason: "rate_limit", count: 1, at: now } },
    };
  else if (i % 7 === 0)
    states[p.id] = { disabled: { until: now + 3_600_000, reason: "billing", count: 1, at: now } };
  else states[p.id] = { lastUsedAt: now - i * 1000 };
});

const oneKey = createAuthStore({ profiles: profiles.slice(0, 1) });
const fiftyKeys = createAuthStore({ profiles, order: { anthropic: ["anthropic:49", "anthropic:3"] } });
const candidates = {
  primary: "anthropic/claude-opus-4-6",
  fallbacks: ["anthropic/claude-sonnet-4-5", "openai/gpt-4o"],
};

await suite("failover wrapper", {
  baseline: { name: "plain async run", fn: () => run(direct) },
  cases: [
    {
      name: "runWithModelFallback, no auth store",
      fn: () => runWithModelFallback({ candidates, run }),
      target: { maxMedianMs: 0.05 },
    },
    {
      name: "runWithModelFallback, 1 profile + session pin",
      fn: () => runWithModelFallback({ candidates, run, authStore: oneKey, sessionKey: "s" }),
      target: { maxMedianMs: 0.05 },
    },
    {
      name: "runWithModelFallback, 50 profiles",
      fn: () => runWithModelFallback({ candidates, run, authStore: fiftyKeys, sessionKey: "s" }),
      target: { maxMedianMs: 0.05 },
    },
  ],
});

await suite("profile choice", {
  baseline: { name: "sort 50 ids", fn: () => profiles.map((p) => p.id).sort() },
  cases: [
    {
      name: "orderProfiles among 50 (half cooling)",
      fn: () =>
        orderProfiles({
          profiles,
          states,
          modelId: "claude-opus-4-6",
          now,
          pinned: "anthropic:5",
          configured: ["anthropic:3"],
        }),
      target: { maxMedianMs: 0.05 },
    },
  ],
});
