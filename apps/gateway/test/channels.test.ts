/**
 * Telegram in the assembled gateway: config → channel accounts, pairing through the gateway
 * methods, `channels.status`, `health`, `channels.routes.explain` and `send`, against the fake
 * Bot API with the faux model.
 */
import { FakeBotApi } from "@claw/channel-telegram/testing";
import { waitUntil } from "@claw/channels/testing";
import { createFauxProvider } from "@claw/providers";
import { afterEach, describe, expect, it } from "vitest";
import { startTestGateway } from "./helpers.js";

const until = (check: () => boolean) => waitUntil(check, { ms: 20_000 });

describe("gateway with Telegram", () => {
  const fakes: FakeBotApi[] = [];
  afterEach(async () => {
    for (const fake of fakes.splice(0)) await fake.close();
  });

  async function start(telegram: Record<string, unknown>, extra: Record<string, unknown> = {}) {
    const api = await new FakeBotApi().start();
    fakes.push(api);
    const faux = createFauxProvider(["Hello from Claw."], { provider: "faux", whenExhausted: "repeat-last" });
    const started = await startTestGateway(
      {
        agents: { defaults: { model: "faux/faux-1" } },
        channels: { telegram: { botToken: api.token, apiRoot: api.url, ...telegram } },
        ...extra,
      },
      {
        models: [faux.model],
        stream: faux.stream,
        scopes: ["operator.read", "operator.write", "operator.admin", "operator.pairing"],
      },
    );
    return { api, ...started };
  }

  it("pairs an unknown sender through channels.pairing.*, then answers them", async () => {
    const { api, client } = await start({});
    api.dm(42, "hello");
    await until(() => api.sent.length === 1);
    const list = await client.request("channels.pairing.list", {});
    expect(list.requests).toMatchObject([
      { channel: "telegram", accountId: "default", senderId: "42", senderLabel: "@user42" },
    ]);
    const requestId = list.requests[0]?.requestId as string;
    expect(api.sent[0]?.text).toContain(requestId);

    await expect(
      client.request("channels.pairing.approve", {
        channel: "telegram",
        accountId: "default",
        requestId: "WRONG234",
      }),
    ).rejects.toThrow(/no pending pairing request/);
    const approved = await client.request("channels.pairing.approve", {
      channel: "telegram",
      accountId: "default",
      requestId,
      notify: true,
    });
    expect(approved).toMatchObject({ senderId: "42", notification: "sent" });
    api.dm(42, "now?");
    await until(() => api.sent.some((m) => m.text === "Hello from Claw."));
    await client.close();
  });

  it("a system event queued by wake reaches the session's next Telegram turn (one queue for cron and channels)", async () => {
    const api = await new FakeBotApi().start();
    fakes.push(api);
    const faux = createFauxProvider(["Noted."], { provider: "faux", whenExhausted: "repeat-last" });
    const { client } = await startTestGateway(
      {
        agents: { defaults: { model: "faux/faux-1" } },
        channels: { telegram: { botToken: api.token, apiRoot: api.url, dmPolicy: "open" } },
      },
      {
        models: [faux.model],
        stream: faux.stream,
        scopes: ["operator.read", "operator.write", "operator.admin"],
      },
    );
    // DMs share the agent's main session (dmScope "main"); no heartbeat is configured, so only the
    // next turn of that session can deliver the event.
    const sessionKey = (await client.request("channels.routes.explain", { channel: "telegram", peer: "42" }))
      .sessionKey;
    await client.request("wake", { mode: "next-heartbeat", text: "The backup finished.", sessionKey });
    api.dm(42, "anything new?");
    await until(() => api.sent.some((m) => m.text === "Noted."));
    const prompt = JSON.stringify(faux.calls.at(-1)?.context.messages.at(-1)?.content);
    expect(prompt).toContain("System: The backup finished.");
    expect(prompt).toContain("anything new?");
    expect((await client.request("status", {})).queuedSystemEvents).toEqual([]);
    await client.close();
  });

  it("reports channels.status in OpenClaw's shape and channels in health", async () => {
    const { client } = await start({ dmPolicy: "open" });
    const status = await client.request("channels.status", { probe: true });
    expect(status.channelOrder).toEqual(["telegram"]);
    expect(status.channelLabels).toEqual({ telegram: "Telegram" });
    expect(status.channelDefaultAccountId).toEqual({ telegram: "default" });
    expect(status.channelAccounts.telegram?.[0]).toMatchObject({
      accountId: "default",
      running: true,
      connected: true,
      mode: "polling",
      dmPolicy: "open",
      probe: { ok: true, detail: "@claw_test_bot" },
    });
    const health = await client.request("health", { probe: true });
    expect(health.channelOrder).toEqual(["telegram"]);
    expect(health.channels?.telegram).toMatchObject({ connected: true });
    await client.close();
  });

  it("explains routes and sends through the outbox", async () => {
    const { api, client } = await start(
      { dmPolicy: "open" },
      {
        agents: {
          defaults: { model: "faux/faux-1" },
          list: [{ id: "default", default: true }, { id: "work" }],
        },
        bindings: [{ agentId: "work", match: { channel: "telegram", peer: { kind: "group", id: "-100" } } }],
        session: { dmScope: "per-channel-peer" },
      },
    );
    const explained = await client.request("channels.routes.explain", {
      channel: "telegram",
      peer: "-100",
      peerKind: "group",
    });
    expect(explained).toMatchObject({
      agentId: "work",
      tier: "peer",
      bindingIndex: 0,
      sessionKey: "agent:work:telegram:group:-100",
    });
    // Without peerKind, the id's own shape decides: a negative Telegram id is a group.
    const bare = await client.request("channels.routes.explain", { channel: "telegram", peer: "-100" });
    expect(bare).toMatchObject({
      agentId: "work",
      tier: "peer",
      sessionKey: "agent:work:telegram:group:-100",
    });
    const dm = await client.request("channels.routes.explain", { channel: "telegram", peer: "7" });
    expect(dm).toMatchObject({
      agentId: "default",
      tier: "default",
      sessionKey: "agent:default:telegram:dm:7",
    });

    const sent = await client.request("send", { to: "7", message: "Ping from cron", idempotencyKey: "k1" });
    expect(sent).toMatchObject({ channel: "telegram", accountId: "default", status: "delivered", chunks: 1 });
    expect(api.sent.map((m) => [m.chatId, m.text])).toEqual([["7", "Ping from cron"]]);
    await expect(
      client.request("send", { to: "7", accountId: "other", message: "lost?", idempotencyKey: "k3" }),
    ).rejects.toThrow(/no telegram account "other" is configured/);
    const silent = await client.request("send", { to: "7", message: "NO_REPLY", idempotencyKey: "k2" });
    expect(silent.status).toBe("silent");
    await client.close();
  });

  it("chunkMode newline: an account sends a message per paragraph", async () => {
    const { api, client } = await start({ dmPolicy: "open", chunkMode: "newline" });
    const sent = await client.request("send", {
      to: "7",
      message: "First point.\n\nSecond point.\n\nThird point.",
      idempotencyKey: "k1",
    });
    expect(sent).toMatchObject({ status: "delivered", chunks: 3 });
    expect(api.sent.map((m) => m.text)).toEqual(["First point.", "Second point.", "Third point."]);
    await client.close();
  });

  it("delivers a cron agentTurn's reply to Telegram through the outbox", async () => {
    const { api, client } = await start({ dmPolicy: "open" }, { cron: { enabled: true } });
    const job = await client.request("cron.add", {
      name: "digest",
      schedule: { kind: "every", everyMs: 86_400_000 },
      payload: { kind: "agentTurn", message: "Summarise the day." },
      delivery: { mode: "announce", channel: "telegram", to: "42" },
    });
    await client.request("cron.run", { id: job.id });
    await until(() => api.sent.length === 1);
    expect(api.sent.map((m) => [m.chatId, m.text])).toEqual([["42", "Hello from Claw."]]);
    const { entries } = await client.request("cron.runs", { id: job.id });
    expect(entries[0]).toMatchObject({ status: "ok", deliveryStatus: "delivered" });
    await client.close();
  });
});
