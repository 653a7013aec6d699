/**
 * Streamed replies on Discord (`streamMode`): one message edited in place (PATCH) while the model
 * writes, its final text written by the durable outbox; a reply that ends silent has its draft
 * deleted (DELETE), and no draft ever shows a piece of a silent token.
 */
import { afterEach, describe, expect, it } from "vitest";
import { FakeDiscord } from "../src/testing/index.js";
import { startLayer, until } from "./layer.js";

const ALICE = "200000000000000042";
const words = (count: number) => Array.from({ length: count }, (_, i) => `word${i}`).join(" ");

describe("discord streamed replies", () => {
  const cleanups: (() => Promise<void>)[] = [];
  afterEach(async () => {
    for (const cleanup of cleanups.splice(0).reverse()) await cleanup();
  });
  async function start(
    reply: Parameters<typeof startLayer>[0]["reply"],
    stream: NonNullable<Parameters<typeof startLayer>[0]["stream"]>,
  ) {
    const fake = await new FakeDiscord().start();
    cleanups.push(() => fake.close());
    const env = await startLayer({
      fakes: [fake],
      access: { dmPolicy: "open" },
      ...(reply ? { reply } : {}),
      stream,
    });
    cleanups.push(() => env.stop());
    return { fake, env };
  }
  const shown = (fake: FakeDiscord, channelId: string, messageId: string) =>
    fake.world.history.get(channelId)?.find((m) => m.id === messageId)?.content;

  it("partial: a long reply is one message edited in place, ending as the final text", async () => {
    const reply = words(200);
    const { fake, env } = await start(
      { text: reply, chunkSize: 40, chunkDelayMs: 3 },
      { mode: "partial", intervalMs: 40 },
    );
    const asked = fake.dm(ALICE, "tell me");
    await until(
      () => fake.sent.length === 1 && shown(fake, asked.channel_id, fake.sent[0]?.messageId ?? "") === reply,
      10_000,
      "the final edit",
    );
    await until(() => env.outbox.pending() === 0, 5_000, "the outbox to settle");
    expect(fake.sent).toHaveLength(1);
    expect(fake.sent[0]?.content.length).toBeLessThan(reply.length);
    expect(fake.edits.length).toBeGreaterThanOrEqual(2);
    const lengths = fake.edits.map((e) => e.content.length);
    expect([...lengths].sort((a, b) => a - b)).toEqual(lengths);
    expect(fake.edits.every((e) => e.messageId === fake.sent[0]?.messageId)).toBe(true);
  });

  it("the final text is the outbox's: with one draft update only, the outbox edits the draft to the whole reply", async () => {
    const reply = words(150);
    // The first draft goes out at once; the next would wait a minute, so only the outbox can finish it.
    const { fake, env } = await start(
      { text: reply, chunkSize: 30, chunkDelayMs: 2 },
      { mode: "partial", intervalMs: 60_000 },
    );
    const asked = fake.dm(ALICE, "tell me");
    await until(() => env.outbox.pending() === 0 && fake.edits.length === 1, 10_000, "the outbox's edit");
    expect(fake.sent).toHaveLength(1);
    expect(fake.sent[0]?.content.length).toBeLessThan(reply.length);
    expect(fake.edits).toEqual([
      { channelId: asked.channel_id, messageId: fake.sent[0]?.messageId, content: reply },
    ]);
    const rows = env.db
      .prepare("SELECT edit_of AS editOf, status, platform_message_id AS id FROM channel_outbox_chunks")
      .all();
    const draftId = fake.sent[0]?.messageId;
    expect(rows).toEqual([{ editOf: draftId, status: "delivered", id: draftId }]);
  });

  it("a reply that ends silent after a draft: the draft is deleted and nothing else is sent", async () => {
    const { fake, env } = await start(
      (call) =>
        call.context.messages.at(-1)?.role === "toolResult"
          ? { text: "no_reply", chunkSize: 2, chunkDelayMs: 5 }
          : {
              text: "Checking the calendar first.",
              chunkDelayMs: 5,
              toolCalls: [{ name: "calendar", arguments: {} }],
            },
      { mode: "partial", intervalMs: 10 },
    );
    const asked = fake.dm(ALICE, "anything today?");
    await until(() => fake.deleted.length === 1, 10_000, "the draft's deletion");
    await until(() => env.outbox.pending() === 0, 5_000, "the outbox to settle");
    expect(fake.sent).toHaveLength(1);
    expect(fake.deleted).toEqual([{ channelId: asked.channel_id, messageId: fake.sent[0]?.messageId }]);
    expect(fake.world.history.get(asked.channel_id)?.some((m) => m.id === fake.sent[0]?.messageId)).toBe(
      false,
    );
    const everShown = [...fake.sent.map((m) => m.content), ...fake.edits.map((e) => e.content)];
    for (const text of everShown) expect(text).not.toMatch(/no_|NO_/);
  });
});
