/**
 * The message tool's reactions go through the durable outbox against the fake Telegram Bot API
 * (setMessageReaction): a 429 burst delays a reaction, which is then set exactly once; a reaction
 * still waiting when the gateway stops is set by the restarted gateway.
 */
import { randomUUID } from "node:crypto";
import { join } from "node:path";
import { FakeBotApi } from "@claw/channel-telegram/testing";
import { waitUntil } from "@claw/channels/testing";
import type { FauxCall } from "@claw/providers";
import { createFauxProvider } from "@claw/providers";
import { openSqliteDatabase } from "@claw/sqlite";
import { afterEach, describe, expect, it } from "vitest";
import { startTestGateway, toolResultTextOf } from "./helpers.js";

const until = (check: () => boolean) => waitUntil(check, { ms: 30_000 });

const lastToolText = (call: FauxCall) => toolResultTextOf(call);

function reactionRows(stateDir: string) {
  const db = openSqliteDatabase(join(stateDir, "state.db"), { readonly: true });
  try {
    return db
      .prepare(
        "SELECT c.text, c.react_to, c.status, c.attempts, o.source FROM channel_outbox_chunks c JOIN channel_outbox o ON o.id = c.outbox_id WHERE c.react_to IS NOT NULL",
      )
      .all();
  } finally {
    db.close();
  }
}

/** A faux model that answers the DM, then reacts 👍 to message `messageId` when asked. */
function reactingModel(messageId: () => number, results: string[]) {
  return createFauxProvider(
    [
      "Hi there.",
      { toolCalls: [{ name: "message", arguments: { action: "react", messageId: String(messageId()) } }] },
      (call) => {
        results.push(lastToolText(call));
        return {
          toolCalls: [
            {
              name: "message",
              arguments: { action: "react", messageId: String(messageId()), emoji: "👍" },
            },
          ],
        };
      },
      (call) => {
        results.push(lastToolText(call));
        return "done";
      },
    ],
    { provider: "faux" },
  );
}

describe("message tool reactions through the outbox", () => {
  const fakes: FakeBotApi[] = [];
  afterEach(async () => {
    for (const fake of fakes.splice(0)) await fake.close();
  });

  async function dmAndReact(retryAfterSeconds: number, failures: number) {
    const api = await new FakeBotApi().start();
    fakes.push(api);
    const results: string[] = [];
    const dm = { id: 0 };
    const faux = reactingModel(() => dm.id, results);
    const config = {
      // 42 is the owner: their DM is the main session the reactions are asked from.
      agents: { defaults: { model: "faux/faux-1", identity: { ownerNumbers: ["telegram:42"] } } },
      channels: { telegram: { botToken: api.token, apiRoot: api.url, dmPolicy: "open" } },
    };
    const gateway = await startTestGateway(config, {
      models: [faux.model],
      stream: faux.stream,
      scopes: ["operator.read", "operator.write"],
    });
    dm.id = api.dm(42, "hello").message?.message_id ?? 0;
    await until(() => api.sent.some((m) => m.text === "Hi there."));
    api.failNext(
      "setMessageReaction",
      { status: 429, description: "Too Many Requests: retry later", retryAfter: retryAfterSeconds },
      failures,
    );
    await gateway.client.request(
      "agent",
      { message: "acknowledge it", sessionKey: "agent:main:main", idempotencyKey: randomUUID() },
      { expectFinal: true },
    );
    return { api, results, gateway, config, faux, messageId: dm.id };
  }

  it("a 429 burst on setMessageReaction: the reaction is set once, and its outbox row says so", async () => {
    const { api, results, gateway, messageId } = await dmAndReact(1, 2);
    expect(results[0]).toBe("Error: message: react needs emoji.");
    await until(() => api.reactions.length > 0);
    expect(api.reactions).toEqual([{ chatId: "42", messageId, emoji: "👍" }]);
    await until(() => (reactionRows(gateway.stateDir)[0] as { status?: string })?.status === "delivered");
    expect(reactionRows(gateway.stateDir)).toEqual([
      { text: "👍", react_to: String(messageId), status: "delivered", attempts: 3, source: "message-tool" },
    ]);
    // Telegram's three answers (two 429s, one ok) and nothing more.
    expect(api.calls.get("setMessageReaction")).toBe(3);
  });

  it("a reaction still waiting when the gateway stops is set by the restarted gateway, once", async () => {
    const { api, results, gateway, config, faux, messageId } = await dmAndReact(8, 1);
    expect(results[1]).toMatch(
      /^Reaction 👍 to message \d+ in telegram:42 is queued \(outbox #\d+\); telegram is busy, it will be retried\.$/,
    );
    await gateway.claw.close();
    expect(api.reactions).toEqual([]);
    expect(reactionRows(gateway.stateDir)).toMatchObject([{ status: "pending", attempts: 1 }]);

    const restarted = await startTestGateway(config, {
      models: [faux.model],
      stream: faux.stream,
      stateDir: gateway.stateDir,
    });
    await until(() => api.reactions.length > 0);
    expect(api.reactions).toEqual([{ chatId: "42", messageId, emoji: "👍" }]);
    await until(() => (reactionRows(restarted.stateDir)[0] as { status?: string })?.status === "delivered");
    expect(reactionRows(restarted.stateDir)).toMatchObject([{ status: "delivered", attempts: 2 }]);
  });
});
