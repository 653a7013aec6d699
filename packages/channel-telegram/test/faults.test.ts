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

function countingContext(state: Map<string, string>, received: ChannelInbound[], logs: string[] = []) {
  const controller = new AbortController();
  const ctx: ChannelContext = {
    signal: controller.signal,
    receive: async (message) => void received.push(message),
    state: { get: (k) => state.get(k), set: (k, v) => void state.set(k, v) },
    setConnected() {},
    crashed(error) {
      throw error;
    },
    log: (level, message) => void logs.push(`${level} ${message}`),
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

  it("a malformed update is logged and passed over; the updates after it still arrive", async () => {
    api = await new FakeBotApi().start();
    const state = new Map<string, string>();
    const received: ChannelInbound[] = [];
    const logs: string[] = [];
    const channel = createTelegramChannel({
      botToken: api.token,
      apiRoot: api.url,
      pollTimeoutSeconds: 1,
      pollBackoff: { minMs: 5, maxMs: 20 },
    });
    const run = countingContext(state, received, logs);
    await channel.start(run.ctx);
    // A group message whose entities are not a list: normalising it throws.
    const bad = api.pushMessage({
      chat: { id: -100, type: "supergroup", title: "Group" },
      text: "@claw_test_bot hi",
      entities: 5 as unknown as [],
    });
    api.dm(42, "after the bad one");
    await until(() => received.length === 1, 5_000, "the update after the malformed one");
    run.abort();
    await channel.stop();
    expect(received.map((m) => m.text)).toEqual(["after the bad one"]);
    expect(logs.filter((l) => l.includes(`update ${bad.update_id} could not be handled`))).toHaveLength(1);
    expect(Number(state.get("updateOffset"))).toBe(bad.update_id + 2);
  });
});
