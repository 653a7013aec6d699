/**
 * Cost is priced for the model that answered: when the configured primary (Claude Opus, $5/$25
 * per 1M tokens) is skipped and a cheap fallback answers, `claw agent --json`, `claw sessions
 * list` and `claw status` show the fallback's price.
 */
import type { ClawGateway } from "@claw/app-gateway";
import { afterEach, describe, expect, it } from "vitest";
import { claw, createHome, startGateway, type TestHome } from "./helpers.js";

const DOCUMENT = {
  agents: { defaults: { model: { primary: "anthropic/claude-opus-4-6", fallbacks: ["faux/faux-1"] } } },
};
const CHEAP = { input: 1, output: 2, cacheRead: 0, cacheWrite: 0 };
const COUNTS = { input: 1_000, output: 500 };
/** What one run costs at the fallback's prices; Opus would have charged $0.0175. */
const CHEAP_RUN_USD = (1_000 * 1 + 500 * 2) / 1_000_000;

const homes: TestHome[] = [];
const gateways: ClawGateway[] = [];
afterEach(async () => {
  await Promise.all(gateways.splice(0).map((g) => g.close()));
  await Promise.all(homes.splice(0).map((h) => h.cleanup()));
});

async function setup(): Promise<TestHome> {
  const home = createHome(
    [
      { text: "From the fallback.", usage: COUNTS },
      { text: "Again.", usage: COUNTS },
    ],
    DOCUMENT,
  );
  homes.push(home);
  gateways.push(await startGateway(home, DOCUMENT, [home.faux.modelFor("faux-1", { cost: CHEAP })]));
  return home;
}

describe("cost when a fallback answered", () => {
  it("prices the run and the session with the answering model, not the configured primary", async () => {
    const home = await setup();
    const first = JSON.parse((await claw(home, ["agent", "-m", "hi", "--json"])).stdout);
    expect(first).toMatchObject({ status: "ok", model: "faux/faux-1" });
    expect(first.usage.costUsd).toBeCloseTo(CHEAP_RUN_USD, 12);
    expect((await claw(home, ["agent", "-m", "again"])).code).toBe(0);

    const list = JSON.parse((await claw(home, ["sessions", "list", "--json"])).stdout);
    expect(list.sessions[0]).toMatchObject({
      model: "anthropic/claude-opus-4-6",
      lastModel: "faux/faux-1",
    });
    expect(list.sessions[0].estimatedCostUsd).toBeCloseTo(2 * CHEAP_RUN_USD, 12);
    expect((await claw(home, ["sessions", "list"])).stdout).toMatch(
      /^KEY +AGENT +MODEL +COST +UPDATED.*\n\S+ +\S+ +anthropic\/claude-opus-4-6 \(answered: faux\/faux-1\) +\$0\.0040 /,
    );

    const status = await claw(home, ["status"]);
    expect(status.stdout).toMatch(/agent:\S+ +\S+ ago +faux\/faux-1 +\$0\.0040/);
    const statusJson = JSON.parse((await claw(home, ["status", "--json"])).stdout);
    expect(statusJson.gateway.sessions.recent[0].estimatedCostUsd).toBeCloseTo(2 * CHEAP_RUN_USD, 12);
  });
});
