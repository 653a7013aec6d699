/** Scenario tests: the spec's worked example and every OpenClaw complaint from anchors §3 item 4. */
import { describe, expect, it } from "vitest";
import { AllCandidatesFailedError } from "../src/index.js";
import { key } from "./harness.js";
import { setup } from "./setup.js";

const SPEC = {
  primary: "anthropic/claude-opus-4-6",
  fallbacks: ["anthropic/claude-sonnet-4-5", "openai/gpt-4o", "anthropic/claude-opus-3-5"],
};
const r429 = { error: { status: 429, message: "Rate limit exceeded: 60 requests/minute" } };
const r429Cap = {
  error: { status: 429, message: "You have reached your daily usage limit for this organization" },
};

describe("spec §7.5 worked example", () => {
  it("account-wide 429 on every anthropic key: provider-wide skip, success on openai/gpt-4o", async () => {
    const s = setup({ scripts: { anthropic: [r429Cap, r429Cap] } });
    const out = await s.go(SPEC);
    expect(s.providers.refs()).toEqual([
      "anthropic/claude-opus-4-6@main",
      "anthropic/claude-opus-4-6@backup",
      "openai/gpt-4o@oa",
    ]);
    expect(out).toMatchObject({ provider: "openai", modelId: "gpt-4o", profileId: "oa" });
    expect(s.providers.fauxes.get("openai")?.calls[0]?.options.apiKey).toBe("sk-oa");
    expect(out.attempts.map((a) => [a.model, a.outcome, a.reason])).toEqual([
      ["claude-opus-4-6", "failed", "rate_limit"],
      ["claude-opus-4-6", "failed", "rate_limit"],
      ["claude-sonnet-4-5", "skipped", "rate_limit"],
    ]);
    expect(s.types("profile_cooldown")).toMatchObject([
      { profileId: "main", model: undefined },
      { profileId: "backup" },
    ]);
    expect(s.types("fallback")).toEqual([
      { type: "fallback", from: "anthropic/claude-opus-4-6", to: "openai/gpt-4o", reason: "rate_limit" },
    ]);
  });

  it("a plain per-model 429 leaves the sibling model on the same keys usable (#116464)", async () => {
    const s = setup({ scripts: { anthropic: [r429, r429] } });
    const out = await s.go(SPEC);
    expect(s.providers.refs()).toEqual([
      "anthropic/claude-opus-4-6@main",
      "anthropic/claude-opus-4-6@backup",
      "anthropic/claude-sonnet-4-5@main",
    ]);
    expect(out.modelId).toBe("claude-sonnet-4-5");
  });
});

describe("OpenClaw complaints", () => {
  it("#22136: a cooling provider does not block the chain; every candidate is reported", async () => {
    const s = setup({ profiles: [key("main", "anthropic"), key("oa", "openai")] });
    await s.auth.recordFailure("main", {
      provider: "anthropic",
      modelId: "claude-opus-4-6",
      reason: "rate_limit",
      lane: "transient",
      scope: "model",
    });
    const out = await s.go(SPEC, { probe: false });
    expect(s.providers.refs()).toEqual(["anthropic/claude-sonnet-4-5@main"]);
    expect(out.attempts).toMatchObject([{ model: "claude-opus-4-6", outcome: "skipped", skip: "cooldown" }]);

    s.providers.push("anthropic", r429, r429);
    s.providers.push("openai", { error: { status: 503, message: "Service Unavailable" } });
    const err = await s.go(SPEC, { probe: false }).catch((e: unknown) => e);
    expect(err).toBeInstanceOf(AllCandidatesFailedError);
    expect((err as AllCandidatesFailedError).attempts.map((a) => a.model)).toEqual([
      "claude-opus-4-6",
      "claude-sonnet-4-5",
      "gpt-4o",
      "claude-opus-3-5",
    ]);
  });

  it("#56112: an Opus outage (529) does not skip a healthy Sonnet, and cools nothing", async () => {
    const s = setup({
      scripts: { anthropic: [{ error: { status: 529, code: "overloaded_error", message: "Overloaded" } }] },
    });
    const out = await s.go(SPEC);
    expect(out.modelId).toBe("claude-sonnet-4-5");
    expect(s.providers.refs()).toEqual([
      "anthropic/claude-opus-4-6@main",
      "anthropic/claude-sonnet-4-5@main",
    ]);
    expect(s.types("profile_cooldown")).toEqual([]);
  });

  it("#25926: all 17 fallbacks are tried, whatever each one fails with", async () => {
    const failures = [
      { error: { status: 503 } },
      { error: { status: 500, message: "boom" } },
      { error: { status: 400, message: "Invalid tool schema" } },
      { error: { status: 404, message: "Unknown model" } },
      { throw: Object.assign(new Error("read ECONNRESET"), { code: "ECONNRESET" }) },
      { error: { status: 502 } },
      { throw: new Error("something odd") },
      { error: { status: 504 } },
      { error: { status: 529 } },
      { throw: "a string" },
      { error: { status: 408 } },
      { error: { code: "ETIMEDOUT", message: "timed out" } },
      { error: { status: 422 } },
      { error: { status: 500, message: "The model is overloaded" } },
      { error: { status: 418, message: "teapot" } },
      { throw: Object.assign(new TypeError("fetch failed"), { cause: { code: "ENOTFOUND" } }) },
    ];
    const providers = failures.map((_, i) => `p${i}`);
    const scripts = Object.fromEntries(providers.map((p, i) => [p, [failures[i]!]]));
    const s = setup({ profiles: [], keyless: [...providers, "last"], scripts });
    const out = await s.go({
      primary: "p0/m",
      fallbacks: [...providers.slice(1).map((p) => `${p}/m`), "last/m"],
    });
    expect(s.providers.calls).toHaveLength(17);
    expect(out.ref).toBe("last/m");
    expect(out.attempts).toHaveLength(16);
  });

  it.each([502, 503, 504])("#20999: HTTP %i is failover-eligible", async (status) => {
    const s = setup({ scripts: { anthropic: [{ error: { status, message: "Bad Gateway" } }] } });
    const out = await s.go({ primary: "anthropic/claude-opus-4-6", fallbacks: ["openai/gpt-4o"] });
    expect(out.attempts[0]?.reason).toBe("timeout");
    expect(out.ref).toBe("openai/gpt-4o");
  });

  it("#65810: ECONNREFUSED from a local Ollama falls back, reported as a refused connection", async () => {
    const refused = Object.assign(new TypeError("fetch failed"), {
      cause: Object.assign(new Error("connect ECONNREFUSED 127.0.0.1:11434"), { code: "ECONNREFUSED" }),
    });
    const s = setup({ keyless: ["ollama"], scripts: { ollama: [{ throw: refused }] } });
    const out = await s.go({ primary: "ollama/llama3.3", fallbacks: ["openai/gpt-4o"] });
    expect(out.attempts[0]).toMatchObject({ reason: "network", code: "ECONNREFUSED", outcome: "failed" });
    expect(out.attempts[0]?.message).toMatch(/^connection refused/);
    expect(out.ref).toBe("openai/gpt-4o");
  });

  it("#97564: model_not_found moves on and cools only that model on that key", async () => {
    const s = setup({
      scripts: { anthropic: [{ error: { status: 404, message: "model: claude-opus-9" } }] },
    });
    const out = await s.go({
      primary: "anthropic/claude-opus-9",
      fallbacks: ["anthropic/claude-sonnet-4-5"],
    });
    expect(out.ref).toBe("anthropic/claude-sonnet-4-5");
    expect(s.types("profile_cooldown")).toMatchObject([{ profileId: "main", model: "claude-opus-9" }]);
    // no rotation on model_not_found: backup was not burned on the same 404
    expect(s.providers.refs()).toEqual(["anthropic/claude-opus-9@main", "anthropic/claude-sonnet-4-5@main"]);
  });

  it("#76108: after the cooldown expires the primary is tried first again and recovery is announced", async () => {
    const s = setup({
      profiles: [key("main", "anthropic"), key("oa", "openai")],
      scripts: { anthropic: [{ error: { status: 429, message: "slow down", retryAfterMs: 45_000 } }] },
    });
    const chain = { primary: "anthropic/claude-opus-4-6", fallbacks: ["openai/gpt-4o"] };
    expect((await s.go(chain)).ref).toBe("openai/gpt-4o");
    expect(s.types("profile_cooldown")[0]).toMatchObject({ until: s.clock.now() + 45_000 });
    s.clock.advance(45_000);
    const back = await s.go(chain);
    expect(back.ref).toBe("anthropic/claude-opus-4-6");
    expect(s.types("recovered")).toEqual([
      { type: "recovered", provider: "anthropic", model: "claude-opus-4-6", profileId: "main" },
    ]);
  });
});
