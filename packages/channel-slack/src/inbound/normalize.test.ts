import { describe, expect, it } from "vitest";
import { normalizeSlackEvent, type SlackMessageEvent } from "./normalize.js";

const bot = { userId: "UBOT", botId: "BBOT", name: "claw" };
const base = { type: "message", channel: "C1", channel_type: "channel", user: "U7", ts: "1700000000.000100" };

describe("normalizeSlackEvent", () => {
  it.each<[string, SlackMessageEvent, unknown]>([
    [
      "a DM",
      { ...base, channel: "D1", channel_type: "im", text: "hi &amp; bye" },
      {
        peer: { kind: "direct", id: "D1" },
        sender: { id: "U7" },
        text: "hi & bye",
        messageId: base.ts,
        sentAt: 1700000000000,
      },
    ],
    [
      "a channel message with a mention",
      { ...base, text: "<@UBOT> help" },
      { peer: { kind: "group", id: "C1" }, text: "@claw help", mentioned: true },
    ],
    ["a channel message without one", { ...base, text: "chatter" }, { mentioned: false }],
    [
      "an app_mention",
      { ...base, type: "app_mention", channel_type: undefined, text: "x" },
      { mentioned: true },
    ],
    [
      "a thread reply",
      { ...base, text: "more", thread_ts: "1699999999.000001" },
      { thread: { kind: "thread", id: "1699999999.000001" }, mentioned: false },
    ],
    [
      "a reply in the bot's thread",
      { ...base, text: "more", thread_ts: "1.1", parent_user_id: "UBOT" },
      { thread: { kind: "thread", id: "1.1" }, mentioned: true },
    ],
    [
      "a group DM",
      { ...base, channel: "G1", channel_type: "mpim", text: "x" },
      { peer: { kind: "group", id: "G1" } },
    ],
    ["a file share", { ...base, subtype: "file_share", text: "" }, { messageId: base.ts }],
  ])("%s", (_name, event, expected) => {
    expect(normalizeSlackEvent(event, bot, "T1")).toMatchObject(expected as object);
  });

  it("keeps the thread root itself out of a thread (thread_ts equal to ts)", () => {
    expect(normalizeSlackEvent({ ...base, text: "x", thread_ts: base.ts }, bot)?.thread).toBeUndefined();
  });

  it.each<[string, SlackMessageEvent]>([
    ["the bot's own message", { ...base, user: "UBOT", text: "x" }],
    ["another app's message as our bot id", { ...base, bot_id: "BBOT", text: "x" }],
    ["an edit", { ...base, subtype: "message_changed" }],
    ["a join", { ...base, subtype: "channel_join" }],
    ["a bot message", { ...base, subtype: "bot_message" }],
    ["a reaction", { ...base, type: "reaction_added" }],
    ["a message without a ts", { ...base, ts: undefined }],
  ])("ignores %s", (_name, event) => {
    expect(normalizeSlackEvent(event, bot)).toBeUndefined();
  });

  it("carries the team id for bindings by team", () => {
    expect(normalizeSlackEvent({ ...base, text: "x" }, bot, "T1")?.teamId).toBe("T1");
  });
});
