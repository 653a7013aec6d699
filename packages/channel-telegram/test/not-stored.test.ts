/**
 * An update the layer could not store (state.db refuses writes: a full disk, SQLITE_BUSY, here a
 * read-only connection) is not acknowledged: long polling keeps the offset on it and fetches it
 * (and those after it) again, the webhook answers 503 so Telegram retries. Once the store
 * recovers, each update is handled exactly once, in order, and the failure is logged once.
 */
import { createServer } from "node:net";
import { refuseInboundJournal } from "@claw/channels/testing";
import { afterEach, describe, expect, it } from "vitest";
import { OFFSET_KEY } from "../src/index.js";
import { FakeBotApi } from "../src/testing/index.js";
import { startLayer, until } from "./layer.js";

type StateDb = Awaited<ReturnType<typeof startLayer>>["db"];

const freePort = () =>
  new Promise<number>((resolve) => {
    const probe = createServer().listen(0, "127.0.0.1", () => {
      const address = probe.address();
      probe.close(() => resolve(typeof address === "object" && address ? address.port : 0));
    });
  });

describe("telegram: an update the layer could not store", () => {
  const cleanups: (() => Promise<void>)[] = [];
  afterEach(async () => {
    for (const cleanup of cleanups.splice(0).reverse()) await cleanup();
  });

  let recoverJournal = () => {};
  /** Two ways state.db refuses the accept: every write (a full disk), or the journal insert alone. */
  const faults = {
    "the whole store is read-only": {
      fail: (db: StateDb) => db.pragma("query_only = ON"),
      recover: (db: StateDb) => db.pragma("query_only = OFF"),
    },
    "only the journal insert fails": {
      fail: (db: StateDb) => {
        recoverJournal = refuseInboundJournal(db);
      },
      recover: () => recoverJournal(),
    },
  };

  it.each(Object.entries(faults))(
    "long polling (%s): the offset stays on it, it comes again, and it is handled once after recovery",
    async (_name, fault) => {
      const api = await new FakeBotApi().start();
      cleanups.push(() => api.close());
      const logs: string[] = [];
      const env = await startLayer({ apis: [api], access: { dmPolicy: "open" }, logs });
      cleanups.push(() => env.stop());
      const replies = (text: string) => api.sent.filter((m) => m.text === `seen: ${text}`).length;

      api.dm(41, "before");
      await until(() => replies("before") === 1, 5_000, "the first reply");
      const offsetBefore = Number(env.state.get("telegram", "default", OFFSET_KEY));

      fault.fail(env.db);
      const refused = api.dm(42, "refused");
      api.dm(43, "behind it");
      const polls = api.offsets.length;
      await until(
        () => api.offsets.slice(polls).filter((o) => o === refused.update_id).length >= 3,
        10_000,
        "the refused update to be fetched again",
      );
      expect(replies("refused") + replies("behind it")).toBe(0);
      expect(api.offsets.slice(polls).every((o) => o <= refused.update_id)).toBe(true);

      fault.recover(env.db);
      await until(() => replies("refused") === 1 && replies("behind it") === 1, 10_000, "both replies");
      api.dm(44, "after");
      await until(() => replies("after") === 1, 5_000, "a later update");
      await new Promise((resolve) => setTimeout(resolve, 200));
      expect([replies("refused"), replies("behind it"), replies("after")]).toEqual([1, 1, 1]);
      expect(Number(env.state.get("telegram", "default", OFFSET_KEY))).toBe(offsetBefore + 3);
      // The journal took them in order: the refused update first, the one behind it next.
      const taken = env.db
        .prepare("SELECT message_key FROM channel_inbound ORDER BY id")
        .all()
        .map((r) => (r as { message_key: string }).message_key.split(":")[1]);
      expect(taken).toEqual(["41", "42", "43", "44"]);
      expect(logs.filter((l) => l.includes("inbound messages not stored"))).toHaveLength(1);
      expect(logs.filter((l) => l.includes("accepted again"))).toHaveLength(1);
    },
    30_000,
  );

  it("webhook: answers 503 while the store refuses it, 200 once it recovers, and handles it once", async () => {
    const api = await new FakeBotApi().start();
    cleanups.push(() => api.close());
    const port = await freePort();
    const secretToken = "webhook-secret";
    const env = await startLayer({
      apis: [api],
      access: { dmPolicy: "open" },
      telegram: { mode: "webhook", webhook: { url: `http://127.0.0.1:${port}/tg`, secretToken, port } },
    });
    cleanups.push(() => env.stop());
    await until(() => api.webhook !== undefined, 5_000, "setWebhook");
    // What Telegram POSTs: the update the fake made (it does not call webhooks itself).
    const update = api.dm(42, "over the webhook");
    const post = () =>
      fetch(`http://127.0.0.1:${port}/tg`, {
        method: "POST",
        headers: { "content-type": "application/json", "x-telegram-bot-api-secret-token": secretToken },
        body: JSON.stringify(update),
      });

    env.db.pragma("query_only = ON");
    expect((await post()).status).toBe(503);
    expect((await post()).status).toBe(503);
    env.db.pragma("query_only = OFF");
    expect((await post()).status).toBe(200);
    expect((await post()).status).toBe(200); // a redelivery after success: a duplicate, dropped
    await until(() => api.sent.length === 1, 5_000, "the reply");
    await new Promise((resolve) => setTimeout(resolve, 200));
    expect(api.sent.map((m) => m.text)).toEqual(["seen: over the webhook"]);
  }, 30_000);
});
