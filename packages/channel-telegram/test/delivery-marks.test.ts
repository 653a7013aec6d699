/**
 * The duplicate window of a multi-chunk reply: by the time the next chunk of a reply reaches
 * Telegram, the previous chunk's delivered mark is committed in state.db (seen from a second
 * connection), so a SIGKILL can only ever resend the one chunk whose acknowledgement it cut.
 */
import { join } from "node:path";
import { openOutboxStore } from "@claw/channels";
import { openSqliteDatabase } from "@claw/sqlite";
import { afterEach, describe, expect, it } from "vitest";
import { FakeBotApi } from "../src/testing/index.js";
import { startLayer } from "./layer.js";

describe("telegram: delivered marks of a multi-chunk reply", () => {
  const cleanups: (() => Promise<void> | void)[] = [];
  afterEach(async () => {
    for (const cleanup of cleanups.splice(0).reverse()) await cleanup();
  });

  it("each chunk's mark is committed before the next chunk of the same reply hits the Bot API", async () => {
    const api = await new FakeBotApi().start();
    cleanups.push(() => api.close());
    const env = await startLayer({ apis: [api] });
    cleanups.push(() => env.stop());
    const reader = openSqliteDatabase(join(env.stateDir, "state.db"));
    cleanups.push(() => void reader.close());
    const committed = openOutboxStore(reader);
    const statusOf = (outboxId: number, idx: number) => committed.state(outboxId)?.chunks[idx]?.status;

    const outboxOf = new Map<string, number>();
    const arrived = new Map<string, number>();
    const previousAtArrival: string[] = [];
    api.onCall = (method, params) => {
      if (method !== "sendMessage") return;
      const chat = String(params.chat_id);
      const idx = arrived.get(chat) ?? 0;
      arrived.set(chat, idx + 1);
      if (idx > 0)
        previousAtArrival.push(`${chat}#${idx - 1} ${statusOf(outboxOf.get(chat) ?? -1, idx - 1)}`);
    };
    const reply = Array.from({ length: 4 }, (_, i) => `Part ${i}: ${"lorem ipsum ".repeat(300)}`).join(
      "\n\n",
    );
    const receipts = [];
    for (const chat of ["42", "43"]) {
      const receipt = await env.outbox.deliver({ channel: "telegram", to: chat }, reply);
      if (receipt.status !== "queued") throw new Error("expected the reply queued");
      outboxOf.set(chat, receipt.outboxId);
      receipts.push(receipt);
    }
    for (const receipt of receipts) await env.outbox.settled(receipt.outboxId);
    const chunks = receipts[0]?.chunks ?? 0;
    expect(chunks).toBe(4);
    expect(previousAtArrival.sort()).toEqual(
      ["42", "43"].flatMap((chat) => [0, 1, 2].map((idx) => `${chat}#${idx} delivered`)),
    );
    expect(api.sent).toHaveLength(8);
  });
});
