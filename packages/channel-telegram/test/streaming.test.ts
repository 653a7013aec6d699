/**
 * Streamed replies (`streamMode`): one draft message edited as the model writes, throttled, the
 * final edit equal to the final text, overflow past 4096 continued in a new message; the final
 * text goes through the durable outbox.
 */
import { afterEach, describe, expect, it } from "vitest";
import { FakeBotApi } from "../src/testing/index.js";
import { startLayer, until } from "./layer.js";

const words = (count: number) => Array.from({ length: count }, (_, i) => `word${i}`).join(" ");

describe("telegram streamed replies", () => {
  const cleanups: (() => Promise<void>)[] = [];
  afterEach(async () => {
    for (const cleanup of cleanups.splice(0).reverse()) await cleanup();
  });
  async function start(
    reply: string | NonNullable<Parameters<typeof startLayer>[0]["reply"]>,
    stream: Parameters<typeof startLayer>[0]["stream"],
    chunkDelayMs = 3,
  ) {
    const api = await new FakeBotApi().start();
    cleanups.push(() => api.close());
    const env = await startLayer({
      apis: [api],
      access: { dmPolicy: "open" },
      reply: typeof reply === "string" ? { text: reply, chunkSize: 40, chunkDelayMs } : reply,
      stream,
    });
    cleanups.push(() => env.stop());
    return { api, env };
  }

  it("partial: one message is edited while the model writes and ends as the final text", async () => {
    const reply = words(300);
    const { api, env } = await start(reply, { mode: "partial", intervalMs: 40 });
    api.dm(42, "tell me");
    await until(
      () => api.currentText("42", api.sent[0]?.messageId ?? -1) === reply,
      10_000,
      "the final edit",
    );
    await until(() => env.outbox.pending() === 0, 5_000, "the outbox to settle");
    expect(api.sent).toHaveLength(1);
    const draft = api.sent[0];
    expect(draft?.text.length).toBeLessThan(reply.length);
    expect(reply.startsWith(draft?.text ?? "x")).toBe(true);
    expect(api.edits.length).toBeGreaterThanOrEqual(2);
    // Each edit showed a longer prefix of the reply: previews never go backwards.
    const lengths = api.edits.map((e) => e.text.length);
    expect([...lengths].sort((a, b) => a - b)).toEqual(lengths);
    expect(api.edits.at(-1)?.text).toBe(reply);
  });

  it("partial: a reply past 4096 characters continues in a new message; each ends as its final chunk", async () => {
    const reply = Array.from({ length: 60 }, (_, i) => `Paragraph ${i}: ${words(12)}.`).join("\n\n");
    expect(reply.length).toBeGreaterThan(4096);
    const { api, env } = await start(reply, { mode: "partial", intervalMs: 30 }, 1);
    api.dm(42, "a long one");
    await until(
      () =>
        api.sent.length === 2 &&
        api.sent.map((m) => api.currentText("42", m.messageId)).join("\n\n") === reply,
      10_000,
      "two messages holding the whole reply",
    );
    await until(() => env.outbox.pending() === 0, 5_000, "the outbox to settle");
    expect(api.sent).toHaveLength(2);
    for (const m of api.sent) expect(api.currentText("42", m.messageId)?.length).toBeLessThanOrEqual(4096);
  });

  it("block: drafts grow in blocks cut at sentence or paragraph ends", async () => {
    const reply = Array.from({ length: 30 }, (_, i) => `Sentence number ${i} is here.`).join(" ");
    const { api, env } = await start(reply, {
      mode: "block",
      intervalMs: 20,
      blockChunk: { minChars: 200, maxChars: 400 },
    });
    api.dm(42, "blocks");
    await until(
      () => api.edits.at(-1)?.text === reply && env.outbox.pending() === 0,
      10_000,
      "the final edit",
    );
    const previews = [api.sent[0]?.text ?? "", ...api.edits.slice(0, -1).map((e) => e.text)];
    expect(previews.filter((p) => !p.endsWith("."))).toEqual([]);
  });

  it("a reply that ends silent after a draft: the draft is deleted (deleteMessage), nothing else is sent", async () => {
    const { api, env } = await start(
      (call) =>
        call.context.messages.at(-1)?.role === "toolResult"
          ? { text: "**No_Reply**", chunkSize: 2, chunkDelayMs: 5 }
          : {
              text: "Checking the calendar first.",
              chunkDelayMs: 5,
              toolCalls: [{ name: "calendar", arguments: {} }],
            },
      { mode: "partial", intervalMs: 10 },
    );
    api.dm(42, "anything today?");
    await until(() => api.deleted.length === 1, 10_000, "the draft's deletion");
    await until(() => env.outbox.pending() === 0, 5_000, "the outbox to settle");
    expect(api.sent).toHaveLength(1);
    expect(api.deleted).toEqual([{ chatId: "42", messageId: api.sent[0]?.messageId }]);
    expect(api.currentText("42", api.sent[0]?.messageId ?? -1)).toBeUndefined();
    const everShown = [...api.sent.map((m) => m.text), ...api.edits.map((e) => e.text)];
    for (const text of everShown) expect(text).not.toMatch(/no_|\*\*n/i);
  });

  it("off: the reply is sent once, never edited", async () => {
    const reply = words(200);
    const { api, env } = await start(reply, { mode: "off" });
    api.dm(42, "no stream");
    await until(() => api.sent.length === 1 && env.outbox.pending() === 0, 10_000, "the reply");
    expect(api.sent[0]?.text).toBe(reply);
    expect(api.edits).toEqual([]);
  });
});
