/**
 * Socket Mode under faults, with the real `@slack/socket-mode` client against the fake's `ws`
 * server: envelopes are acknowledged by id, Slack's `disconnect` (refresh) and dropped sockets
 * reconnect through `apps.connections.open`, unacknowledged envelopes come again, and Slack's
 * retries of an event id are handled once. Every event must be received exactly once.
 */
import type { ChannelInbound } from "@claw/channels";
import { afterEach, describe, expect, it } from "vitest";
import { createSlackChannel } from "../src/index.js";
import { FakeSlack, messageEvent } from "../src/testing/index.js";
import { countingContext } from "./counting-context.js";
import { until } from "./layer.js";

const EVENTS = 1_000;

describe("slack Socket Mode", () => {
  let slack: FakeSlack | undefined;
  afterEach(async () => {
    await slack?.close();
  });
  /** A short pong timeout makes reconnects fast (the fault test) but lets a busy machine trip it. */
  const channelFor = (fake: FakeSlack, options: { pongTimeoutMs?: number } = {}) =>
    createSlackChannel({
      botToken: fake.botToken,
      appToken: fake.appToken,
      slackApiUrl: fake.apiUrl,
      socket: { clientPingTimeoutMs: options.pongTimeoutMs ?? 2_000 },
    });

  it("acknowledges each envelope by its id once the layer accepted it", async () => {
    slack = await new FakeSlack().start();
    const received: ChannelInbound[] = [];
    const run = countingContext(received);
    const channel = channelFor(slack);
    await channel.start(run.ctx);
    const envelopeId = slack.socketMode.push(slack.callbackOf(messageEvent("DU1", "im", "U1", "hello")));
    await until(() => slack?.socketMode.acks.includes(envelopeId) === true, 5_000, "the ack");
    expect(received.map((m) => m.text)).toEqual(["hello"]);
    expect(slack.socketMode.unacknowledged()).toBe(0);
    run.abort();
    await channel.stop();
  });

  it("does not acknowledge an envelope before the layer stored its message, however long that takes", async () => {
    slack = await new FakeSlack({ socket: { ackTimeoutMs: 30_000 } }).start();
    const fake = slack;
    const received: ChannelInbound[] = [];
    let release: () => void = () => {};
    const gate = new Promise<void>((resolve) => {
      release = resolve;
    });
    let ackedBeforeStored: boolean | undefined;
    // Storing the first conversation's message hangs; the second conversation's is stored at once.
    const run = countingContext(received, {
      accept: async (m) => {
        if (m.peer.id !== "DU1") return;
        await gate;
        ackedBeforeStored = fake.socketMode.acks.includes(slow);
      },
    });
    const channel = channelFor(fake);
    await channel.start(run.ctx);
    const slow: string = fake.socketMode.push(fake.callbackOf(messageEvent("DU1", "im", "U1", "slow")));
    const quick = fake.socketMode.push(fake.callbackOf(messageEvent("DU2", "im", "U2", "quick")));
    await until(() => fake.socketMode.acks.includes(quick), 5_000, "the stored message's ack");
    await until(() => received.length === 1, 5_000, "the quick message");
    expect(fake.socketMode.acks).not.toContain(slow);
    // Held past Slack's 3-second window (an ack deadline would have fired by now): still no ack.
    setTimeout(release, 3_200);
    await until(() => fake.socketMode.acks.includes(slow), 5_000, "the slow message's ack once stored");
    expect(ackedBeforeStored).toBe(false);
    expect(received.map((m) => m.text)).toEqual(["quick", "slow"]);
    run.abort();
    await channel.stop();
  });

  it("Slack's retries of one event id make one message", async () => {
    slack = await new FakeSlack().start();
    const fake = slack;
    const received: ChannelInbound[] = [];
    const run = countingContext(received);
    const channel = channelFor(fake);
    await channel.start(run.ctx);
    const event = messageEvent("DU1", "im", "U1", "once");
    const eventId = fake.pushEvent(event);
    for (let retry = 1; retry <= 3; retry++) fake.pushEvent(event, eventId);
    await until(() => fake.socketMode.acks.length === 4, 5_000, "four acks");
    expect(received.map((m) => m.text)).toEqual(["once"]);
    expect(run.events.logs.filter((l) => l.includes("already handled"))).toHaveLength(3);
    run.abort();
    await channel.stop();
  });

  it(`receives each of ${EVENTS} events exactly once through refreshes, dropped sockets, redeliveries and a restart`, async () => {
    slack = await new FakeSlack({
      socket: { ackTimeoutMs: 300, maxRetries: 1_000, pingIntervalMs: 200 },
    }).start();
    const fake = slack;
    const received: ChannelInbound[] = [];
    // An envelope handled just before the restart but not yet acknowledged comes again to the new
    // channel; the layer drops it by message id in state.db, as this shared set does.
    const seen = new Set<string>();
    let channel = channelFor(fake, { pongTimeoutMs: 50 });
    let run = countingContext(received, { seen });
    const first = run;
    await channel.start(run.ctx);
    for (let i = 0; i < EVENTS; i++) {
      const event = messageEvent(`DU${i % 40}`, "im", `U${i % 40}`, `event ${i}`);
      const eventId = fake.pushEvent(event);
      if (i % 97 === 0) fake.pushEvent(event, eventId); // Slack's retry of the same event
      if (i % 250 === 100) fake.socketMode.requestDisconnect();
      if (i % 250 === 200) fake.socketMode.dropConnection();
      if (i % 50 === 0) await new Promise((resolve) => setTimeout(resolve, 5));
      if (i === EVENTS / 2) {
        await until(() => received.length >= 300, 10_000, "the first half to start arriving");
        run.abort();
        await channel.stop();
        channel = channelFor(fake, { pongTimeoutMs: 50 });
        run = countingContext(received, { seen });
        await channel.start(run.ctx);
      }
    }
    await until(() => fake.socketMode.unacknowledged() === 0, 20_000, "every envelope acknowledged");
    await new Promise((resolve) => setTimeout(resolve, 100));
    run.abort();
    await channel.stop();
    const texts = received.map((m) => m.text);
    const unique = new Set(texts);
    expect(unique.size).toBe(EVENTS);
    expect(texts).toHaveLength(EVENTS);
    expect(fake.socketMode.connections).toBeGreaterThanOrEqual(4);
    // Within one channel's life, retries never reach the layer: the event router drops them.
    expect(first.events.droppedAsSeen).toBe(0);
  }, 40_000);
});
