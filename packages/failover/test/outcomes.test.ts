/**
 * The loop's contract with the engine in @claw/providers: the reason on the failed message is
 * acted on as it is, the loop never throws for a provider failure, only the caller's own signal
 * is a user abort, aggregator keys cool per model, and a billing-disabled primary is probed.
 */
import { describe, expect, it } from "vitest";
import { AllCandidatesFailedError, FailoverError } from "../src/index.js";
import { key, textOf } from "./harness.js";
import { setup } from "./setup.js";

const MIN = 60_000;
const CHAIN = { primary: "anthropic/claude-opus-4-6", fallbacks: ["openai/gpt-4o"] };

describe("never throws for a provider failure", () => {
  it("a context overflow returns the failed message at once, so the caller compacts and retries", async () => {
    const s = setup({
      scripts: { anthropic: [{ error: { status: 400, message: "Input is too long for requested model." } }] },
    });
    const out = await s.attempt(CHAIN);
    expect(out.ok).toBe(false);
    if (out.ok) return;
    expect(out.reason).toBe("context_overflow");
    expect(out.error).toBeInstanceOf(FailoverError);
    expect(out.failed).toMatchObject({ stopReason: "error", error: { reason: "context_overflow" } });
    expect(s.providers.calls).toHaveLength(1);
    expect(s.types("fallback")).toEqual([]);
  });

  it("every candidate failing is an outcome, with the last failed message and the whole story", async () => {
    const s = setup({
      profiles: [key("main", "anthropic"), key("oa", "openai")],
      scripts: { anthropic: [{ error: { status: 529 } }], openai: [{ error: { status: 503 } }] },
    });
    const out = await s.attempt(CHAIN);
    if (out.ok) throw new Error("expected a failure");
    expect(out.error).toBeInstanceOf(AllCandidatesFailedError);
    expect(out.reason).toBe("timeout");
    expect(out.failed?.model).toBe("gpt-4o");
    expect(out.attempts.map((a) => a.reason)).toEqual(["overloaded", "timeout"]);
  });
});

describe("the adapter's reason is the truth", () => {
  it("a 400 the adapter classified as billing disables the key instead of moving on as format", async () => {
    const s = setup({
      scripts: { anthropic: [{ error: { reason: "billing", status: 400, message: "odd wording" } }] },
    });
    const out = await s.go(CHAIN);
    expect(out.attempts[0]).toMatchObject({ reason: "billing", status: 400 });
    expect(s.types("profile_cooldown")[0]).toMatchObject({ reason: "billing", lane: "disabled" });
  });
});

describe("aborts", () => {
  it("an abort the caller did not ask for ('Request was aborted.') falls back like a timeout", async () => {
    const s = setup();
    let calls = 0;
    const out = await s.go(CHAIN, {
      run: async (a) => {
        calls += 1;
        if (a.provider === "anthropic")
          throw Object.assign(new Error("Request was aborted."), { name: "AbortError" });
        return s.providers.run(a);
      },
    });
    expect(out.ref).toBe("openai/gpt-4o");
    expect(out.attempts[0]).toMatchObject({ reason: "timeout" });
    expect(calls).toBe(2); // a timeout moves to the next model without burning the backup key
  });

  it("an adapter's 'aborted' without the caller's signal is a timeout too", async () => {
    const s = setup({ scripts: { anthropic: [{ error: { reason: "aborted", message: "aborted" } }] } });
    const out = await s.go(CHAIN);
    expect(out.attempts[0]?.reason).toBe("timeout");
  });

  it("the caller's own signal is a user abort: nothing else is called", async () => {
    const controller = new AbortController();
    const s = setup();
    const out = await s.attempt(CHAIN, {
      signal: controller.signal,
      run: async () => {
        controller.abort();
        throw new Error("Request was aborted.");
      },
    });
    expect(out).toMatchObject({ ok: false, reason: "aborted" });
    expect(s.types("fallback")).toEqual([]);
  });
});

describe("aggregators", () => {
  const ROUTER = { primary: "openrouter/anthropic/claude-opus-4-6", fallbacks: ["openrouter/openai/gpt-4o"] };

  it.each([
    ["an account-wide cap", { status: 429, message: "You have reached your daily usage limit" }],
    ["billing", { status: 402, message: "Insufficient credits" }],
    ["auth", { status: 401, message: "upstream rejected the key" }],
  ])("%s on one upstream model cools that model on the key, not the whole key", async (_name, error) => {
    const s = setup({ profiles: [key("router", "openrouter")], scripts: { openrouter: [{ error }] } });
    const out = await s.go(ROUTER);
    expect(out.ref).toBe("openrouter/openai/gpt-4o");
    expect(s.types("profile_cooldown")).toMatchObject([
      { profileId: "router", model: "anthropic/claude-opus-4-6" },
    ]);
    const sibling = await s.auth.plan("openrouter", "openai/gpt-4o");
    expect(sibling.kind === "profiles" && sibling.usable.map((p) => p.id)).toEqual(["router"]);
  });

  it("a direct provider's account-wide cap still cools the whole key", async () => {
    const s = setup({
      profiles: [key("main", "anthropic"), key("oa", "openai")],
      scripts: { anthropic: [{ error: { status: 429, message: "weekly limit reached" } }] },
    });
    await s.go(CHAIN);
    expect(s.types("profile_cooldown")).toMatchObject([{ profileId: "main", model: undefined }]);
  });
});

describe("billing-disabled primary", () => {
  const insufficient = { error: { status: 402, message: "Insufficient credits" } };

  it("is probed every 10 min during its 5 h window, and recovers once the user tops up", async () => {
    const s = setup({
      profiles: [key("main", "anthropic"), key("oa", "openai")],
      scripts: { anthropic: [insufficient] },
    });
    expect((await s.go(CHAIN)).ref).toBe("openai/gpt-4o");
    expect((await s.go(CHAIN)).attempts[0]).toMatchObject({ outcome: "skipped", skip: "probe_in_flight" });
    s.clock.advance(10 * MIN);
    s.providers.push("anthropic", insufficient);
    const probed = await s.go(CHAIN);
    expect(s.providers.calls.at(-2)).toMatchObject({ ref: "anthropic/claude-opus-4-6", probe: true });
    expect(probed.ref).toBe("openai/gpt-4o"); // a failed probe moves on to the healthy fallback
    s.clock.advance(10 * MIN);
    const back = await s.go(CHAIN); // topped up: the probe succeeds
    expect(back.ref).toBe("anthropic/claude-opus-4-6");
    expect(textOf(back.result)).toBe("ok from anthropic/claude-opus-4-6");
    expect(s.types("recovered")).toHaveLength(1);
  });

  it("is not probed when probing is off", async () => {
    const s = setup({
      profiles: [key("main", "anthropic"), key("oa", "openai")],
      scripts: { anthropic: [insufficient] },
    });
    await s.go(CHAIN);
    s.clock.advance(30 * MIN);
    const out = await s.go(CHAIN, { probe: false });
    expect(out.attempts[0]).toMatchObject({ outcome: "skipped", skip: "disabled", reason: "billing" });
  });
});
