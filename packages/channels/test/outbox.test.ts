import { afterEach, describe, expect, it } from "vitest";
import {
  ChannelSendError,
  type ChannelTarget,
  createChannelOutbox,
  openOutboxStore,
  type SendOptions,
  type SendResult,
} from "../src/index.js";
import { tempStateDb } from "./sqlite.js";

type Sent = {
  channel: string;
  accountId: string;
  target: ChannelTarget;
  text: string;
  options?: SendOptions;
};

function recorder(failures: ChannelSendError[] = []) {
  const sent: Sent[] = [];
  let n = 0;
  return {
    sent,
    failures,
    send: async (
      channel: string,
      accountId: string,
      target: ChannelTarget,
      text: string,
      options?: SendOptions,
    ): Promise<SendResult> => {
      const failure = failures.shift();
      if (failure) throw failure;
      sent.push({ channel, accountId, target, text, ...(options ? { options } : {}) });
      return { messageId: String(++n) };
    },
  };
}

describe("channel outbox", () => {
  let state = tempStateDb();
  afterEach(() => {
    state.cleanup();
    state = tempStateDb();
  });

  it("writes before sending, chunks within the limit, delivers each chunk once and in order", async () => {
    const platform = recorder();
    const store = openOutboxStore(state.db);
    const outbox = createChannelOutbox({ store, send: platform.send, textLimit: () => 100 });
    const text = Array.from({ length: 10 }, (_, i) => `Sentence number ${i} is here.`).join(" ");
    const receipt = await outbox.deliver({ channel: "toy", to: "u1" }, text);
    if (receipt.status !== "queued") throw new Error("expected queued");
    expect(store.state(receipt.outboxId)?.chunks.every((c) => c.status === "pending")).toBe(true);
    expect(platform.sent).toEqual([]);
    outbox.start();
    const settled = await outbox.settled(receipt.outboxId);
    expect(settled.chunks.map((c) => c.status)).toEqual(Array(receipt.chunks).fill("delivered"));
    expect(platform.sent.map((s) => s.text).join(" ")).toBe(text);
    for (const s of platform.sent) expect(s.text.length).toBeLessThanOrEqual(100);
    await outbox.stop();
  });

  it("threads only the first chunk of a reply to the user's message", async () => {
    const platform = recorder();
    const outbox = createChannelOutbox({
      store: openOutboxStore(state.db),
      send: platform.send,
      textLimit: () => 40,
    });
    outbox.start();
    const text = Array.from({ length: 4 }, (_, i) => `Line ${i} of the reply here.`).join("\n");
    const r = await outbox.deliver({ channel: "toy", to: "u1", replyToMessageId: "77" }, text);
    if (r.status !== "queued") throw new Error("expected queued");
    await outbox.settled(r.outboxId);
    expect(platform.sent.map((s) => s.target.replyToMessageId)).toEqual([
      "77",
      undefined,
      undefined,
      undefined,
    ]);
    await outbox.stop();
  });

  it.each(["NO_REPLY", "no_reply", " HEARTBEAT_OK ", "**NO_REPLY**"])(
    "never delivers the silent token %j",
    async (token) => {
      const platform = recorder();
      const outbox = createChannelOutbox({
        store: openOutboxStore(state.db),
        send: platform.send,
        textLimit: () => 100,
      });
      outbox.start();
      expect(await outbox.deliver({ channel: "toy", to: "u1" }, token)).toEqual({ status: "silent" });
      const r = await outbox.deliver({ channel: "toy", to: "u1" }, `All done.\n${token}`);
      if (r.status !== "queued") throw new Error("expected queued");
      await outbox.settled(r.outboxId);
      expect(platform.sent.map((s) => s.text)).toEqual(["All done."]);
      await outbox.stop();
    },
  );

  it("retries 429 after Retry-After and 5xx/network with backoff, then delivers exactly once", async () => {
    const platform = recorder([
      new ChannelSendError("rate-limited", "429", { retryAfterMs: 120 }),
      new ChannelSendError("unavailable", "502"),
      new ChannelSendError("network", "ECONNRESET"),
    ]);
    const outbox = createChannelOutbox({
      store: openOutboxStore(state.db),
      send: platform.send,
      textLimit: () => 100,
      retry: { minDelayMs: 5, jitter: 0 },
    });
    outbox.start();
    const started = Date.now();
    const r = await outbox.deliver({ channel: "toy", to: "u1" }, "hello");
    if (r.status !== "queued") throw new Error("expected queued");
    await outbox.settled(r.outboxId);
    expect(Date.now() - started).toBeGreaterThanOrEqual(120);
    expect(platform.sent.map((s) => s.text)).toEqual(["hello"]);
    await outbox.stop();
  });

  it("a rate-limited chat waits; other chats keep going", async () => {
    const platform = recorder([new ChannelSendError("rate-limited", "429", { retryAfterMs: 300 })]);
    const outbox = createChannelOutbox({
      store: openOutboxStore(state.db),
      send: platform.send,
      textLimit: () => 100,
    });
    outbox.start();
    const slow = await outbox.deliver({ channel: "toy", to: "a" }, "to a");
    const fast = await outbox.deliver({ channel: "toy", to: "b" }, "to b");
    if (fast.status !== "queued" || slow.status !== "queued") throw new Error("expected queued");
    await outbox.settled(fast.outboxId);
    expect(platform.sent.map((s) => s.text)).toEqual(["to b"]);
    await outbox.settled(slow.outboxId);
    expect(platform.sent.map((s) => s.text)).toEqual(["to b", "to a"]);
    await outbox.stop();
  });

  it("gives up on a rejected chunk at once and says so", async () => {
    const failed: string[] = [];
    const platform = recorder([new ChannelSendError("rejected", "400 chat not found")]);
    const outbox = createChannelOutbox({
      store: openOutboxStore(state.db),
      send: platform.send,
      textLimit: () => 100,
      onFailed: (c) => failed.push(c.error),
    });
    outbox.start();
    const r = await outbox.deliver({ channel: "toy", to: "u1" }, "hi");
    if (r.status !== "queued") throw new Error("expected queued");
    expect((await outbox.settled(r.outboxId)).chunks[0]).toMatchObject({
      status: "failed",
      error: "400 chat not found",
    });
    expect(failed).toEqual(["400 chat not found"]);
    await outbox.stop();
  });

  it("resumes after a restart: delivered chunks are not sent again, pending ones are", async () => {
    const first = recorder();
    let calls = 0;
    const outbox1 = createChannelOutbox({
      store: openOutboxStore(state.db),
      // the "process" dies after the second chunk is acknowledged: stop before the third
      send: async (...args) => {
        calls++;
        if (calls === 3) await new Promise(() => {});
        return first.send(...args);
      },
      textLimit: () => 40,
    });
    outbox1.start();
    const text = Array.from({ length: 6 }, (_, i) => `Line ${i} of the reply.`).join("\n");
    const r = await outbox1.deliver({ channel: "toy", to: "u1" }, text);
    if (r.status !== "queued") throw new Error("expected queued");
    await new Promise((resolve) => setTimeout(resolve, 50));
    expect(first.sent).toHaveLength(2);

    const second = recorder();
    const outbox2 = createChannelOutbox({
      store: openOutboxStore(state.open()),
      send: second.send,
      textLimit: () => 40,
    });
    outbox2.start();
    await outbox2.settled(r.outboxId);
    expect([...first.sent, ...second.sent].map((s) => s.text).join("\n")).toBe(text);
    await outbox2.stop();
  });

  it("a streamed reply's final text edits its drafts, also when a restarted outbox resumes it", async () => {
    const store = openOutboxStore(state.db);
    const stopped = createChannelOutbox({ store, send: recorder().send, textLimit: () => 100 });
    const text = Array.from({ length: 8 }, (_, i) => `Sentence number ${i} is here.`).join(" ");
    // Queued by a process that died before sending: the drafts "d1", "d2" show partial text.
    const receipt = await stopped.deliver({ channel: "toy", to: "u1" }, text, { editOf: ["d1", "d2"] });
    if (receipt.status !== "queued") throw new Error("expected queued");
    expect(receipt.chunks).toBe(3);

    const platform = recorder();
    const edits: { messageId: string; text: string }[] = [];
    const restarted = createChannelOutbox({
      store: openOutboxStore(state.db),
      send: platform.send,
      edit: async (_channel, _account, _target, messageId, edited) => {
        edits.push({ messageId, text: edited });
      },
      textLimit: () => 100,
    });
    restarted.start();
    const settled = await restarted.settled(receipt.outboxId);
    expect(settled.chunks.map((c) => [c.status, c.platformMessageId])).toEqual([
      ["delivered", "d1"],
      ["delivered", "d2"],
      ["delivered", "1"],
    ]);
    expect(edits.map((e) => e.messageId)).toEqual(["d1", "d2"]);
    expect([...edits.map((e) => e.text), ...platform.sent.map((s) => s.text)].join(" ")).toBe(text);
    await restarted.stop();
  });

  it("buttons ride on the last chunk of a reply and survive a restart", async () => {
    const buttons = [
      [
        { text: "Yes", data: "q:yes" },
        { text: "No", data: "q:no" },
      ],
    ];
    const queued = createChannelOutbox({
      store: openOutboxStore(state.db),
      send: recorder().send,
      textLimit: () => 40,
    });
    const text = Array.from({ length: 3 }, (_, i) => `Line ${i} of the question.`).join("\n");
    const receipt = await queued.deliver({ channel: "toy", to: "u1" }, text, { buttons });
    if (receipt.status !== "queued") throw new Error("expected queued");
    const platform = recorder();
    const restarted = createChannelOutbox({
      store: openOutboxStore(state.db),
      send: platform.send,
      textLimit: () => 40,
    });
    restarted.start();
    await restarted.settled(receipt.outboxId);
    expect(platform.sent.map((s) => s.options?.buttons)).toEqual([undefined, undefined, buttons]);
    await restarted.stop();
  });

  it("a chunk's delivered mark is committed before the next chunk of the same reply is sent", async () => {
    const reader = state.open(); // a second connection: sees only what was committed
    const committed = openOutboxStore(reader);
    const statusOf = (outboxId: number, idx: number) => committed.state(outboxId)?.chunks[idx]?.status;
    const outboxOf = new Map<string, number>();
    const sentTo = new Map<string, number>();
    const seenBeforeSend: string[] = [];
    let chunks = 0;
    const outbox = createChannelOutbox({
      store: openOutboxStore(state.db),
      // Acknowledged at once, as a fast platform does: nothing else gives the marks a turn to commit.
      send: async (_channel, _account, target) => {
        const peer = target.peer.id;
        const idx = sentTo.get(peer) ?? 0;
        sentTo.set(peer, idx + 1);
        if (idx > 0) seenBeforeSend.push(`${peer} ${idx - 1}:${statusOf(outboxOf.get(peer) ?? -1, idx - 1)}`);
        return { messageId: `${peer}-${idx}` };
      },
      textLimit: () => 40,
    });
    const reply = Array.from({ length: 4 }, (_, i) => `Sentence ${i} of a reply that is long.`).join(" ");
    for (const peer of ["u1", "u2"]) {
      const receipt = await outbox.deliver({ channel: "toy", to: peer }, reply);
      if (receipt.status !== "queued") throw new Error("expected queued");
      expect(receipt.chunks).toBeGreaterThanOrEqual(3);
      outboxOf.set(peer, receipt.outboxId);
      chunks = receipt.chunks;
    }
    outbox.start();
    for (const id of outboxOf.values()) await outbox.settled(id);
    await outbox.stop();
    reader.close();
    expect(seenBeforeSend.sort()).toEqual(
      ["u1", "u2"].flatMap((peer) =>
        Array.from({ length: chunks - 1 }, (_, idx) => `${peer} ${idx}:delivered`),
      ),
    );
  });

  it("cancelPending gives up on the pending chunks of one source's messages only", async () => {
    const store = openOutboxStore(state.db);
    const target = { peer: { kind: "direct" as const, id: "42" } };
    const prompt = store.add({
      channel: "toy",
      accountId: "default",
      target,
      chunks: ["approve?"],
      source: "approval:a1",
    });
    const reply = store.add({
      channel: "toy",
      accountId: "default",
      target,
      chunks: ["hi", "there"],
      source: "run:r1",
    });
    expect(store.cancelPending("approval:", "its approval did not survive the restart")).toBe(1);
    expect(store.state(prompt)?.chunks).toEqual([
      { idx: 0, status: "failed", error: "its approval did not survive the restart" },
    ]);
    expect(store.state(reply)?.chunks.map((c) => c.status)).toEqual(["pending", "pending"]);
    expect(store.pendingCount()).toBe(2);
    expect(store.cancelPending("approval:", "again")).toBe(0);
  });
});
