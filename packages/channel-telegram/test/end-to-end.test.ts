/**
 * Telegram end to end: the real grammY client against the fake Bot API, the channel layer and a
 * real agent-core runtime over the faux model.
 */
import { readdirSync, readFileSync } from "node:fs";
import { afterEach, describe, expect, it } from "vitest";
import { FakeBotApi } from "../src/testing/index.js";
import { lastUserText, startLayer, until } from "./layer.js";

describe("telegram end to end", () => {
  const cleanups: (() => Promise<void>)[] = [];
  afterEach(async () => {
    for (const cleanup of cleanups.splice(0).reverse()) await cleanup();
  });
  async function fake() {
    const api = await new FakeBotApi().start();
    cleanups.push(() => api.close());
    return api;
  }
  async function layer(options: Parameters<typeof startLayer>[0]) {
    const env = await startLayer(options);
    cleanups.push(() => env.stop());
    return env;
  }

  it("pairing: an unknown DM gets a code; after approval the reply arrives chunked within 4096", async () => {
    const api = await fake();
    const long = Array.from(
      { length: 120 },
      (_, i) => `Paragraph ${i}: ${"lorem ipsum ".repeat(8).trim()}.`,
    ).join("\n\n");
    const env = await layer({
      apis: [api],
      reply: (call) => (lastUserText(call.context.messages) === "long please" ? long : "short"),
    });
    api.dm(42, "hello");
    await until(() => api.sent.length === 1, 5_000, "the pairing code");
    const code = /\n\n([A-Z0-9]{8})\n\n/.exec(api.sent[0]?.text ?? "")?.[1] as string;
    expect(code).toMatch(/^[A-Z0-9]{8}$/);
    expect(env.pairing.list()).toMatchObject([
      { channel: "telegram", accountId: "default", senderId: "42", code },
    ]);

    expect(env.pairing.approve("telegram", code)).toMatchObject({ senderId: "42" });
    api.dm(42, "long please");
    await until(() => api.sent.length > 2 && env.outbox.pending() === 0, 10_000, "the chunked reply");
    const reply = api.sent.slice(1);
    expect(reply.length).toBeGreaterThan(1);
    for (const m of reply) {
      expect(m.chatId).toBe("42");
      expect(m.text.length).toBeLessThanOrEqual(4096);
      expect(m.parseMode).toBe("HTML");
    }
    expect(reply.map((m) => m.text).join("\n\n")).toBe(long);
    expect(api.actions.some((a) => a.chatId === "42" && a.action === "typing")).toBe(true);
  });

  it("groups: a message without a mention is ignored, with one it is answered; a forum topic gets its own session", async () => {
    const api = await fake();
    const env = await layer({ apis: [api] });
    api.groupMessage(-1001, 5, "no mention here");
    api.groupMessage(-1001, 5, "hi there", { mention: true });
    api.groupMessage(-1001, 5, "in a topic", { mention: true, topic: 77 });
    await until(() => api.sent.length === 2, 5_000, "two replies");
    await new Promise((resolve) => setTimeout(resolve, 50));
    expect(api.sent).toHaveLength(2);
    const topicReply = api.sent.find((m) => m.threadId === 77);
    expect(topicReply?.text).toBe("seen: @claw_test_bot in a topic");
    const keys = (await env.runtime.sessions.list()).map((s) => s.sessionKey).sort();
    expect(keys).toEqual(["agent:main:telegram:group:-1001", "agent:main:telegram:group:-1001:topic:77"]);
  });

  it("falls back to plain text when Telegram rejects the entities", async () => {
    const api = await fake();
    await layer({ apis: [api], access: { dmPolicy: "open" }, reply: "**bold** <b>raw tag" });
    api.failNext("sendMessage", {
      status: 400,
      description: "Bad Request: can't parse entities: unsupported start tag",
    });
    api.dm(8, "format me");
    await until(() => api.sent.length === 1, 5_000, "the reply");
    expect(api.sent[0]).toMatchObject({ text: "**bold** <b>raw tag" });
    expect(api.sent[0]?.parseMode).toBeUndefined();
  });

  it("honours 429 retry_after per chat: the limited chat waits, another chat does not", async () => {
    const api = await fake();
    const env = await layer({ apis: [api], access: { dmPolicy: "open" } });
    api.failNext("sendMessage", {
      status: 429,
      description: "Too Many Requests: retry after 1",
      retryAfter: 1,
    });
    api.dm(1, "first");
    await until(() => (api.calls.get("sendMessage") ?? 0) >= 1, 5_000, "the limited send");
    const limitedAt = Date.now();
    api.dm(2, "second");
    await until(() => api.sent.some((m) => m.chatId === "2"), 5_000, "the other chat");
    expect(api.sent.some((m) => m.chatId === "1")).toBe(false);
    await until(() => api.sent.some((m) => m.chatId === "1"), 5_000, "the limited chat");
    expect(Date.now() - limitedAt).toBeGreaterThanOrEqual(900);
    await until(() => env.outbox.pending() === 0, 5_000, "the outbox to drain");
  });

  it("downloads inbound documents into the inbox within the size limit, and refuses larger ones", async () => {
    const api = await fake();
    const inbox = `${await import("node:os").then((os) => os.tmpdir())}/claw-tg-inbox-${Date.now()}`;
    await layer({
      apis: [api],
      access: { dmPolicy: "open" },
      telegram: { mediaDir: inbox, mediaMaxBytes: 1_000 },
    });
    api.addFile("small", Buffer.from("hello file"), "documents/notes.txt");
    api.addFile("big", Buffer.alloc(5_000, 1), "documents/big.bin");
    api.dm(3, "", {
      caption: "see attached",
      document: { file_id: "small", file_unique_id: "s", file_size: 10 },
    });
    await until(() => api.sent.length === 1, 5_000, "the reply");
    const attached = /\[document attached: (.+)\]/.exec(api.sent[0]?.text ?? "")?.[1] as string;
    expect(readFileSync(attached, "utf8")).toBe("hello file");
    api.dm(3, "", { caption: "too big", document: { file_id: "big", file_unique_id: "b" } });
    await until(() => api.sent.length === 2, 5_000, "the second reply");
    expect(api.sent[1]?.text).toContain("[document not downloaded: larger than 1000 bytes]");
  });

  it("tries a media download again after transient failures (getFile 502, then 429 with retry_after)", async () => {
    const api = await fake();
    const inbox = `${await import("node:os").then((os) => os.tmpdir())}/claw-tg-inbox-${Date.now()}`;
    await layer({ apis: [api], access: { dmPolicy: "open" }, telegram: { mediaDir: inbox } });
    api.addFile("flaky", Buffer.from("worth the wait"), "documents/flaky.txt");
    api.failNext("getFile", { status: 502, description: "Bad Gateway" });
    api.failNext("getFile", { status: 429, description: "Too Many Requests: retry after 1", retryAfter: 1 });
    api.dm(4, "", { caption: "flaky", document: { file_id: "flaky", file_unique_id: "f", file_size: 14 } });
    await until(() => api.sent.length === 1, 10_000, "the reply");
    const attached = /\[document attached: (.+)\]/.exec(api.sent[0]?.text ?? "")?.[1] as string;
    expect(readFileSync(attached, "utf8")).toBe("worth the wait");
    expect(api.calls.get("getFile")).toBe(3);
  });

  it("a file that comes again (a redelivered update, a forward) is kept once in the inbox", async () => {
    const api = await fake();
    const inbox = `${await import("node:os").then((os) => os.tmpdir())}/claw-tg-inbox-${Date.now()}-again`;
    await layer({ apis: [api], access: { dmPolicy: "open" }, telegram: { mediaDir: inbox } });
    api.addFile("photo-id", Buffer.from("the same bytes"), "photos/file_7.jpg");
    const photo = [{ file_id: "photo-id", file_unique_id: "AQADuniq", width: 1, height: 1, file_size: 14 }];
    api.dm(5, "", { caption: "first", photo });
    await until(() => api.sent.length === 1, 5_000, "the first reply");
    api.dm(5, "", { caption: "again", photo });
    await until(() => api.sent.length === 2, 5_000, "the second reply");
    const paths = api.sent.map((m) => /\[photo attached: (.+)\]/.exec(m.text)?.[1]);
    expect(paths[0]).toBeDefined();
    expect(paths[1]).toBe(paths[0]);
    expect(readdirSync(inbox)).toEqual(["AQADuniq-file_7.jpg"]);
    expect(readFileSync(paths[0] as string, "utf8")).toBe("the same bytes");
  });

  it("runs several bots, each answering its own chats", async () => {
    const first = await fake();
    const second = await new FakeBotApi({ token: "999:OTHER", username: "other_bot" }).start();
    cleanups.push(() => second.close());
    const env = await layer({ apis: [first, second], access: { dmPolicy: "open" } });
    first.dm(10, "to first");
    second.dm(20, "to second");
    await until(() => first.sent.length === 1 && second.sent.length === 1, 5_000, "both replies");
    expect(first.sent[0]?.text).toBe("seen: to first");
    expect(second.sent[0]?.text).toBe("seen: to second");
    expect(env.manager.status()[0]?.accounts.map((a) => [a.accountId, a.connected])).toEqual([
      ["default", true],
      ["bot1", true],
    ]);
  });

  it("a bad token shows in status and restarts with backoff without touching the other bot", async () => {
    const good = await fake();
    const bad = await new FakeBotApi({ token: "555:BAD" }).start();
    cleanups.push(() => bad.close());
    const env = await startLayer({
      apis: [good, { ...bad, token: "555:WRONG", url: bad.url } as FakeBotApi],
      access: { dmPolicy: "open" },
    });
    cleanups.push(() => env.stop());
    await until(() => (env.manager.status()[0]?.accounts[1]?.reconnectAttempts ?? 0) >= 2, 5_000, "restarts");
    expect(env.manager.status()[0]?.accounts[1]).toMatchObject({
      connected: false,
      lastError: expect.stringContaining("401"),
    });
    good.dm(11, "still fine");
    await until(() => good.sent.length === 1, 5_000, "the good bot's reply");
  });
});
