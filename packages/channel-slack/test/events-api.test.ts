/**
 * The HTTP Events API: signed requests are accepted, forged, stale and malformed ones refused
 * with nothing handled, `url_verification` answered, Slack's retries (`X-Slack-Retry-Num`) of
 * an event id make one turn, and a slow layer is acknowledged within Slack's 3 seconds.
 */
import type { ChannelInbound } from "@claw/channels";
import { afterEach, describe, expect, it } from "vitest";
import { createSlackChannel, type SlackChannel } from "../src/index.js";
import { FakeSlack, messageEvent, postSignedEvent } from "../src/testing/index.js";
import { countingContext } from "./counting-context.js";
import { startSlackLayer, until } from "./layer.js";

const SECRET = "8f742231b10e8888abcd99yyyzzz85a5";

describe("slack HTTP Events API", () => {
  const cleanups: (() => Promise<void> | void)[] = [];
  afterEach(async () => {
    for (const cleanup of cleanups.splice(0).reverse()) await cleanup();
  });

  async function started(options: { accept?: () => Promise<void> } = {}) {
    const slack = await new FakeSlack().start();
    cleanups.push(() => slack.close());
    const received: ChannelInbound[] = [];
    const run = countingContext(received, options.accept ? { accept: options.accept } : {});
    const channel = createSlackChannel({
      botToken: slack.botToken,
      slackApiUrl: slack.apiUrl,
      mode: "http",
      signingSecret: SECRET,
      http: { port: 0 },
    });
    await channel.start(run.ctx);
    cleanups.push(async () => {
      run.abort();
      await channel.stop();
    });
    const url = `http://127.0.0.1:${channel.eventsApiPort()}/slack/events`;
    return { slack, received, run, channel, url };
  }

  it("answers url_verification with the challenge", async () => {
    const { url } = await started();
    const res = await postSignedEvent(
      url,
      { type: "url_verification", token: "t", challenge: "3eZbrw1aB" },
      {
        signingSecret: SECRET,
      },
    );
    expect(res.status).toBe(200);
    expect(await res.json()).toEqual({ challenge: "3eZbrw1aB" });
  });

  it("accepts a correctly signed event and refuses forged, stale, future and unsigned ones", async () => {
    const { slack, url, received, run } = await started();
    const now = Math.floor(Date.now() / 1000);
    const body = (text: string) => slack.callbackOf(messageEvent("DU1", "im", "U1", text));
    const refused = [
      await postSignedEvent(url, body("forged"), { signingSecret: SECRET, signWith: "not-the-secret" }),
      await postSignedEvent(url, body("stale"), { signingSecret: SECRET, timestamp: now - 301 }),
      await postSignedEvent(url, body("future"), { signingSecret: SECRET, timestamp: now + 400 }),
      await fetch(url, {
        method: "POST",
        headers: { "content-type": "application/json" },
        body: JSON.stringify(body("bare")),
      }),
    ];
    expect(refused.map((r) => r.status)).toEqual([401, 401, 401, 401]);
    expect(await refused[0]?.text()).toMatch(/signature mismatch/);
    expect(await refused[1]?.text()).toMatch(/stale timestamp/);
    const ok = await postSignedEvent(url, body("genuine"), { signingSecret: SECRET, timestamp: now - 200 });
    expect(ok.status).toBe(200);
    expect(received.map((m) => m.text)).toEqual(["genuine"]);
    expect(run.events.logs.filter((l) => l.startsWith("slack: request refused"))).toHaveLength(4);
  });

  it("refuses a signed body that is not JSON, an oversized body, and other paths", async () => {
    const { url, received } = await started();
    const timestamp = Math.floor(Date.now() / 1000);
    const { signSlackRequest } = await import("../src/index.js");
    const bad = await fetch(url, {
      method: "POST",
      headers: {
        "content-type": "application/json",
        "x-slack-request-timestamp": String(timestamp),
        "x-slack-signature": signSlackRequest(SECRET, timestamp, "{not json"),
      },
      body: "{not json",
    });
    expect(bad.status).toBe(400);
    const huge = await fetch(url, { method: "POST", body: "x".repeat(1_100_000) }).catch(() => undefined);
    expect(huge === undefined || huge.status === 413).toBe(true);
    expect((await fetch(url.replace("/slack/events", "/other"), { method: "POST" })).status).toBe(404);
    expect(received).toHaveLength(0);
  });

  it("answers 200 only once the layer stored the message", async () => {
    let release: () => void = () => {};
    const gate = new Promise<void>((resolve) => {
      release = resolve;
    });
    let stored = false;
    const { slack, url, received } = await started({
      accept: async () => {
        await gate;
        stored = true;
      },
    });
    const answered = postSignedEvent(url, slack.callbackOf(messageEvent("DU1", "im", "U1", "slow")), {
      signingSecret: SECRET,
    }).then((res) => ({ status: res.status, storedFirst: stored }));
    setImmediate(release);
    expect(await answered).toEqual({ status: 200, storedFirst: true });
    expect(received).toHaveLength(1);
  });

  it("Slack's retries of one event id (X-Slack-Retry-Num) produce one turn", async () => {
    const slack = await new FakeSlack().start();
    cleanups.push(() => slack.close());
    const env = await startSlackLayer({
      slack,
      access: { dmPolicy: "open" },
      channel: { mode: "http", signingSecret: SECRET, http: { port: 0 } },
    });
    cleanups.push(() => env.stop());
    await until(() => env.manager.status()[0]?.accounts[0]?.connected === true, 5_000, "the listener");
    const channel = env.channels[0] as SlackChannel;
    const url = `http://127.0.0.1:${channel.eventsApiPort()}/slack/events`;
    const callback = slack.callbackOf(messageEvent("DU9", "im", "U9", "just once"));
    const statuses = [(await postSignedEvent(url, callback, { signingSecret: SECRET })).status];
    for (let retry = 1; retry <= 3; retry++)
      statuses.push(
        (
          await postSignedEvent(url, callback, {
            signingSecret: SECRET,
            retryNum: retry,
            retryReason: "http_timeout",
          })
        ).status,
      );
    expect(statuses).toEqual([200, 200, 200, 200]);
    await until(() => slack.sent.length === 1 && env.outbox.pending() === 0, 5_000, "the reply");
    await new Promise((resolve) => setTimeout(resolve, 200));
    expect(slack.sent.map((m) => [m.channel, m.text])).toEqual([["DU9", "seen: just once"]]);
    expect(env.faux.calls).toHaveLength(1);
  });
});
