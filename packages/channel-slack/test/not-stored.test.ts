/**
 * An event the layer could not store (state.db refuses the inbound journal's insert, as a full
 * disk does) is not acknowledged: Socket Mode withholds the envelope's ack so Slack delivers it
 * again, the HTTP Events API answers 503 so Slack retries. Once the store recovers, the event is
 * handled exactly once, and events after it are not lost.
 */
import { refuseInboundJournal } from "@claw/channels/testing";
import { afterEach, describe, expect, it } from "vitest";
import type { SlackChannel } from "../src/index.js";
import { FakeSlack, messageEvent, postSignedEvent } from "../src/testing/index.js";
import { startSlackLayer, until } from "./layer.js";

const SECRET = "8f742231b10e8888abcd99yyyzzz85a5";

describe("slack: an event the layer could not store", () => {
  const cleanups: (() => Promise<void> | void)[] = [];
  afterEach(async () => {
    for (const cleanup of cleanups.splice(0).reverse()) await cleanup();
  });

  it("Socket Mode: the envelope is not acknowledged, comes again, and is handled once after recovery", async () => {
    const slack = await new FakeSlack({ socket: { ackTimeoutMs: 150, maxRetries: 1_000 } }).start();
    cleanups.push(() => slack.close());
    const logs: string[] = [];
    const env = await startSlackLayer({ slack, access: { dmPolicy: "open" }, journal: true, logs });
    cleanups.push(() => env.stop());
    const replies = (text: string) => slack.sent.filter((m) => m.text === `seen: ${text}`).length;

    const recover = refuseInboundJournal(env.db);
    const envelopeId = slack.socketMode.push(slack.callbackOf(messageEvent("DU1", "im", "U1", "refused")));
    await until(
      () => slack.socketMode.delivered.filter((e) => e.envelope_id === envelopeId).length >= 3,
      10_000,
      "Slack to deliver the envelope again",
    );
    expect(slack.socketMode.acks).not.toContain(envelopeId);
    expect(replies("refused")).toBe(0);

    recover();
    await until(() => slack.socketMode.acks.includes(envelopeId), 10_000, "the ack after recovery");
    slack.dm("U2", "after");
    await until(() => replies("refused") === 1 && replies("after") === 1, 10_000, "both replies");
    await new Promise((resolve) => setTimeout(resolve, 300));
    expect([replies("refused"), replies("after")]).toEqual([1, 1]);
    expect(slack.socketMode.unacknowledged()).toBe(0);
    expect(logs.filter((l) => l.includes("inbound messages not stored"))).toHaveLength(1);
  }, 30_000);

  it("HTTP Events API: 503 while the store refuses it, 200 for Slack's retry after recovery, one turn", async () => {
    const slack = await new FakeSlack().start();
    cleanups.push(() => slack.close());
    const env = await startSlackLayer({
      slack,
      access: { dmPolicy: "open" },
      journal: true,
      channel: { mode: "http", signingSecret: SECRET, http: { port: 0 } },
    });
    cleanups.push(() => env.stop());
    await until(() => env.manager.status()[0]?.accounts[0]?.connected === true, 5_000, "the listener");
    const url = `http://127.0.0.1:${(env.channels[0] as SlackChannel).eventsApiPort()}/slack/events`;
    const callback = slack.callbackOf(messageEvent("DU9", "im", "U9", "retried"));
    const post = (retryNum?: number) =>
      postSignedEvent(url, callback, {
        signingSecret: SECRET,
        ...(retryNum ? { retryNum, retryReason: "http_error" } : {}),
      }).then((res) => res.status);

    const recover = refuseInboundJournal(env.db);
    expect([await post(), await post(1)]).toEqual([503, 503]);
    recover();
    expect([await post(2), await post(3)]).toEqual([200, 200]);
    await until(() => slack.sent.length === 1 && env.outbox.pending() === 0, 5_000, "the reply");
    await new Promise((resolve) => setTimeout(resolve, 200));
    expect(slack.sent.map((m) => m.text)).toEqual(["seen: retried"]);
    expect(env.faux.calls).toHaveLength(1);
  }, 30_000);
});
