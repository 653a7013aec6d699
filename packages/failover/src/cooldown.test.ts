import { describe, expect, it } from "vitest";
import { resolveCandidates } from "./candidates.js";
import {
  applyFailure,
  applySuccess,
  availability,
  DEFAULT_COOLDOWNS as C,
  cooldownDuration,
} from "./cooldown.js";
import { orderProfiles } from "./profiles.js";
import type { AuthProfile } from "./stores/types.js";

const S = 1000;
const M = 60 * S;
const H = 60 * M;

describe("cooldown schedule", () => {
  it.each([
    ["transient", "rate_limit", 1, undefined, 30 * S],
    ["transient", "rate_limit", 2, undefined, 1 * M],
    ["transient", "rate_limit", 3, undefined, 5 * M],
    ["transient", "rate_limit", 9, undefined, 5 * M],
    ["transient", "rate_limit", 1, 120 * S, 120 * S],
    ["transient", "rate_limit", 3, 2 * S, 5 * M],
    ["disabled", "billing", 1, undefined, 5 * H],
    ["disabled", "billing", 2, undefined, 10 * H],
    ["disabled", "billing", 4, undefined, 24 * H],
    ["disabled", "auth_permanent", 1, undefined, 10 * M],
    ["disabled", "auth_permanent", 3, undefined, 40 * M],
    ["disabled", "auth_permanent", 5, undefined, 60 * M],
  ] as const)("%s %s #%i retry-after %s → %i ms", (lane, reason, count, retryAfter, ms) => {
    expect(cooldownDuration(C, lane, reason, count, retryAfter)).toBe(ms);
  });

  it("counts consecutive failures, keeps scopes apart, and a success clears only its model", () => {
    const at = 1_000_000;
    const rec = (reason: "rate_limit" | "auth", scope: "model" | "profile", modelId: string, now: number) =>
      ({ reason, lane: "transient", scope, modelId, now }) as const;
    let s = applyFailure({}, rec("rate_limit", "model", "opus", at), C).state;
    s = applyFailure(s, rec("rate_limit", "model", "opus", at + 31 * S), C).state;
    expect(s.models?.opus).toMatchObject({ count: 2, until: at + 31 * S + 1 * M });
    expect(availability(s, "sonnet", at + 31 * S)).toEqual({ usable: true });
    expect(availability(s, "opus", at + 31 * S + M - 1)).toMatchObject({
      usable: false,
      reason: "rate_limit",
    });
    expect(availability(s, "opus", at + 31 * S + M)).toEqual({ usable: true }); // strict: at `until` it is usable
    s = applyFailure(s, rec("auth", "profile", "opus", at + 40 * S), C).state;
    expect(availability(s, "sonnet", at + 41 * S)).toMatchObject({ usable: false, reason: "auth" });
    const ok = applySuccess(s, "sonnet", at + 80 * S);
    expect(ok.cleared).toBe(true);
    expect(ok.state).toEqual({ lastUsedAt: at + 80 * S, models: { opus: s.models?.opus } });
  });

  it("a shorter later cooldown never shortens one in force", () => {
    const first = applyFailure(
      {},
      { reason: "rate_limit", lane: "transient", scope: "model", modelId: "m", retryAfterMs: 10 * M, now: 0 },
      C,
    );
    const second = applyFailure(
      first.state,
      { reason: "rate_limit", lane: "transient", scope: "model", modelId: "m", now: S },
      C,
    );
    expect(second.entry.until).toBe(10 * M);
  });
});

describe("profile order", () => {
  const p = (id: string): AuthProfile => ({ id, provider: "anthropic", type: "api_key", apiKey: id });
  const profiles = [p("a"), p("b"), p("c"), p("d")];
  const now = 10_000_000;
  it.each([
    ["least recently used, never used first", {}, ["a", "d", "c", "b"]],
    ["configured order beats LRU", { configured: ["c", "b"] }, ["c", "b", "a", "d"]],
    ["the session pin beats configured", { configured: ["c", "b"], pinned: "d" }, ["d", "c", "b", "a"]],
    ["explicit beats the pin", { configured: ["c"], pinned: "d", explicit: "b" }, ["b", "d", "c", "a"]],
  ] as const)("%s", (_, extra, expected) => {
    const states = { b: { lastUsedAt: now - 10 }, c: { lastUsedAt: now - 100 } };
    expect(orderProfiles({ profiles, states, modelId: "m", now, ...extra }).usable.map((x) => x.id)).toEqual(
      expected,
    );
  });

  it("cooling profiles go last, soonest first; an expired OAuth token is unusable", () => {
    const states = {
      a: { models: { m: { until: now + 500, reason: "rate_limit" as const, count: 1, at: now } } },
      b: { disabled: { until: now + 100, reason: "billing" as const, count: 1, at: now } },
    };
    const oauth: AuthProfile = {
      id: "o",
      provider: "anthropic",
      type: "oauth",
      accessToken: "t",
      expiresAt: now,
    };
    const order = orderProfiles({ profiles: [...profiles, oauth], states, modelId: "m", now, explicit: "a" });
    expect(order.usable.map((x) => x.id)).toEqual(["c", "d"]);
    expect(order.cooling.map((x) => [x.profile.id, x.reason])).toEqual([
      ["b", "billing"],
      ["a", "rate_limit"],
      ["o", "auth"],
    ]);
  });
});

describe("candidate chain", () => {
  it.each([
    [
      { primary: "anthropic/opus", fallbacks: ["anthropic/sonnet", "openai/gpt-4o"] },
      ["anthropic/opus", "anthropic/sonnet", "openai/gpt-4o"],
    ],
    [
      { primary: "anthropic/opus", fallbacks: ["openai/gpt-4o", "anthropic/opus", "openai/gpt-4o"] },
      ["anthropic/opus", "openai/gpt-4o"],
    ],
    [
      { primary: "anthropic/opus", fallbacks: ["openai/gpt-4o"], override: "google/gemini" },
      ["google/gemini", "openai/gpt-4o", "anthropic/opus"],
    ],
    [
      { primary: "anthropic/opus", fallbacks: ["anthropic/opus"], override: "anthropic/opus" },
      ["anthropic/opus"],
    ],
    [{ primary: "openrouter/anthropic/claude" }, ["openrouter/anthropic/claude"]],
  ])("%j", (config, refs) => {
    expect(resolveCandidates(config).map((c) => c.ref)).toEqual(refs);
  });
  it("rejects a reference without a provider, saying how to write it", () => {
    expect(() => resolveCandidates({ primary: "gpt-4o" })).toThrow(/"provider\/model"/);
  });
});
