/**
 * Discord end to end: the real discord.js client against the fake Discord, the channel layer and
 * a real agent-core runtime over the faux model.
 */
import { readFileSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { afterEach, describe, expect, it } from "vitest";
import { type DiscordChannel, discordGroupSettings } from "../src/index.js";
import { FakeDiscord } from "../src/testing/index.js";
import { lastUserText, startLayer, until } from "./layer.js";

const ALICE = "200000000000000042";
const BOB = "200000000000000043";

describe("discord end to end", () => {
  const cleanups: (() => Promise<void>)[] = [];
  afterEach(async () => {
    for (const cleanup of cleanups.splice(0).reverse()) await cleanup();
  });
  async function fake(options: ConstructorParameters<typeof FakeDiscord>[0] = {}) {
    const discord = await new FakeDiscord(options).start();
    cleanups.push(() => discord.close());
    return discord;
  }
  async function layer(options: Parameters<typeof startLayer>[0]) {
    const env = await startLayer(options);
    cleanups.push(() => env.stop());
    return env;
  }

  it("pairing: an unknown DM gets a code; after approval the reply arrives chunked within 2000, with typing", async () => {
    const discord = await fake();
    const long = Array.from(
      { length: 60 },
      (_, i) => `Paragraph ${i}: ${"lorem ipsum ".repeat(8).trim()}.`,
    ).join("\n\n");
    const env = await layer({
      fakes: [discord],
      reply: (call) => (lastUserText(call.context.messages) === "long please" ? long : "short"),
    });
    const first = discord.dm(ALICE, "hello");
    await until(() => discord.sent.length === 1, 5_000, "the pairing code");
    const code = /\n\n([A-Z0-9]{8})\n\n/.exec(discord.sent[0]?.content ?? "")?.[1] as string;
    expect(env.pairing.approve("discord", code)).toMatchObject({ senderId: ALICE });
    discord.dm(ALICE, "long please");
    await until(() => discord.sent.length > 2 && env.outbox.pending() === 0, 10_000, "the chunked reply");
    const reply = discord.sent.slice(1);
    expect(reply.length).toBeGreaterThan(1);
    for (const m of reply) {
      expect(m.channelId).toBe(first.channel_id);
      expect(m.content.length).toBeLessThanOrEqual(2000);
      expect(m.content.split("\n").length).toBeLessThanOrEqual(17);
    }
    const folded = (text: string) => text.replace(/\n+/g, "\n");
    expect(folded(reply.map((m) => m.content).join("\n"))).toBe(folded(long));
    expect(discord.typing).toContain(first.channel_id);
    const keys = (await env.runtime.sessions.list()).map((s) => s.sessionKey);
    expect(keys).toEqual([`agent:main:discord:dm:${ALICE}`]);
  });

  it("guilds: no mention is ignored, a mention is answered as a Discord reply, a thread gets its own session", async () => {
    const discord = await fake();
    const { channelIds } = discord.addGuild("Home", ["general"]);
    const general = channelIds[0] as string;
    const env = await layer({ fakes: [discord], replyToMode: "first" });
    const thread = discord.addThread(general, "plans");
    discord.post(general, BOB, "no mention here");
    const asked = discord.post(general, BOB, "hi there", { mention: true });
    discord.post(thread, BOB, "in a thread", { mention: true });
    await until(() => discord.sent.length === 2, 5_000, "two replies");
    await new Promise((resolve) => setTimeout(resolve, 50));
    expect(discord.sent).toHaveLength(2);
    expect(discord.sent.find((m) => m.channelId === general)).toMatchObject({
      content: "seen: @claw_test_bot hi there",
      replyTo: asked.id,
    });
    expect(discord.textsIn(thread)).toEqual(["seen: @claw_test_bot in a thread"]);
    const keys = (await env.runtime.sessions.list()).map((s) => s.sessionKey).sort();
    expect(keys).toEqual([
      `agent:main:discord:channel:${general}`,
      `agent:main:discord:channel:${general}:thread:${thread}`,
    ]);
  });

  it("mention gating per guild and channel through channels.discord.guilds", async () => {
    const discord = await fake();
    const { guildId, channelIds } = discord.addGuild("Home", ["chatty", "quiet"]);
    const [chatty, quiet] = channelIds as [string, string];
    const other = discord.addGuild("Elsewhere", ["general"]).channelIds[0] as string;
    const guilds = { [guildId]: { requireMention: true, channels: { [chatty]: { requireMention: false } } } };
    await layer({
      fakes: [discord],
      access: { groupPolicy: "allowlist", groupOf: (message) => discordGroupSettings(guilds, message) },
    });
    discord.post(chatty, BOB, "free talk");
    discord.post(quiet, BOB, "unmentioned");
    discord.post(quiet, BOB, "mentioned", { mention: true });
    discord.post(other, BOB, "not listed", { mention: true });
    await until(() => discord.sent.length === 2, 5_000, "two replies");
    await new Promise((resolve) => setTimeout(resolve, 100));
    expect(discord.sent.map((m) => [m.channelId, m.content]).sort()).toEqual(
      [
        [chatty, "seen: free talk"],
        [quiet, "seen: @claw_test_bot mentioned"],
      ].sort(),
    );
  });

  it("429s go through the outbox per route: the limited channel waits retry_after, another does not", async () => {
    const discord = await fake();
    const { channelIds } = discord.addGuild("Home", ["one", "two"]);
    const [one, two] = channelIds as [string, string];
    const env = await layer({ fakes: [discord], access: { groupPolicy: "open" } });
    discord.failNext("send", { status: 429, retryAfter: 1 });
    discord.post(one, BOB, "first", { mention: true });
    await until(() => (discord.calls.get("send") ?? 0) >= 1, 5_000, "the limited send");
    const limitedAt = Date.now();
    discord.post(two, BOB, "second", { mention: true });
    await until(() => discord.textsIn(two).length === 1, 5_000, "the other channel");
    expect(discord.textsIn(one)).toEqual([]);
    await until(() => discord.textsIn(one).length === 1, 5_000, "the limited channel");
    expect(Date.now() - limitedAt).toBeGreaterThanOrEqual(900);
    await until(() => env.outbox.pending() === 0, 5_000, "the outbox to drain");
  });

  it("a send whose answer is lost (created, then 5xx) is retried with its nonce and posted once", async () => {
    const discord = await fake();
    const long = Array.from(
      { length: 30 },
      (_, i) => `Paragraph ${i}: ${"lorem ipsum ".repeat(8).trim()}.`,
    ).join("\n\n");
    const env = await layer({ fakes: [discord], access: { dmPolicy: "open" }, reply: () => long });
    discord.failNext("send", { status: 502, afterCreate: true }, 3);
    const first = discord.dm(ALICE, "long please");
    await until(() => env.outbox.pending() === 0 && discord.sent.length > 1, 15_000, "the chunked reply");
    // Every lost answer was retried, and Discord (enforce_nonce) answered the retry with the first message.
    expect(discord.calls.get("send") ?? 0).toBeGreaterThan(discord.sent.length);
    const texts = discord.textsIn(first.channel_id);
    expect(new Set(texts).size).toBe(texts.length);
    const folded = (text: string) => text.replace(/\n+/g, "\n");
    expect(folded(texts.join("\n"))).toBe(folded(long));
  });

  it("a global 429 holds every route until it passes, and nothing is lost", async () => {
    const discord = await fake();
    const { channelIds } = discord.addGuild("Home", ["one", "two"]);
    const env = await layer({ fakes: [discord], access: { groupPolicy: "open", dmPolicy: "open" } });
    discord.dm(ALICE, "warm up");
    await until(() => discord.sent.length === 1, 5_000, "a first reply");
    discord.limitGlobally(1);
    const limitedAt = Date.now();
    for (const id of channelIds) discord.post(id, BOB, `to ${id}`, { mention: true });
    await until(() => discord.sent.length === 3 && env.outbox.pending() === 0, 8_000, "both replies");
    expect(Date.now() - limitedAt).toBeGreaterThanOrEqual(900);
    expect(
      discord.sent
        .slice(1)
        .map((m) => m.channelId)
        .sort(),
    ).toEqual([...channelIds].sort());
  });

  it("downloads inbound attachments within the size limit and refuses larger ones", async () => {
    const discord = await fake();
    const inbox = join(tmpdir(), `claw-dc-inbox-${Date.now()}`);
    await layer({
      fakes: [discord],
      access: { dmPolicy: "open" },
      discord: { mediaDir: inbox, mediaMaxBytes: 1_000 },
    });
    const small = discord.addAttachment("notes.txt", Buffer.from("hello file"), "text/plain");
    discord.dm(ALICE, "see attached", { attachments: [small] });
    await until(() => discord.sent.length === 1, 5_000, "the reply");
    const attached = /\[document attached: (.+)\]/.exec(discord.sent[0]?.content ?? "")?.[1] as string;
    expect(readFileSync(attached, "utf8")).toBe("hello file");
    const big = discord.addAttachment("big.bin", Buffer.alloc(5_000, 1));
    discord.dm(ALICE, "too big", { attachments: [big] });
    await until(() => discord.sent.length === 2, 5_000, "the second reply");
    expect(discord.sent[1]?.content).toContain("[document not downloaded: larger than 1000 bytes]");
  });

  it("edits, reacts, uploads files and opens threads over REST", async () => {
    const discord = await fake();
    const { channelIds } = discord.addGuild("Home", ["general"]);
    const general = channelIds[0] as string;
    const env = await layer({ fakes: [discord], access: { groupPolicy: "open" } });
    const channel = env.channels[0] as DiscordChannel;
    const target = { peer: { kind: "channel" as const, id: general } };
    const { messageId } = await channel.send(target, "draft");
    await channel.edit?.(target, messageId, "final");
    await channel.react?.(target, messageId, "👍");
    await channel.sendFile(target, { data: Buffer.from("report"), name: "report.txt" }, "here it is");
    const { threadId } = await channel.createThread(target.peer, "Subagent: research");
    await channel.send({ ...target, thread: { kind: "thread", id: threadId } }, "from the subagent");
    expect(discord.edits).toEqual([{ channelId: general, messageId, content: "final" }]);
    expect(discord.reactions).toEqual([{ channelId: general, messageId, emoji: "👍" }]);
    expect(discord.sent.find((m) => m.files)).toMatchObject({
      content: "here it is",
      files: [{ name: "report.txt", size: 6 }],
    });
    expect(discord.textsIn(threadId)).toEqual(["from the subagent"]);
    await expect(channel.send(target, "x".repeat(2001))).rejects.toMatchObject({
      kind: "rejected",
      options: { status: 400 },
    });
  });

  it("a bad token shows in status and restarts with backoff without touching the other bot", async () => {
    const good = await fake();
    const bad = await fake({ token: "another-token" });
    const env = await layer({
      fakes: [good, { token: "wrong-token", restApi: bad.restApi } as FakeDiscord],
      access: { dmPolicy: "open" },
    });
    await until(() => (env.manager.status()[0]?.accounts[1]?.reconnectAttempts ?? 0) >= 2, 5_000, "restarts");
    expect(env.manager.status()[0]?.accounts[1]).toMatchObject({
      connected: false,
      lastError: expect.stringContaining("401"),
    });
    good.dm(ALICE, "still fine");
    await until(() => good.sent.length === 1, 5_000, "the good bot's reply");
  });
});
