import type { APIMessage } from "discord.js";
import { describe, expect, it } from "vitest";
import { attachmentsOf, type InboundMessage, isIgnored, normalizeMessage } from "./normalize.js";

const bot = { id: "9", username: "claw" };
const person = { id: "5", username: "alice", global_name: "Alice", discriminator: "0", avatar: null };
const message = (extra: Partial<InboundMessage> = {}): InboundMessage =>
  ({
    id: "100",
    channel_id: "7",
    author: person,
    content: "hello",
    timestamp: "2026-11-24T10:00:00.000Z",
    mentions: [],
    attachments: [],
    type: 0,
    ...extra,
  }) as unknown as InboundMessage;

describe("normalizeMessage", () => {
  it.each([
    [
      "a DM: the author is the peer",
      message(),
      { kind: "dm" } as const,
      {
        peer: { kind: "direct", id: "5" },
        sender: { id: "5", username: "alice", name: "Alice" },
        messageId: "100",
      },
    ],
    [
      "a guild channel without a mention",
      message({ guild_id: "1" }),
      { kind: "guild-channel", guildId: "1" } as const,
      { peer: { kind: "channel", id: "7" }, guildId: "1", mentioned: false },
    ],
    [
      "a mention becomes @name and counts",
      message({ content: "<@9> hi <@!9>", mentions: [{ ...person, id: "9", username: "claw" }] }),
      { kind: "guild-channel", guildId: "1" } as const,
      { text: "@claw hi @claw", mentioned: true },
    ],
    [
      "a reply to the bot counts as a mention and keeps the reference",
      message({
        type: 19,
        message_reference: { message_id: "50", channel_id: "7" },
        referenced_message: { author: { id: "9" } } as APIMessage,
      }),
      { kind: "guild-channel", guildId: "1" } as const,
      { mentioned: true, replyToMessageId: "50" },
    ],
    [
      "a thread: the parent is the peer, the thread its own",
      message({ channel_id: "70" }),
      { kind: "thread", guildId: "1", parentId: "7" } as const,
      { peer: { kind: "channel", id: "7" }, thread: { kind: "thread", id: "70" }, guildId: "1" },
    ],
  ])("%s", (_name, input, place, expected) => {
    expect(normalizeMessage(input, place, bot)).toMatchObject(expected);
  });

  it("ignores the bot itself, other bots and system notices", () => {
    expect(isIgnored(message({ author: { ...person, id: "9" } }), bot)).toBe(true);
    expect(isIgnored(message({ author: { ...person, bot: true } }), bot)).toBe(true);
    expect(isIgnored(message({ type: 7 }), bot)).toBe(true);
    expect(isIgnored(message(), bot)).toBe(false);
  });

  it("classifies attachments by content type", () => {
    const attachment = (content_type: string) => ({
      id: "1",
      filename: "f",
      size: 3,
      url: "u",
      proxy_url: "u",
      content_type,
    });
    expect(
      attachmentsOf({
        attachments: ["image/png", "audio/ogg", "video/mp4", "application/pdf"].map(attachment),
      }).map((a) => a.kind),
    ).toEqual(["photo", "audio", "video", "document"]);
  });
});
