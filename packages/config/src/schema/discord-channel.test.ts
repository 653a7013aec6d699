import { describe, expect, it } from "vitest";
import { validateConfig } from "../validate/validate-config.js";

describe("channels.discord", () => {
  it("accepts per-channel guild settings, rest.api, tokenFile and mediaMaxMb per account", () => {
    const result = validateConfig({
      channels: {
        discord: {
          tokenFile: "/run/secrets/discord",
          rest: { api: "http://127.0.0.1:8090/api" },
          maxLinesPerMessage: 17,
          guilds: {
            "123": { requireMention: true, channels: { "456": { requireMention: false }, "*": {} } },
          },
          accounts: { work: { token: "t", mediaMaxMb: 8 } },
        },
      },
    });
    expect(result.ok).toBe(true);
  });

  it("refuses unknown keys in a guild's channel settings and a non-string rest.api", () => {
    const result = validateConfig({
      channels: {
        discord: {
          rest: { api: 42 },
          guilds: { "123": { channels: { "456": { requireMentoin: false } } } },
        },
      },
    });
    expect(result.ok).toBe(false);
    const paths = result.ok ? [] : result.issues.map((issue) => issue.path);
    expect(paths).toEqual([
      "channels.discord.rest.api",
      'channels.discord.guilds["123"].channels["456"].requireMentoin',
    ]);
  });
});
