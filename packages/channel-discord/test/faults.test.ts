/**
 * Gateway faults over many messages: sockets dropped mid-stream (resume + replay), RECONNECT,
 * INVALID_SESSION (fresh session + REST backfill), and a restart of the channel, with messages
 * written during every outage. Each of them must reach the layer exactly once.
 */
import type { ChannelContext, ChannelInbound } from "@claw/channels";
import { waitUntil } from "@claw/channels/testing";
import { afterEach, describe, expect, it } from "vitest";
import { createDiscordChannel, LAST_SEEN_KEY } from "../src/index.js";
import { FakeDiscord } from "../src/testing/index.js";

const MESSAGES = 1_200;

function countingContext(
  state: Map<string, string>,
  received: ChannelInbound[],
  crashes: unknown[],
  logs: string[],
) {
  const controller = new AbortController();
  const ctx: ChannelContext = {
    signal: controller.signal,
    receive: async (message) => void received.push(message),
    state: { get: (k) => state.get(k), set: (k, v) => void state.set(k, v) },
    setConnected() {},
    crashed: (error) => void crashes.push(error),
    log: (level, message, fields) => logs.push(`${level} ${message} ${JSON.stringify(fields ?? {})}`),
  };
  return { ctx, abort: () => controller.abort() };
}

describe("discord inbound under gateway faults", () => {
  let fake: FakeDiscord | undefined;
  afterEach(async () => {
    await fake?.close();
  });

  it(`receives each of ${MESSAGES} messages exactly once through drops, RECONNECT, INVALID_SESSION and a restart`, async () => {
    fake = await new FakeDiscord().start();
    const discord = fake;
    const { channelIds } = discord.addGuild("Home", ["general", "random"]);
    const thread = discord.addThread(channelIds[0] as string, "plans");
    const places = [...channelIds, thread];
    const state = new Map<string, string>();
    const received: ChannelInbound[] = [];
    const crashes: unknown[] = [];
    const logs: string[] = [];
    const make = () => createDiscordChannel({ token: discord.token, restApi: discord.restApi });
    const written = new Set<string>();
    const write = (i: number) => {
      const user = `3000000000000${String(i % 20).padStart(5, "0")}`;
      const message =
        i % 3 === 0
          ? discord.dm(user, `message ${i}`)
          : discord.post(places[i % places.length] as string, user, `message ${i}`, { mention: i % 2 === 0 });
      written.add(message.id);
    };
    const until = (check: () => boolean, what: string) => waitUntil(check, { ms: 30_000, what });
    const resumed = () => logs.filter((line) => line.includes("session resumed")).length;

    let channel = make();
    let run = countingContext(state, received, crashes, logs);
    await channel.start(run.ctx);
    for (let i = 0; i < MESSAGES; i++) {
      if (i === 200) {
        await until(() => received.length >= 150, "the first messages");
        discord.gateway.dropConnections();
      }
      if (i === 450) {
        await until(() => resumed() >= 1 && received.length >= 400, "a resume");
        discord.gateway.requestReconnect();
      }
      if (i === 700) {
        // Only once discord.js has handled RESUMED: an INVALID_SESSION racing it trips discord.js itself.
        await until(() => resumed() >= 2 && received.length >= 650, "a second resume");
        discord.gateway.invalidateSessions();
      }
      if (i === 950) {
        await until(
          () => discord.gateway.counts.identifies >= 2 && received.length >= 900,
          "a fresh session",
        );
        run.abort();
        await channel.stop();
      }
      if (i === 1_000) {
        channel = make();
        run = countingContext(state, received, crashes, logs);
        await channel.start(run.ctx);
      }
      write(i);
    }
    await until(() => received.length >= MESSAGES, `all ${MESSAGES} messages`).catch((e) => {
      const got = new Set(received.map((m) => m.messageId));
      const missing = [...written].filter((id) => !got.has(id));
      throw new Error(`${String(e)}: ${missing.length} missing; log: ${logs.slice(-10).join(" | ")}`);
    });
    await new Promise((resolve) => setTimeout(resolve, 200));
    run.abort();
    await channel.stop();

    const ids = received.map((m) => m.messageId);
    expect(new Set(ids).size).toBe(ids.length);
    expect(new Set(ids)).toEqual(written);
    expect(crashes).toEqual([]);
    expect(discord.gateway.counts.identifies).toBe(3);
    expect(discord.calls.get("history") ?? 0).toBeGreaterThan(0);
    const lastSeen = JSON.parse(state.get(LAST_SEEN_KEY) ?? "{}") as Record<string, string>;
    expect(Object.keys(lastSeen).length).toBeGreaterThanOrEqual(places.length);
  }, 90_000);
});
