/**
 * Streamed replies on Slack (`streamMode`): one message edited in place (chat.update) while the
 * model writes, its final text written by the durable outbox; a reply that ends silent has its
 * draft deleted (chat.delete), and no draft ever shows a piece of a silent token.
 */
import { afterEach, describe, expect, it } from "vitest";
import { FakeSlack } from "../src/testing/index.js";
import { startSlackLayer, until } from "./layer.js";

const words = (count: number) => Array.from({ length: count }, (_, i) => `word${i}`).join(" ");

describe("slack streamed replies", () => {
  const cleanups: (() => Promise<void>)[] = [];
  afterEach(async () => {
    for (const cleanup of cleanups.splice(0).reverse()) await cleanup();
  });
  async function start(
    reply: Parameters<typeof startSlackLayer>[0]["reply"],
    stream: NonNullable<Parameters<typeof startSlackLayer>[0]["stream"]>,
  ) {
    const slack = await new FakeSlack().start();
    cleanups.push(() => slack.close());
    const env = await startSlackLayer({
      slack: { botToken: slack.botToken, appToken: slack.appToken, apiUrl: slack.apiUrl },
      access: { dmPolicy: "open" },
      ...(reply ? { reply } : {}),
      stream,
    });
    cleanups.push(() => env.stop());
    return { slack, env };
  }
  /** What Slack shows for a message the bot sent: its last edit, else its text. */
  const shown = (slack: FakeSlack, ts: string) =>
    slack.edits.filter((e) => e.ts === ts).at(-1)?.text ?? slack.sent.find((m) => m.ts === ts)?.text;

  it("partial: a long reply is one message edited in place, ending as the final text", async () => {
    const reply = words(450);
    expect(reply.length).toBeGreaterThan(3_000);
    const { slack, env } = await start(
      { text: reply, chunkSize: 80, chunkDelayMs: 3 },
      { mode: "partial", intervalMs: 40 },
    );
    slack.dm("U42", "tell me");
    await until(
      () => slack.sent.length === 1 && shown(slack, slack.sent[0]?.ts ?? "") === reply,
      10_000,
      "the final edit",
    );
    await until(() => env.outbox.pending() === 0, 5_000, "the outbox to settle");
    expect(slack.sent).toHaveLength(1);
    expect(slack.sent[0]?.text.length).toBeLessThan(reply.length);
    expect(slack.edits.length).toBeGreaterThanOrEqual(2);
    const lengths = slack.edits.map((e) => e.text.length);
    expect([...lengths].sort((a, b) => a - b)).toEqual(lengths);
    expect(slack.edits.every((e) => e.ts === slack.sent[0]?.ts && e.channel === "DU42")).toBe(true);
  });

  it("the final text is the outbox's: with one draft update only, the outbox edits the draft to the whole reply", async () => {
    const reply = words(150);
    // The first draft goes out at once; the next would wait a minute, so only the outbox can finish it.
    const { slack, env } = await start(
      { text: reply, chunkSize: 30, chunkDelayMs: 2 },
      { mode: "partial", intervalMs: 60_000 },
    );
    slack.dm("U42", "tell me");
    await until(() => env.outbox.pending() === 0 && slack.edits.length === 1, 10_000, "the outbox's edit");
    const draftTs = slack.sent[0]?.ts;
    expect(slack.sent).toHaveLength(1);
    expect(slack.sent[0]?.text.length).toBeLessThan(reply.length);
    expect(slack.edits).toEqual([{ channel: "DU42", ts: draftTs, text: reply }]);
    const rows = env.db
      .prepare("SELECT edit_of AS editOf, status, platform_message_id AS id FROM channel_outbox_chunks")
      .all();
    expect(rows).toEqual([{ editOf: draftTs, status: "delivered", id: draftTs }]);
  });

  it("a reply that ends silent after a draft: the draft is deleted and nothing else is sent", async () => {
    const { slack, env } = await start(
      (call) =>
        call.context.messages.at(-1)?.role === "toolResult"
          ? { text: "  HEARTBEAT_OK  ", chunkSize: 3, chunkDelayMs: 5 }
          : {
              text: "Checking the calendar first.",
              chunkDelayMs: 5,
              toolCalls: [{ name: "calendar", arguments: {} }],
            },
      { mode: "partial", intervalMs: 10 },
    );
    slack.dm("U42", "anything today?");
    await until(() => slack.deleted.length === 1, 10_000, "the draft's deletion");
    await until(() => env.outbox.pending() === 0, 5_000, "the outbox to settle");
    expect(slack.sent).toHaveLength(1);
    expect(slack.deleted).toEqual([{ channel: "DU42", ts: slack.sent[0]?.ts }]);
    const everShown = [...slack.sent.map((m) => m.text), ...slack.edits.map((e) => e.text)];
    for (const text of everShown) expect(text).not.toMatch(/HEART|_OK/i);
  });
});
