import { describe, expect, it } from "vitest";
import { type DiscordGuilds, discordGroupSettings } from "./guild-settings.js";

const guilds: DiscordGuilds = {
  g1: {
    requireMention: true,
    allowFrom: ["u1"],
    channels: { "*": { requireMention: false }, c2: { requireMention: true }, t9: { enabled: false } },
  },
  "*": { requireMention: true },
};
const at = (guildId: string | undefined, channel: string, thread?: string) => ({
  ...(guildId ? { guildId } : {}),
  peer: { kind: "channel" as const, id: channel },
  ...(thread ? { thread: { kind: "thread" as const, id: thread } } : {}),
});

describe("discordGroupSettings", () => {
  it.each([
    ["a channel under the guild's * channel", at("g1", "c1"), { requireMention: false, allowFrom: ["u1"] }],
    ["a listed channel overrides *", at("g1", "c2"), { requireMention: true, allowFrom: ["u1"] }],
    [
      "a thread inherits its parent, then its own entry",
      at("g1", "c2", "t9"),
      { requireMention: true, allowFrom: ["u1"], enabled: false },
    ],
    ["an unlisted guild falls back to the * guild", at("g7", "c1"), { requireMention: true }],
    ["a DM has no guild settings", at(undefined, "c1"), undefined],
  ] as const)("%s", (_name, message, expected) => {
    expect(discordGroupSettings(guilds, message)).toEqual(expected);
  });

  it("has no settings for an unlisted guild without a * entry (allowlist refuses it)", () => {
    expect(discordGroupSettings({ g1: {} }, at("g2", "c1"))).toBeUndefined();
    expect(discordGroupSettings(undefined, at("g1", "c1"))).toBeUndefined();
  });
});
