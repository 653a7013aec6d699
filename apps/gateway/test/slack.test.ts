/**
 * Slack in the assembled gateway: config → a Socket Mode account against the fake Slack, a turn
 * with the faux model, `channels.status` and `send`; and the real gateway process SIGKILLed
 * between the reply and Slack's acknowledgement, restarted on the same state: every chunk of the
 * reply reaches Slack exactly once.
 */
import { createServer } from "node:net";
import { join } from "node:path";
import { FakeSlack, messageEvent, postSignedEvent } from "@claw/channel-slack/testing";
import { CrashTest, KILL_MID_DELIVERY_CASES, killWhileSendHeld, waitUntil } from "@claw/channels/testing";
import { createFauxProvider } from "@claw/providers";
import { afterEach, describe, expect, it } from "vitest";
import { startTestGateway } from "./helpers.js";

const until = (check: () => boolean, what = "a condition") => waitUntil(check, { ms: 20_000, what });

/** A port nothing listens on right now (the Events API listener takes a fixed port from config). */
const freePort = () =>
  new Promise<number>((resolve, reject) => {
    const probe = createServer();
    probe.once("error", reject);
    probe.listen(0, "127.0.0.1", () => {
      const address = probe.address();
      probe.close(() => resolve(typeof address === "object" && address ? address.port : 0));
    });
  });

describe("gateway with Slack", () => {
  const fakes: FakeSlack[] = [];
  afterEach(async () => {
    for (const fake of fakes.splice(0)) await fake.close();
  });

  it("answers a DM over Socket Mode, reports status, and sends through the outbox", async () => {
    const slack = await new FakeSlack().start();
    fakes.push(slack);
    const faux = createFauxProvider(["Hello from **Claw**."], {
      provider: "faux",
      whenExhausted: "repeat-last",
    });
    const { client } = await startTestGateway(
      {
        agents: { defaults: { model: "faux/faux-1" } },
        channels: {
          slack: {
            botToken: slack.botToken,
            appToken: slack.appToken,
            slackApiUrl: slack.apiUrl,
            dmPolicy: "open",
          },
        },
      },
      {
        models: [faux.model],
        stream: faux.stream,
        scopes: ["operator.read", "operator.write", "operator.admin"],
      },
    );
    slack.dm("U42", "hello");
    await until(() => slack.sent.length === 1, "the reply");
    expect(slack.sent[0]).toMatchObject({ channel: "DU42", text: "Hello from *Claw*." });

    const status = await client.request("channels.status", { probe: true });
    expect(status.channelOrder).toEqual(["slack"]);
    expect(status.channelLabels).toEqual({ slack: "Slack" });
    expect(status.channelAccounts.slack?.[0]).toMatchObject({
      accountId: "default",
      running: true,
      connected: true,
      mode: "socket",
      baseUrl: slack.apiUrl,
      probe: { ok: true, detail: "@claw (T0FAKE)" },
    });
    const sent = await client.request("send", {
      channel: "slack",
      to: "C123",
      threadId: "1700000000.000100",
      message: "Ping <all>",
      idempotencyKey: "slack-k1",
    });
    expect(sent).toMatchObject({ channel: "slack", status: "delivered", chunks: 1 });
    expect(slack.sent.at(-1)).toMatchObject({
      channel: "C123",
      text: "Ping &lt;all&gt;",
      threadTs: "1700000000.000100",
    });
    await client.close();
  });

  it("takes signed Events API requests on eventsListen in http mode and refuses forged ones", async () => {
    const slack = await new FakeSlack().start();
    fakes.push(slack);
    const port = await freePort();
    const faux = createFauxProvider(["Over HTTP."], { provider: "faux", whenExhausted: "repeat-last" });
    const signingSecret = "gateway-test-signing-secret";
    const { client } = await startTestGateway(
      {
        agents: { defaults: { model: "faux/faux-1" } },
        channels: {
          slack: {
            mode: "http",
            botToken: slack.botToken,
            signingSecret,
            eventsListen: { host: "127.0.0.1", port },
            slackApiUrl: slack.apiUrl,
            dmPolicy: "open",
          },
        },
      },
      { models: [faux.model], stream: faux.stream, scopes: ["operator.read"] },
    );
    const url = `http://127.0.0.1:${port}/slack/events`;
    const forged = await postSignedEvent(url, slack.callbackOf(messageEvent("DU7", "im", "U7", "forged")), {
      signingSecret,
      signWith: "wrong",
    });
    expect(forged.status).toBe(401);
    const genuine = await postSignedEvent(url, slack.callbackOf(messageEvent("DU7", "im", "U7", "hi")), {
      signingSecret,
    });
    expect(genuine.status).toBe(200);
    await until(() => slack.sent.length === 1, "the reply");
    expect(slack.sent.map((m) => [m.channel, m.text])).toEqual([["DU7", "Over HTTP."]]);
    const status = await client.request("channels.status", {});
    expect(status.channelAccounts.slack?.[0]).toMatchObject({ mode: "http", connected: true });
    await client.close();
  });

  it("lists an account without tokens as not configured, naming what is missing", async () => {
    const faux = createFauxProvider(["x"], { provider: "faux" });
    const { client } = await startTestGateway(
      { agents: { defaults: { model: "faux/faux-1" } }, channels: { slack: { botToken: "xoxb-1" } } },
      { models: [faux.model], stream: faux.stream, scopes: ["operator.read"] },
    );
    const status = await client.request("channels.status", {});
    expect(status.channelAccounts.slack?.[0]).toMatchObject({
      configured: false,
      running: false,
      lastError: expect.stringContaining("no appToken for Socket Mode"),
    });
    await client.close();
  });
});

const REPLY = Array.from(
  { length: 90 },
  (_, i) => `Paragraph ${i}: ${"steady words ".repeat(8).trim()}.`,
).join("\n\n");

const crash = new CrashTest();
const startGatewayChild = (slack: FakeSlack, stateDir: string) =>
  crash.processes.start(join(import.meta.dirname, "fixtures", "channel-gateway-child.ts"), {
    name: "slack gateway child",
    env: {
      CHANNELS: JSON.stringify({
        slack: {
          botToken: slack.botToken,
          appToken: slack.appToken,
          slackApiUrl: slack.apiUrl,
          dmPolicy: "open",
        },
      }),
      STATE_DIR: stateDir,
      REPLY_TEXT: REPLY,
    },
  });

describe("gateway SIGKILL between the reply and Slack's acknowledgement", () => {
  afterEach(() => crash.cleanup());

  it.each(KILL_MID_DELIVERY_CASES)(
    "%s: every chunk is delivered exactly once after a restart",
    async (_name, afterDelivered) => {
      const fake = crash.track(await new FakeSlack().start());
      const stateDir = crash.stateDir("claw-slack-kill-");
      const first = await startGatewayChild(fake, stateDir);
      const { sentBeforeRestart } = await killWhileSendHeld({
        fake,
        child: first,
        afterDelivered,
        ask: () => fake.dm("U42", "write me something long"),
        waitFor: until,
      });
      expect(sentBeforeRestart).toBe(afterDelivered);

      await startGatewayChild(fake, stateDir);
      await until(() => fake.sent.map((m) => m.text).join("\n\n").length >= REPLY.length, "the whole reply");
      await new Promise((resolve) => setTimeout(resolve, 300));
      const texts = fake.sent.map((m) => m.text);
      expect(new Set(texts).size).toBe(texts.length);
      expect(texts.join("\n\n")).toBe(REPLY);
      expect(fake.sent.every((m) => m.channel === "DU42" && m.text.length <= 4000)).toBe(true);
      // The inbound DM was acknowledged once accepted: the restarted gateway did not answer it again.
      expect(fake.socketMode.unacknowledged()).toBe(0);
    },
    60_000,
  );
});
