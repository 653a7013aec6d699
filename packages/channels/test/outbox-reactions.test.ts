/**
 * Reactions through the durable outbox: written before anything is set, retried on 429 with the
 * platform's Retry-After, set exactly once, resumed by a restarted outbox, and kept in order with
 * the chat's messages (a reaction never overtakes the message it follows).
 */
import { afterEach, describe, expect, it } from "vitest";
import { type AccountReact, ChannelSendError, createChannelOutbox, openOutboxStore } from "../src/index.js";
import { tempStateDb } from "./sqlite.js";

function reactionRecorder(failures: ChannelSendError[] = []) {
  const set: { messageId: string; emoji: string; peer: string }[] = [];
  const react: AccountReact = async (_channel, _accountId, target, messageId, emoji) => {
    const failure = failures.shift();
    if (failure) throw failure;
    set.push({ messageId, emoji, peer: target.peer.id });
  };
  return { set, react };
}

const noSend = async (): Promise<never> => {
  throw new ChannelSendError("rejected", "a reaction must not be sent as a message");
};

describe("outbox reactions", () => {
  let state = tempStateDb();
  afterEach(() => {
    state.cleanup();
    state = tempStateDb();
  });

  it("a 429 burst delays a reaction; it is set exactly once and its row says so", async () => {
    const platform = reactionRecorder([
      new ChannelSendError("rate-limited", "429", { retryAfterMs: 40 }),
      new ChannelSendError("rate-limited", "429", { retryAfterMs: 40 }),
      new ChannelSendError("rate-limited", "429", { retryAfterMs: 40 }),
    ]);
    const store = openOutboxStore(state.db);
    const outbox = createChannelOutbox({
      store,
      send: noSend,
      react: platform.react,
      textLimit: () => 100,
      retry: { minDelayMs: 5, jitter: 0 },
    });
    outbox.start();
    const receipt = await outbox.deliver({ channel: "toy", to: "u1" }, " 👍 ", { reactTo: "m-9" });
    if (receipt.status !== "queued") throw new Error("expected queued");
    expect(receipt.chunks).toBe(1);
    const settled = await outbox.settled(receipt.outboxId);
    expect(settled.chunks).toEqual([{ idx: 0, status: "delivered", platformMessageId: "m-9", error: "429" }]);
    expect(platform.set).toEqual([{ messageId: "m-9", emoji: "👍", peer: "u1" }]);
    const row = state.db
      .prepare("SELECT text, react_to, attempts, status FROM channel_outbox_chunks WHERE outbox_id = ?")
      .get(receipt.outboxId);
    expect(row).toEqual({ text: "👍", react_to: "m-9", attempts: 4, status: "delivered" });
    await outbox.stop();
  });

  it("a restarted outbox sets a reaction the stopped one left pending, once", async () => {
    const store = openOutboxStore(state.db);
    const stopped = createChannelOutbox({
      store,
      send: noSend,
      react: reactionRecorder([new ChannelSendError("rate-limited", "429", { retryAfterMs: 60_000 })]).react,
      textLimit: () => 100,
    });
    stopped.start();
    const receipt = await stopped.deliver({ channel: "toy", to: "u1" }, "🔥", { reactTo: "m-3" });
    if (receipt.status !== "queued") throw new Error("expected queued");
    await expect.poll(() => store.state(receipt.outboxId)?.chunks[0]?.error, { timeout: 10_000 }).toBe("429");
    await stopped.stop();

    const platform = reactionRecorder();
    const restarted = createChannelOutbox({
      store: openOutboxStore(state.open()),
      send: noSend,
      react: platform.react,
      textLimit: () => 100,
      // The stored next attempt is a minute away; a new process may start sooner than that.
      now: () => Date.now() + 61_000,
    });
    restarted.start();
    expect((await restarted.settled(receipt.outboxId)).chunks[0]?.status).toBe("delivered");
    expect(platform.set).toEqual([{ messageId: "m-3", emoji: "🔥", peer: "u1" }]);
    restarted.start();
    await restarted.stop();
    expect(platform.set).toHaveLength(1);
  });

  it("an outbox that cannot react fails the reaction with a clear error instead of sending the emoji", async () => {
    const sent: string[] = [];
    const failed: string[] = [];
    const outbox = createChannelOutbox({
      store: openOutboxStore(state.db),
      send: async (_c, _a, _t, text) => {
        sent.push(text);
        return { messageId: "1" };
      },
      textLimit: () => 100,
      onFailed: (chunk) => failed.push(chunk.error),
    });
    outbox.start();
    const receipt = await outbox.deliver({ channel: "toy", to: "u1" }, "👍", { reactTo: "m-1" });
    if (receipt.status !== "queued") throw new Error("expected queued");
    expect((await outbox.settled(receipt.outboxId)).chunks[0]?.status).toBe("failed");
    expect(failed).toEqual(["this outbox cannot set reactions"]);
    expect(sent).toEqual([]);
    await outbox.stop();
  });

  it("a reaction waits its turn behind the chat's earlier messages", async () => {
    const order: string[] = [];
    const outbox = createChannelOutbox({
      store: openOutboxStore(state.db),
      send: async (_c, _a, _t, text) => {
        order.push(`send ${text}`);
        return { messageId: "m-1" };
      },
      react: async (_c, _a, _t, messageId, emoji) => {
        order.push(`react ${emoji} ${messageId}`);
      },
      textLimit: () => 100,
    });
    await outbox.deliver({ channel: "toy", to: "u1" }, "first");
    const reaction = await outbox.deliver({ channel: "toy", to: "u1" }, "👀", { reactTo: "m-1" });
    if (reaction.status !== "queued") throw new Error("expected queued");
    outbox.start();
    await outbox.settled(reaction.outboxId);
    expect(order).toEqual(["send first", "react 👀 m-1"]);
    await outbox.stop();
  });
});
