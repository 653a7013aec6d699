/**
 * The message tool end to end against the fake Telegram Bot API: the agent sends to its own
 * conversation through the durable outbox, edits and reacts on what it sent, reaches another chat
 * only when tools.message.allowTargets names it, and may not answer the current turn through it.
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

const until = (check: () => boolean) => waitUntil(check, { ms: 20_000 });

const lastToolText = (call: FauxCall) => toolResultTextOf(call);

const sentId = (call: FauxCall) => /message id (\S+)\./.exec(lastToolText(call))?.[1] ?? "missing";

describe("message tool with Telegram", () => {
  const fakes: FakeBotApi[] = [];
  afterEach(async () => {
    for (const fake of fakes.splice(0)) await fake.close();
  });

  it("sends, edits and reacts in its own conversation; other chats only by policy; not the current turn", async () => {
    const api = await new FakeBotApi().start();
    fakes.push(api);
    const results: string[] = [];
    let sentMessageId = "";
    const record = (call: FauxCall) => results.push(lastToolText(call));
    const faux = createFauxProvider(
      [
        // Turn 1 answers a DM: sending to that chat through the tool is refused.
        { toolCalls: [{ name: "message", arguments: { action: "send", text: "Hi via tool" } }] },
        (call) => {
          record(call);
          return "Hi there.";
        },
        // Turn 2 (no inbound message): its own conversation by default.
        { toolCalls: [{ name: "message", arguments: { action: "send", text: "Build finished" } }] },
        (call) => {
          record(call);
          sentMessageId = sentId(call);
          return {
            toolCalls: [
              {
                name: "message",
                arguments: { action: "edit", messageId: sentMessageId, text: "Build finished ✅" },
              },
            ],
          };
        },
        (call) => {
          record(call);
          return {
            toolCalls: [
              { name: "message", arguments: { action: "react", messageId: sentMessageId, emoji: "👍" } },
            ],
          };
        },
        (call) => {
          record(call);
          return {
            toolCalls: [
              { name: "message", arguments: { action: "send", text: "psst", channel: "telegram", to: "77" } },
            ],
          };
        },
        (call) => {
          record(call);
          return "done";
        },
      ],
      { provider: "faux" },
    );
    const { claw, client, stateDir } = await startTestGateway(
      {
        // 42 is the owner: their DM is the main session, which turn 2 runs in.
        agents: { defaults: { model: "faux/faux-1", identity: { ownerNumbers: ["telegram:42"] } } },
        channels: { telegram: { botToken: api.token, apiRoot: api.url, dmPolicy: "open" } },
      },
      { models: [faux.model], stream: faux.stream, scopes: ["operator.read", "operator.write"] },
    );
    api.dm(42, "hello");
    await until(() => api.sent.some((m) => m.text === "Hi there."));
    expect(results[0]).toMatch(
      /answering a message from this conversation; write your answer as your normal reply/,
    );
    expect(api.sent.map((m) => m.text)).toEqual(["Hi there."]);

    await client.request(
      "agent",
      {
        message: "report progress",
        sessionKey: `agent:${claw.runtime.resolveAgent(undefined).id}:main`,
        idempotencyKey: randomUUID(),
      },
      { expectFinal: true },
    );
    const built = api.sent.find((m) => m.text === "Build finished");
    expect(built).toMatchObject({ chatId: "42" });
    expect(results[1]).toMatch(/^Queued to telegram:42 \(outbox #\d+, 1 part\); message id \d+\.$/);
    expect(sentMessageId).toBe(String(built?.messageId));
    expect(api.edits).toEqual([{ chatId: "42", messageId: built?.messageId, text: "Build finished ✅" }]);
    expect(results[2]).toMatch(/^Edited message \d+ in telegram:42\.$/);
    // The edit went through the durable outbox (kept until Telegram took it), not straight to the bot.
    const db = openSqliteDatabase(join(stateDir, "state.db"), { readonly: true });
    const edits = db
      .prepare("SELECT text, edit_of, status FROM channel_outbox_chunks WHERE edit_of IS NOT NULL")
      .all();
    db.close();
    expect(edits).toEqual([
      { text: "Build finished ✅", edit_of: String(built?.messageId), status: "delivered" },
    ]);
    expect(api.reactions).toEqual([{ chatId: "42", messageId: built?.messageId, emoji: "👍" }]);
    expect(results[3]).toBe(`Reacted 👍 to message ${built?.messageId} in telegram:42.`);
    expect(results[4]).toMatch(
      /telegram:77 is not this session's conversation \(telegram:42\); other chats need tools\.message\.allowTargets/,
    );
    expect(api.sent.some((m) => m.chatId === "77")).toBe(false);
  });

  it("reaches a chat tools.message.allowTargets names, from a session without a conversation", async () => {
    const api = await new FakeBotApi().start();
    fakes.push(api);
    const faux = createFauxProvider(
      [
        {
          toolCalls: [
            { name: "message", arguments: { action: "send", text: "note", channel: "telegram", to: "77" } },
          ],
        },
        "ok",
      ],
      { provider: "faux" },
    );
    const { client } = await startTestGateway(
      {
        agents: { defaults: { model: "faux/faux-1" } },
        channels: { telegram: { botToken: api.token, apiRoot: api.url } },
        tools: { message: { allowTargets: ["telegram:77"] } },
      },
      { models: [faux.model], stream: faux.stream, scopes: ["operator.read", "operator.write"] },
    );
    await client.request(
      "agent",
      { message: "tell 77", sessionKey: "agent:main:cron:nightly", idempotencyKey: randomUUID() },
      { expectFinal: true },
    );
    await until(() => api.sent.some((m) => m.chatId === "77"));
    expect(api.sent.find((m) => m.chatId === "77")?.text).toBe("note");
  });
});
