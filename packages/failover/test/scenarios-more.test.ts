/** Scenario tests: lanes, summary, probes, pins, abort/overflow, missing profiles, concurrency. */
import { describe, expect, it } from "vitest";
import { AllCandidatesFailedError, FailoverError, type FallbackAttempt } from "../src/index.js";
import { key } from "./harness.js";
import { setup } from "./setup.js";

const MIN = 60_000;
const HOUR = 60 * MIN;
const CHAIN = { primary: "anthropic/claude-opus-4-6", fallbacks: ["openai/gpt-4o"] };

describe("billing vs transient", () => {
  it("billing disables the key for 5 h (doubling), a rate limit cools the model for 30 s", async () => {
    const s = setup({
      scripts: {
        anthropic: [
          { error: { status: 402, message: "Insufficient credits" } },
          { error: { status: 429, message: "Rate limit exceeded" } },
        ],
      },
    });
    await s.go(CHAIN);
    const t0 = s.clock.now();
    expect(s.types("profile_cooldown")).toMatchObject([
      { profileId: "main", reason: "billing", lane: "disabled", until: t0 + 5 * HOUR },
      {
        profileId: "backup",
        reason: "rate_limit",
        lane: "transient",
        model: "claude-opus-4-6",
        until: t0 + 30_000,
      },
    ]);
    s.clock.advance(30_000);
    const plan = await s.auth.plan("anthropic", "claude-opus-4-6");
    expect(plan.kind === "profiles" && plan.usable.map((p) => p.id)).toEqual(["backup"]);
    s.clock.advance(5 * HOUR);
    s.providers.push("anthropic", { error: { status: 402, message: "Insufficient credits" } });
    await s.go(CHAIN, { profileId: "main" });
    expect(s.types("profile_cooldown").at(-1)).toMatchObject({
      reason: "billing",
      until: s.clock.now() + 10 * HOUR,
    });
  });
});

describe("all candidates failed", () => {
  it("lists every attempt and the soonest time one becomes usable", async () => {
    const s = setup({
      profiles: [key("main", "anthropic"), key("oa", "openai")],
      scripts: {
        anthropic: [{ error: { status: 429, message: "Rate limit exceeded", retryAfterMs: 90_000 } }],
        openai: [{ error: { status: 402, message: "Insufficient credits" } }],
      },
    });
    const err = (await s.go(CHAIN).catch((e: unknown) => e)) as AllCandidatesFailedError;
    expect(err).toBeInstanceOf(AllCandidatesFailedError);
    expect(err.attempts).toMatchObject<Partial<FallbackAttempt>[]>([
      {
        provider: "anthropic",
        model: "claude-opus-4-6",
        profileId: "main",
        reason: "rate_limit",
        status: 429,
      },
      { provider: "openai", model: "gpt-4o", profileId: "oa", reason: "billing", status: 402 },
    ]);
    expect(err.retryAt).toBe(s.clock.now() + 90_000);
    expect(err.message).toContain(
      "1. anthropic/claude-opus-4-6 [profile main]: rate_limit 429 — Rate limit exceeded",
    );
    expect(err.message).toContain("2. openai/gpt-4o [profile oa]: billing 402 — Insufficient credits");
    expect(err.message).toContain("in 90 s");
  });

  it("no profiles configured: a clear error, not 'all profiles cooling'", async () => {
    const s = setup({ profiles: [] });
    const err = (await s.go(CHAIN).catch((e: unknown) => e)) as AllCandidatesFailedError;
    expect(err.attempts.map((a) => a.skip)).toEqual(["no_profiles", "no_profiles"]);
    expect(err.message).toContain('no auth profile is configured for provider "anthropic"');
    expect(err.message).not.toContain("cooling");
    expect(err.retryAt).toBeUndefined();
    expect(s.providers.calls).toEqual([]);
  });
});

describe("stop at once", () => {
  it("context overflow is rethrown without trying fallbacks", async () => {
    const s = setup({
      scripts: {
        anthropic: [
          { error: { status: 400, message: "prompt is too long: 215000 tokens > 200000 maximum" } },
        ],
      },
    });
    const err = await s.go(CHAIN).catch((e: unknown) => e);
    expect(err).toBeInstanceOf(FailoverError);
    expect(err).toMatchObject({ reason: "context_overflow", provider: "anthropic", profileId: "main" });
    expect(s.providers.calls).toHaveLength(1);
  });

  it("a user abort is rethrown and nothing else is called", async () => {
    const controller = new AbortController();
    const s = setup();
    const err = await s
      .go(CHAIN, {
        signal: controller.signal,
        run: async () => {
          controller.abort();
          throw Object.assign(new Error("This operation was aborted"), { name: "AbortError" });
        },
      })
      .catch((e: unknown) => e);
    expect(err).toMatchObject({ name: "FailoverError", reason: "aborted" });
    expect(s.types("fallback")).toEqual([]);
  });
});

describe("probe and provider isolation", () => {
  it("one probe of the cooling primary per interval; other runs skip straight to the fallback", async () => {
    const s = setup({
      profiles: [key("main", "anthropic"), key("oa", "openai")],
      scripts: { anthropic: [{ error: { status: 429 } }] },
    });
    await s.go(CHAIN); // cools main for opus
    s.providers.push("anthropic", { error: { status: 429 } });
    const [a, b] = await Promise.all([s.go(CHAIN), s.go(CHAIN)]);
    expect(s.providers.calls.filter((c) => c.probe)).toHaveLength(1);
    expect([a.attempts[0]?.outcome, b.attempts[0]?.outcome].sort()).toEqual(["failed", "skipped"]);
    s.clock.advance(30_000); // the second 429 made it 1 min; the probe interval is 30 s
    const c = await s.go(CHAIN);
    expect(c.ref).toBe("anthropic/claude-opus-4-6");
    expect(s.providers.calls.at(-1)).toMatchObject({ probe: true });
  });

  it("a cooldown on one provider never skips a healthy candidate on another", async () => {
    const s = setup({
      scripts: {
        anthropic: [{ error: { status: 401, message: "invalid x-api-key" } }, { error: { status: 401 } }],
      },
    });
    const out = await s.go({
      primary: "anthropic/claude-opus-4-6",
      fallbacks: ["anthropic/claude-sonnet-4-5", "openai/gpt-4o"],
    });
    expect(out.ref).toBe("openai/gpt-4o");
    expect(out.attempts.map((a) => a.skip ?? a.reason)).toEqual(["auth", "auth", "cooldown"]);
  });
});

describe("session pinning", () => {
  it("pins the working profile per session until failure or reset", async () => {
    const s = setup({
      order: { anthropic: ["main", "backup"] },
      scripts: { anthropic: [{ error: { status: 401 } }] },
    });
    await s.go(CHAIN, { sessionKey: "s1" }); // main fails (auth), backup works and is pinned
    s.clock.advance(60_000); // main's auth cooldown is over; configured order would pick it again
    await s.go(CHAIN, { sessionKey: "s1" });
    await s.go(CHAIN, { sessionKey: "s2" });
    expect(s.providers.refs().slice(-2)).toEqual([
      "anthropic/claude-opus-4-6@backup",
      "anthropic/claude-opus-4-6@main",
    ]);
    await s.auth.resetSession("s1");
    await s.go(CHAIN, { sessionKey: "s1" });
    expect(s.providers.refs().at(-1)).toBe("anthropic/claude-opus-4-6@main");
  });
});

describe("concurrent runs", () => {
  it("twenty runs failing on twenty models of one key lose no cooldown", async () => {
    const s = setup({ profiles: [key("main", "anthropic")], keyless: ["local"] });
    const models = Array.from({ length: 20 }, (_, i) => `m${i}`);
    s.providers.push("anthropic", ...models.map(() => ({ error: { status: 429 } })));
    await Promise.all(models.map((m) => s.go({ primary: `anthropic/${m}`, fallbacks: ["local/x"] })));
    for (const m of models) {
      const plan = await s.auth.plan("anthropic", m);
      expect(plan.kind === "profiles" && plan.cooling.map((c) => c.profile.id)).toEqual(["main"]);
    }
  });
});
