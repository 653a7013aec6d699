/**
 * The webhook listener's answers to Telegram: 401 without the secret, 200 once handled, 503 when
 * the layer could not store the update (Telegram delivers it again), and 200 plus a log line for an
 * update the channel cannot handle at all (Telegram would only send it again and fail again).
 */
import type { Server } from "node:http";
import { InboundNotStoredError } from "@claw/channels";
import type { Update } from "grammy/types";
import { afterEach, describe, expect, it } from "vitest";
import { startWebhookListener } from "../src/index.js";

const servers: Server[] = [];
afterEach(async () => {
  for (const server of servers.splice(0)) await new Promise((resolve) => server.close(resolve));
});

async function listen(handle: (update: Update) => Promise<void>) {
  const logged: { message: string; fields?: Record<string, unknown> }[] = [];
  const { server, port } = await startWebhookListener({
    host: "127.0.0.1",
    port: 0,
    path: "/tg",
    secretToken: "s3cret",
    handle,
    log: (_level, message, fields) => logged.push({ message, ...(fields ? { fields } : {}) }),
  });
  servers.push(server);
  const post = (body: unknown, secret = "s3cret") =>
    fetch(`http://127.0.0.1:${port}/tg`, {
      method: "POST",
      headers: { "content-type": "application/json", "x-telegram-bot-api-secret-token": secret },
      body: JSON.stringify(body),
    });
  return { post, logged };
}

describe("webhook listener", () => {
  it("answers by what became of the update", async () => {
    const { post, logged } = await listen(async (update) => {
      if (update.update_id === 2)
        throw new InboundNotStoredError("telegram", "default", "2", new Error("disk full"));
      if (update.update_id === 3) throw new TypeError("cannot read properties of undefined");
    });
    expect((await post({ update_id: 1 }, "wrong")).status).toBe(401);
    expect((await post({ update_id: 1 })).status).toBe(200);
    const notStored = await post({ update_id: 2 });
    expect(notStored.status).toBe(503);
    expect(notStored.headers.get("retry-after")).toBe("5");
    expect(logged).toEqual([]);
    expect((await post({ update_id: 3, edited_channel_post: {} })).status).toBe(200);
    expect(logged).toEqual([
      {
        message: "telegram: update 3 could not be handled; skipped",
        fields: { error: "cannot read properties of undefined", fields: "update_id,edited_channel_post" },
      },
    ]);
    expect((await post("not an update")).status).toBe(400);
  });
});
