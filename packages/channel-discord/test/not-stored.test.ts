/**
 * A gateway dispatch cannot be un-acknowledged: when the layer could not store a message (state.db
 * refuses the inbound journal's insert, as a full disk does), the channel's last-seen cursor stays
 * below it, later messages of that channel wait behind it, and the channel is read back from REST
 * with backoff. Once the store recovers each message is handled exactly once, in order.
 */
import { refuseInboundJournal } from "@claw/channels/testing";
import { afterEach, describe, expect, it } from "vitest";
import { LAST_SEEN_KEY } from "../src/index.js";
import { FakeDiscord } from "../src/testing/index.js";
import { startLayer, until } from "./layer.js";

const ALICE = "200000000000000042";
const BOB = "200000000000000043";

describe("discord: a message the layer could not store", () => {
  const cleanups: (() => Promise<void>)[] = [];
  afterEach(async () => {
    for (const cleanup of cleanups.splice(0).reverse()) await cleanup();
  });

  it("holds the channel's cursor below it and reads it back from REST once the store recovers", async () => {
    const discord = await new FakeDiscord().start();
    cleanups.push(() => discord.close());
    const logs: string[] = [];
    const env = await startLayer({
      fakes: [discord],
      access: { dmPolicy: "open" },
      journal: true,
      logs,
      discord: { readBackRetry: { minMs: 20, maxMs: 100 } },
    });
    cleanups.push(() => env.stop());
    const replies = (text: string) => discord.sent.filter((m) => m.content === `seen: ${text}`).length;
    const lastSeen = () =>
      (JSON.parse(env.state.get("discord", "default", LAST_SEEN_KEY) ?? "{}") as Record<string, string>)[
        first.channel_id
      ];

    const first = discord.dm(ALICE, "before");
    await until(() => replies("before") === 1, 10_000, "the first reply");
    await new Promise((resolve) => setTimeout(resolve, 200)); // the bot's own reply moves the cursor too
    const cursor = lastSeen();
    expect(BigInt(cursor ?? "0") >= BigInt(first.id)).toBe(true);

    const recover = refuseInboundJournal(env.db);
    const refused = discord.dm(ALICE, "refused");
    discord.dm(ALICE, "behind it");
    discord.dm(BOB, "elsewhere");
    const reads = discord.calls.get("history") ?? 0;
    await until(() => (discord.calls.get("history") ?? 0) >= reads + 3, 10_000, "read-backs with backoff");
    expect(replies("refused") + replies("behind it") + replies("elsewhere")).toBe(0);
    expect(lastSeen()).toBe(cursor);
    expect(BigInt(cursor ?? "0") < BigInt(refused.id)).toBe(true);

    recover();
    await until(
      () => replies("refused") === 1 && replies("behind it") === 1 && replies("elsewhere") === 1,
      10_000,
      "every held message",
    );
    discord.dm(ALICE, "after");
    await until(() => replies("after") === 1, 10_000, "a later message");
    await new Promise((resolve) => setTimeout(resolve, 300));
    expect(["refused", "behind it", "elsewhere", "after"].map(replies)).toEqual([1, 1, 1, 1]);
    // Alice's messages reached the journal in the order she wrote them.
    const alice = env.db
      .prepare("SELECT message FROM channel_inbound WHERE message_key LIKE ? ORDER BY id")
      .all(`direct:${ALICE}:%`)
      .map((r) => (JSON.parse((r as { message: string }).message) as { text: string }).text);
    expect(alice).toEqual(["before", "refused", "behind it", "after"]);
    expect(logs.filter((l) => l.includes("inbound messages not stored"))).toHaveLength(1);
  }, 30_000);
});
