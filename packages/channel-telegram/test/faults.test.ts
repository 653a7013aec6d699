/**
 * Faults on the inbound path over many updates: 429 and 502 bursts, connections dropped
 * mid-poll, and a restart of the channel halfway. Every update must be received exactly once.
 */
import type { ChannelContext, ChannelInbound } from "@claw/channels";
import { afterEach, describe, expect, it } from "vitest";
import { createTelegramChannel } from "../src/index.js";
import { FakeBotApi } from "../src/testing/index.js";
import { until } from "./layer.js";

const UPDATES = 1_200;

function countingContext(state: Map<string, string>, received: ChannelInbound[]) {
  const controller = new AbortController();
  const ctx: ChannelContext = {
    signal: controller.signal,
    receive: async (message) => void received.push(message),
    state: { get: (k) => state.get(k), set: (k, v) => void state.set(k, v) },
    setConnected() {},
    crashed(error) {
      throw error;
    },
    log() {},
  };
  return { ctx, abort: () => controller.abort() };
}

describe("telegram inbound under faults", () => {
  let api: FakeBotApi | undefined;
  afterEach(async () => {
    await api?.close();
  });

  it(`receives each of ${UPDATES} updates exactly once through 429/502 bursts, dropped polls and a restart`, async () => {
    api = await new FakeBotApi().start();
    const fake = api;
    const state = new Map<string, string>();
    const received: ChannelInbound[] = [];
    const make = () =>
      createTelegramChannel({
        botToken: fake.token,
        apiRoot: fake.url,
        pollTimeoutSeconds: 1,
        pollBackoff: { minMs: 5, maxMs: 20 },
      });

    let channel = make();
    let run = countingContext(state, received);
    await channel.start(run.ctx);
    for (let i = 0; i < UPDATES; i++) {
      fake.dm(1000 + (i % 50), `update ${i}`);
      if (i % 150 === 0) fake.failNext("getUpdates", { status: 502, description: "Bad Gateway" }, 3);
      if (i % 200 === 50) fake.dropNextPolls(2);
      if (i === 400)
        fake.failNext(
          "getUpdates",
          { status: 429, description: "Too Many Requests: retry after 1", retryAfter: 1 },
          2,
        );
      if (i === UPDATES / 2) {
        await until(() => received.length >= 300, 10_000, "the first half to start arriving");
        run.abort();
        await channel.stop();
        channel = make();
        run = countingContext(state, received);
        await channel.start(run.ctx);
      }
    }
    await until(() => received.length >= UPDATES, 20_000, `all ${UPDATES} updates`);
    await new Promise((resolve) => setTimeout(resolve, 100));
    run.abort();
    await channel.stop();

    const texts = received.map((m) => m.text);
    expect(new Set(texts).size).toBe(UPDATES);
    expect(texts).toHaveLength(UPDATES);
    expect(Number(state.get("updateOffset"))).toBeGreaterThan(UPDATES);
    expect(fake.calls.get("getUpdates") ?? 0).toBeGreaterThan(10);
  }, 30_000);
});
