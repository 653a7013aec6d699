/**
 * Slack end to end: the real `@slack/web-api` and `@slack/socket-mode` clients against the fake
 * Slack, the channel layer and a real agent-core runtime over the faux model.
 */
import { mkdtempSync, readFileSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { afterEach, describe, expect, it } from "vitest";
import { FakeSlack } from "../src/testing/index.js";
import { lastUserText, startSlackLayer, until } from "./layer.js";

describe("slack end to end (Socket Mode)", () => {
  const cleanups: (() => Promise<void> | void)[] = [];
  afterEach(async () => {
    for (const cleanup of cleanups.splice(0).reverse()) await cleanup();
  });
  async function fake() {
    const slack = await new FakeSlack().start();
    cleanups.push(() => slack.close());
    return slack;
  }
  async function layer(options: Omit<Parameters<typeof startSlackLayer>[0], "slack">, slack: FakeSlack) {
    const env = await startSlackLayer({ ...options, slack });
    cleanups.push(() => env.stop());
    return env;
  }

  it("pairing: an unknown DM gets a code; after approval a long reply arrives chunked within 4000", async () => {
    const slack = await fake();
    const long = Array.from(
      { length: 120 },
      (_, i) => `Paragraph ${i}: ${"lorem ipsum ".repeat(8).trim()}.`,
    ).join("\n\n");
    const env = await layer(
      { reply: (call) => (lastUserText(call.context.messages) === "long please" ? long : "short") },
      slack,
    );
    slack.dm("U42", "hello");
    await until(() => slack.sent.length === 1, 5_000, "the pairing code");
    const code = /\n\n([A-Z0-9]{8})\n\n/.exec(slack.sent[0]?.text ?? "")?.[1] as string;
    expect(code).toMatch(/^[A-Z0-9]{8}$/);
    expect(env.pairing.list()).toMatchObject([
      { channel: "slack", accountId: "default", senderId: "U42", code },
    ]);
    expect(env.pairing.approve("slack", code)).toMatchObject({ senderId: "U42" });

    slack.dm("U42", "long please");
    await until(() => slack.sent.length > 2 && env.outbox.pending() === 0, 10_000, "the chunked reply");
    const reply = slack.sent.slice(1);
    expect(reply.length).toBeGreaterThan(1);
    for (const m of reply) {
      expect(m.channel).toBe("DU42");
      expect(m.text.length).toBeLessThanOrEqual(4000);
      expect(m.mrkdwn).toBe(true);
    }
    expect(reply.map((m) => m.text).join("\n\n")).toBe(long);
  });

  it("channels: unmentioned chatter is ignored, a mention is answered, a thread is its own session and gets the reply", async () => {
    const slack = await fake();
    const env = await layer({}, slack);
    slack.channelMessage("C1", "U5", "no mention here");
    const mentioned = slack.channelMessage("C1", "U5", "hi there", { mention: true });
    await until(() => slack.sent.length === 1, 5_000, "the channel reply");
    expect(slack.sent[0]).toMatchObject({ channel: "C1", text: "seen: @claw hi there" });
    expect(slack.sent[0]?.threadTs).toBeUndefined();

    slack.channelMessage("C1", "U5", "in the thread", { mention: true, threadTs: mentioned.ts as string });
    await until(() => slack.sent.length === 2, 5_000, "the thread reply");
    expect(slack.sent[1]).toMatchObject({ channel: "C1", threadTs: mentioned.ts });
    // A reply in a thread the bot answered in counts as talking to the bot.
    slack.channelMessage("C1", "U6", "follow-up", {
      threadTs: mentioned.ts as string,
      parentUserId: slack.botUserId,
    });
    await until(() => slack.sent.length === 3, 5_000, "the follow-up reply");
    const keys = (await env.runtime.sessions.list()).map((s) => s.sessionKey).sort();
    expect(keys).toEqual(["agent:main:slack:group:C1", `agent:main:slack:group:C1:thread:${mentioned.ts}`]);
    expect(slack.statuses.some((s) => s.channelId === "C1" && s.threadTs === mentioned.ts)).toBe(true);
  });

  it("a message and its app_mention (two event ids, one ts) make one turn", async () => {
    const slack = await fake();
    const env = await layer({}, slack);
    const message = slack.channelMessage("C2", "U5", "both events", { mention: true });
    slack.pushEvent({ ...message, type: "app_mention", channel_type: undefined });
    await until(() => slack.sent.length === 1, 5_000, "the reply");
    await new Promise((resolve) => setTimeout(resolve, 200));
    expect(slack.sent).toHaveLength(1);
    expect(env.faux.calls).toHaveLength(1);
  });

  it("replies render as mrkdwn: bold, links, code, and <&> escaped", async () => {
    const slack = await fake();
    await layer(
      { access: { dmPolicy: "open" }, reply: "**Done** <b>raw</b> & [docs](https://x.dev)\n```\na < b\n```" },
      slack,
    );
    slack.dm("U8", "format me");
    await until(() => slack.sent.length === 1, 5_000, "the reply");
    expect(slack.sent[0]?.text).toBe(
      "*Done* &lt;b&gt;raw&lt;/b&gt; &amp; <https://x.dev|docs>\n```\na &lt; b\n```",
    );
  });

  it("honours 429 Retry-After per channel: the limited channel waits, another does not", async () => {
    const slack = await fake();
    const env = await layer({ access: { dmPolicy: "open" } }, slack);
    slack.failNext("chat.postMessage", { status: 429, retryAfter: 1 });
    slack.dm("U1", "first");
    await until(() => (slack.calls.get("chat.postMessage") ?? 0) >= 1, 5_000, "the limited send");
    const limitedAt = Date.now();
    slack.dm("U2", "second");
    await until(() => slack.sent.some((m) => m.channel === "DU2"), 5_000, "the other channel");
    expect(slack.sent.some((m) => m.channel === "DU1")).toBe(false);
    await until(() => slack.sent.some((m) => m.channel === "DU1"), 5_000, "the limited channel");
    expect(Date.now() - limitedAt).toBeGreaterThanOrEqual(900);
    await until(() => env.outbox.pending() === 0, 5_000, "the outbox to drain");
  });

  it("downloads inbound files within the size limit and refuses larger ones", async () => {
    const slack = await fake();
    const inbox = mkdtempSync(join(tmpdir(), "claw-slack-inbox-"));
    cleanups.push(() => rmSync(inbox, { recursive: true, force: true }));
    await layer({ access: { dmPolicy: "open" }, channel: { mediaDir: inbox, mediaMaxBytes: 1_000 } }, slack);
    const small = slack.addFile("notes.txt", Buffer.from("hello file"), "text/plain");
    slack.dm("U3", "see attached", { files: [small] });
    await until(() => slack.sent.length === 1, 5_000, "the reply");
    const attached = /\[document attached: (.+)\]/.exec(slack.sent[0]?.text ?? "")?.[1] as string;
    expect(readFileSync(attached, "utf8")).toBe("hello file");

    const big = slack.addFile("big.png", Buffer.alloc(5_000, 1), "image/png");
    slack.dm("U3", "too big", { files: [big] });
    await until(() => slack.sent.length === 2, 5_000, "the second reply");
    expect(slack.sent[1]?.text).toContain("[photo not downloaded: larger than 1000 bytes]");
    const foreign = { ...small, url_private_download: "https://evil.example/steal" };
    slack.dm("U3", "foreign", { files: [foreign] });
    await until(() => slack.sent.length === 3, 5_000, "the third reply");
    expect(slack.sent[2]?.text).toContain("refused to send the bot token to evil.example");
  });

  it("sends files, reactions and edits, and shows a status in threads", async () => {
    const slack = await fake();
    const env = await layer({ access: { dmPolicy: "open" } }, slack);
    await until(() => env.channels.length === 1 && env.manager.status()[0]?.accounts[0]?.connected === true);
    const channel = env.channels[0];
    if (!channel) throw new Error("no channel");
    const target = {
      peer: { kind: "group" as const, id: "C9" },
      thread: { kind: "thread" as const, id: "1.000001" },
    };
    const file = await channel.sendFile(target, {
      content: Buffer.from("report"),
      filename: "r.txt",
      comment: "a < b",
    });
    expect(slack.uploads).toMatchObject([
      { id: file.messageId, channel: "C9", filename: "r.txt", threadTs: "1.000001", comment: "a &lt; b" },
    ]);
    expect(slack.uploads[0]?.content.toString()).toBe("report");

    const posted = await channel.send(target, "draft");
    await channel.edit?.(target, posted.messageId, "**final**");
    expect(slack.edits).toEqual([{ channel: "C9", ts: posted.messageId, text: "*final*" }]);
    await channel.react?.(target, posted.messageId, "👍");
    await channel.react?.(target, posted.messageId, "👍"); // already_reacted is fine
    await channel.react?.(target, posted.messageId, ":eyes:");
    expect(slack.reactions.map((r) => r.name)).toEqual(["thumbsup", "eyes"]);
    await expect(channel.react?.(target, posted.messageId, "🦖")).rejects.toThrow(/no Slack name/);
    await channel.typing?.(target);
    expect(slack.statuses.at(-1)).toEqual({ channelId: "C9", threadTs: "1.000001", status: "is typing…" });
    await expect(channel.send({ peer: { kind: "group", id: "" } }, "x")).rejects.toMatchObject({
      kind: "rejected",
      message: "slack chat.postMessage: channel_not_found",
    });
  });

  it("a bad bot token shows in status and restarts with backoff", async () => {
    const slack = await fake();
    const env = await startSlackLayer({
      slack: { ...slack, botToken: "xoxb-wrong", appToken: slack.appToken, apiUrl: slack.apiUrl },
    });
    cleanups.push(() => env.stop());
    await until(() => (env.manager.status()[0]?.accounts[0]?.reconnectAttempts ?? 0) >= 2, 5_000, "restarts");
    expect(env.manager.status()[0]?.accounts[0]).toMatchObject({
      connected: false,
      lastError: expect.stringContaining("invalid_auth"),
    });
  });
});
