import { describe, expect, it } from "vitest";
import { activeCooldowns, createAuthStore } from "../src/index.js";

describe("cooldown status", () => {
  it.each([
    ["no state", undefined, []],
    ["an expired entry", { profile: { until: 1_000, reason: "rate_limit", count: 1, at: 0 } }, []],
    [
      "profile, disabled and per-model entries, longest first",
      {
        profile: { until: 90_000, reason: "rate_limit", count: 2, at: 0 },
        disabled: { until: 900_000, reason: "billing", count: 1, at: 0 },
        models: {
          "gpt-4o": { until: 60_000, reason: "model_not_found", count: 1, at: 0 },
          "gpt-old": { until: 500, reason: "rate_limit", count: 1, at: 0 },
        },
      },
      [
        { scope: "disabled", reason: "billing", until: 900_000, failures: 1 },
        { scope: "profile", reason: "rate_limit", until: 90_000, failures: 2 },
        { scope: "model", modelId: "gpt-4o", reason: "model_not_found", until: 60_000, failures: 1 },
      ],
    ],
  ] as const)("%s", (_name, state, expected) => {
    expect(activeCooldowns(state as Parameters<typeof activeCooldowns>[0], 1_000)).toEqual(expected);
  });

  it("lists every profile with what cools it now, and never a secret", async () => {
    let now = 10_000;
    const auth = createAuthStore({
      profiles: [
        { id: "openai:env", provider: "openai", type: "api_key", apiKey: "sk-secret-1" },
        { id: "anthropic:work", provider: "anthropic", type: "api_key", apiKey: "sk-secret-2" },
      ],
      now: () => now,
    });
    await auth.recordFailure("anthropic:work", {
      provider: "anthropic",
      modelId: "claude-x",
      reason: "rate_limit",
      lane: "transient",
      scope: "profile",
    });
    await auth.recordSuccess("openai:env", "openai", "gpt-4o");
    const status = await auth.status();
    expect(status).toEqual([
      {
        profileId: "anthropic:work",
        provider: "anthropic",
        type: "api_key",
        cooldowns: [{ scope: "profile", reason: "rate_limit", until: 40_000, failures: 1 }],
      },
      { profileId: "openai:env", provider: "openai", type: "api_key", lastUsedAt: 10_000, cooldowns: [] },
    ]);
    expect(JSON.stringify(status)).not.toContain("sk-secret");
    now = 40_000;
    expect((await auth.status())[0]?.cooldowns).toEqual([]);
  });
});
