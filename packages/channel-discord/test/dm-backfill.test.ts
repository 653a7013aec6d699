/**
 * A person's first DM while the gateway is down: Discord replays nothing to a fresh session and
 * lists no DMs for a bot, so the channel reads back the DM channels it can know — ones the bot
 * opened to send, ones of people the app names (allowlisted, paired), ones READY lists — and a
 * stranger's first DM stays missed (the documented limit).
 */
import type { ChannelInbound } from "@claw/channels";
import { recordingContext, waitUntil } from "@claw/channels/testing";
import { afterEach, describe, expect, it } from "vitest";
import { createDiscordChannel, type DiscordChannelOptions } from "../src/index.js";
import { FakeDiscord, type FakeDiscordOptions } from "../src/testing/index.js";

const BOB = "200000000000000043";
const ALICE = "200000000000000042";
const CAROL = "200000000000000044";

describe("DMs written while the gateway was down, by people who never wrote before", () => {
  let fake: FakeDiscord | undefined;
  const running: { stop(): Promise<void> }[] = [];
  afterEach(async () => {
    for (const r of running.splice(0)) await r.stop();
    await fake?.close();
  });

  async function world(options: FakeDiscordOptions = {}) {
    fake = await new FakeDiscord(options).start();
    const discord = fake;
    const state = new Map<string, string>();
    const contexts: ReturnType<typeof recordingContext>[] = [];
    const start = async (extra: Partial<DiscordChannelOptions> = {}) => {
      const ctx = recordingContext(state);
      contexts.push(ctx);
      const channel = createDiscordChannel({ token: discord.token, restApi: discord.restApi, ...extra });
      await channel.start(ctx);
      const handle = {
        channel,
        stop: async () => {
          ctx.abort();
          await channel.stop();
        },
      };
      running.push(handle);
      return handle;
    };
    const received = (): ChannelInbound[] => contexts.flatMap((ctx) => ctx.received);
    const texts = () => received().map((m) => m.text);
    const until = (check: () => boolean, what: string) => waitUntil(check, { ms: 10_000, what });
    // A first session that saw something: it leaves the watermark a later session reads back from.
    const first = await start();
    discord.dm(BOB, "earlier");
    await until(() => texts().includes("earlier"), "the first DM");
    return { discord, start, first, texts, until, received };
  }

  /** Stops the session, lets `write` happen while it is down, and starts a fresh one. */
  async function outage(
    t: Awaited<ReturnType<typeof world>>,
    write: () => unknown,
    next: Partial<DiscordChannelOptions> = {},
  ) {
    await t.first.stop();
    running.splice(running.indexOf(t.first), 1);
    await write();
    return t.start(next);
  }

  it("reads back a reply in a DM the bot opened to send while the gateway was down (its DM channel is remembered)", async () => {
    const t = await world();
    await outage(t, async () => {
      // Sends go over REST while the gateway is away (the outbox, a cron job): no gateway echo.
      await t.first.channel.send({ peer: { kind: "direct", id: ALICE } }, "a reminder from the bot");
      t.discord.dm(ALICE, "thanks, got it");
    });
    await t.until(() => t.texts().includes("thanks, got it"), "the reply written during the outage");
    expect(t.received().find((m) => m.text === "thanks, got it")?.peer).toEqual({
      kind: "direct",
      id: ALICE,
    });
  });

  it("opens and reads back the DM channels of known people (allowlisted, paired); a stranger's first DM stays missed", async () => {
    const t = await world();
    await outage(
      t,
      () => {
        t.discord.dm(ALICE, "first words from a known person");
        t.discord.dm(CAROL, "first words from a stranger");
      },
      { knownDmUsers: () => [ALICE] },
    );
    await t.until(() => t.texts().includes("first words from a known person"), "the known person's DM");
    t.discord.dm(BOB, "after");
    await t.until(() => t.texts().includes("after"), "a live DM after the backfill");
    expect(t.texts()).not.toContain("first words from a stranger");
    expect(t.texts().filter((text) => text === "first words from a known person")).toHaveLength(1);
  });

  it("reads back the DM channels READY lists in private_channels, once each", async () => {
    const t = await world({ privateChannelsInReady: true });
    await outage(t, () => t.discord.dm(CAROL, "hello while you were away"));
    await t.until(() => t.texts().includes("hello while you were away"), "the DM READY listed");
    expect(t.texts().filter((text) => text === "hello while you were away")).toHaveLength(1);
  });

  it("a fresh IDENTIFY after INVALID_SESSION (no restart) also reads back a known person's first DM", async () => {
    const t = await world();
    const resumedBefore = t.discord.gateway.counts.identifies;
    await t.first.stop();
    running.splice(0);
    await t.start({ knownDmUsers: () => [ALICE] });
    t.discord.dm(BOB, "live");
    await t.until(() => t.texts().includes("live"), "the live session");
    t.discord.gateway.invalidateSessions();
    t.discord.dm(ALICE, "written between the sessions");
    await t.until(() => t.texts().includes("written between the sessions"), "the DM missed by the gateway");
    expect(t.discord.gateway.counts.identifies).toBeGreaterThan(resumedBefore + 1);
  });
});
