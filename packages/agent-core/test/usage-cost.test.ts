/** A run's usage and the session's cost are priced with the model that answered, not the configured one. */
import { describe, expect, it } from "vitest";
import { fauxRuntime } from "./helpers.js";

const EXPENSIVE = { input: 100, output: 200, cacheRead: 0, cacheWrite: 0 };
const CHEAP = { input: 1, output: 2, cacheRead: 0, cacheWrite: 0 };
const COUNTS = { input: 1_000, output: 500 };
/** 1,000 input and 500 output tokens at the cheap model's prices (USD per 1M tokens). */
const CHEAP_RUN_USD = (1_000 * 1 + 500 * 2) / 1_000_000;

describe("cost of a run that a fallback answered", () => {
  it("prices the run and the session with the answering model and records it as the session's last model", async () => {
    const { runtime, faux, models } = fauxRuntime(
      [
        { error: { reason: "rate_limit", status: 429, message: "slow down" } },
        { text: "from the fallback", usage: COUNTS },
        { error: { reason: "rate_limit", status: 429, message: "slow down" } },
        { text: "fallback again", usage: COUNTS },
      ],
      { faux: { cost: EXPENSIVE } },
    );
    const backup = faux.modelFor("faux-cheap", { cost: CHEAP });
    const backupRef = `${backup.provider}/${backup.id}`;
    models.set(backupRef, backup);
    runtime.agents[0]!.model.fallbacks = [backupRef];

    const first = await runtime.run({ sessionKey: "agent:main:main", message: "go" }).result;
    expect(first.text).toBe("from the fallback");
    expect(first.usage.cost.total).toBeCloseTo(CHEAP_RUN_USD, 12);

    const entry = await runtime.sessions.get("agent:main:main");
    expect(entry?.costUsd).toBeCloseTo(CHEAP_RUN_USD, 12);
    expect(entry?.lastModel).toBe(backupRef);

    // A second run the fallback answers adds its cost to the session's.
    await runtime.run({ sessionKey: "agent:main:main", message: "again" }).result;
    const after = await runtime.sessions.get("agent:main:main");
    expect(after?.costUsd).toBeCloseTo(2 * CHEAP_RUN_USD, 12);
    expect(after?.inputTokens).toBeGreaterThanOrEqual(2 * COUNTS.input);
  });

  it("a run no model answered records no last model", async () => {
    const { runtime } = fauxRuntime([{ error: { reason: "overloaded", status: 529, message: "busy" } }]);
    const result = await runtime.run({ sessionKey: "s", message: "go" }).result;
    expect(result.status).toBe("error");
    const entry = await runtime.sessions.get("s");
    expect(entry?.lastModel).toBeUndefined();
    expect(entry?.costUsd).toBe(0);
  });
});
