/**
 * Announcements to "last" and wakes of non-main sessions, end to end against the fake Telegram
 * Bot API: the chat a session last talked on is where its cron results and wakes answer.
 */
import { FakeBotApi } from "@claw/channel-telegram/testing";
import { waitUntil } from "@claw/channels/testing";
import { createFauxProvider } from "@claw/providers";
import { afterEach, describe, expect, it } from "vitest";
import { startTestGateway } from "./helpers.js";

const until = (check: () => boolean) => waitUntil(check, { ms: 20_000 });

describe('cron and heartbeat answering on the "last" chat (fake Telegram)', () => {
  const fakes: FakeBotApi[] = [];
  afterEach(async () => {
    for (const fake of fakes.splice(0)) await fake.close();
  });

  async function start(extra: Record<string, unknown> = {}) {
    const api = await new FakeBotApi().start();
    fakes.push(api);
    const faux = createFauxProvider(["Hello from Claw."], { provider: "faux", whenExhausted: "repeat-last" });
    const started = await startTestGateway(
      {
        // 42 is the owner: their DMs are the main session (others' DMs get their own).
        agents: { defaults: { model: "faux/faux-1", identity: { ownerNumbers: ["telegram:42"] }, ...extra } },
        channels: {
          telegram: { botToken: api.token, apiRoot: api.url, dmPolicy: "open", groupPolicy: "open" },
        },
      },
      {
        models: [faux.model],
        stream: faux.stream,
        scopes: ["operator.read", "operator.write", "operator.admin"],
      },
    );
    return { api, faux, ...started };
  }

  it('announces an isolated job\'s reply to the chat the main session last talked on; no chat yet is "not-delivered"', async () => {
    const { api, faux, client } = await start();
    const job = await client.request("cron.add", {
      name: "digest",
      schedule: { kind: "every", everyMs: 86_400_000 },
      payload: { kind: "agentTurn", message: "Summarise the day." },
      delivery: { mode: "announce", channel: "last" },
    });
    await client.request("cron.run", { id: job.id });
    const first = await client.request("cron.runs", { id: job.id });
    expect(first.entries[0]).toMatchObject({ status: "error", deliveryStatus: "not-delivered" });
    expect(first.entries[0]?.deliveryError).toMatch(/agent:main:main has not talked on any chat channel yet/);

    api.dm(42, "hi");
    await until(() => api.sent.length === 1);
    faux.push({ text: "Three new emails." });
    await client.request("cron.run", { id: job.id });
    await until(() => api.sent.length === 2);
    expect(api.sent.map((m) => [m.chatId, m.text])).toEqual([
      ["42", "Hello from Claw."],
      ["42", "Three new emails."],
    ]);
    const { entries } = await client.request("cron.runs", { id: job.id });
    expect(entries[0]).toMatchObject({ status: "ok", deliveryStatus: "delivered" });
  });

  it("a systemEvent with wakeMode now for a group session beats that session at once and answers in the group", async () => {
    const { api, faux, client } = await start({ heartbeat: { every: "24h", target: "last" } });
    api.groupMessage(-100, 9, "hello", { mention: true });
    await until(() => api.sent.length === 1);
    faux.push({ text: "Standup starts in 5 minutes!" });
    const job = await client.request("cron.add", {
      name: "standup",
      sessionTarget: "session:agent:main:telegram:group:-100",
      wakeMode: "now",
      schedule: { kind: "every", everyMs: 86_400_000 },
      payload: { kind: "systemEvent", text: "Standup in 5 minutes." },
    });
    await client.request("cron.run", { id: job.id });
    await until(() => api.sent.length === 2);
    expect(api.sent[1]).toMatchObject({ chatId: "-100", text: "Standup starts in 5 minutes!" });
    const beatCall = faux.calls.at(-1);
    expect(JSON.stringify(beatCall?.context.messages.at(-1)?.content)).toContain(
      "System: Standup in 5 minutes.",
    );
    expect(await client.request("last-heartbeat", {})).toMatchObject({
      status: "sent",
      sessionKey: "agent:main:telegram:group:-100",
    });
  });
});
