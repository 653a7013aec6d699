/**
 * Discord in the assembled gateway: config → a Discord account (token, `rest.api` at the fake
 * Discord, `guilds` gating), pairing through the gateway methods, `channels.status`, and `send`
 * to a channel, with the faux model.
 */
import { FakeDiscord } from "@claw/channel-discord/testing";
import { waitUntil } from "@claw/channels/testing";
import { createFauxProvider } from "@claw/providers";
import { afterEach, describe, expect, it } from "vitest";
import { startTestGateway } from "./helpers.js";

const until = (check: () => boolean) => waitUntil(check, { ms: 20_000 });
const ALICE = "200000000000000042";

describe("gateway with Discord", () => {
  const fakes: FakeDiscord[] = [];
  afterEach(async () => {
    for (const fake of fakes.splice(0)) await fake.close();
  });

  async function start(discord: (fake: FakeDiscord) => Record<string, unknown>) {
    const fake = await new FakeDiscord().start();
    fakes.push(fake);
    const faux = createFauxProvider(["Hello from Claw."], { provider: "faux", whenExhausted: "repeat-last" });
    const started = await startTestGateway(
      {
        agents: { defaults: { model: "faux/faux-1" } },
        channels: { discord: { token: fake.token, rest: { api: fake.restApi }, ...discord(fake) } },
      },
      {
        models: [faux.model],
        stream: faux.stream,
        scopes: ["operator.read", "operator.write", "operator.admin", "operator.pairing"],
      },
    );
    return { fake, ...started };
  }

  it("pairs an unknown sender through channels.pairing.*, answers them, and reports status", async () => {
    const { fake, client } = await start(() => ({}));
    const asked = fake.dm(ALICE, "hello");
    await until(() => fake.sent.length === 1);
    const list = await client.request("channels.pairing.list", {});
    expect(list.requests).toMatchObject([{ channel: "discord", accountId: "default", senderId: ALICE }]);
    const requestId = list.requests[0]?.requestId as string;
    await client.request("channels.pairing.approve", { channel: "discord", accountId: "default", requestId });
    fake.dm(ALICE, "now?");
    await until(() =>
      fake.sent.some((m) => m.content === "Hello from Claw." && m.channelId === asked.channel_id),
    );

    const status = await client.request("channels.status", { probe: true });
    expect(status.channelLabels).toMatchObject({ discord: "Discord" });
    expect(status.channelAccounts.discord?.[0]).toMatchObject({
      accountId: "default",
      running: true,
      connected: true,
      mode: "gateway",
      probe: { ok: true, detail: "@claw_test_bot" },
    });
    await client.close();
  });

  it("gates guild channels by channels.discord.guilds and sends to channel: targets", async () => {
    let ids = { guildId: "", channelIds: [] as string[] };
    const { fake, client } = await start((discord) => {
      ids = discord.addGuild("Home", ["chatty", "quiet"]);
      return {
        groupPolicy: "allowlist",
        guilds: { [ids.guildId]: { channels: { [ids.channelIds[0] as string]: { requireMention: false } } } },
      };
    });
    const [chatty, quiet] = ids.channelIds as [string, string];
    fake.post(quiet, ALICE, "not mentioned");
    fake.post(chatty, ALICE, "free talk");
    await until(() => fake.textsIn(chatty).length === 1);
    expect(fake.textsIn(quiet)).toEqual([]);

    const sent = await client.request("send", {
      channel: "discord",
      to: `channel:${quiet}`,
      message: "Announcement",
      idempotencyKey: "d1",
    });
    expect(sent).toMatchObject({ channel: "discord", status: "delivered", chunks: 1 });
    expect(fake.textsIn(quiet)).toEqual(["Announcement"]);
    await client.close();
  });
});
