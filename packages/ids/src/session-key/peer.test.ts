import { describe, expect, it } from "vitest";
import { buildPeerSessionKey, normalizeAccountId } from "./peer.js";

describe("normalizeAccountId", () => {
  it.each([
    [undefined, "default"],
    ["", "default"],
    ["  ", "default"],
    ["Work", "work"],
    [" Work Bot ", "work-bot"],
    ["a:b", "a-b"],
    ["bot_2.main", "bot_2.main"],
  ])("%j → %j", (input, expected) => expect(normalizeAccountId(input)).toBe(expected));
});

describe("buildPeerSessionKey", () => {
  const base = { agentId: "Main", channel: "Telegram" };
  it.each([
    [{ ...base, peer: { kind: "direct" as const, id: "42" } }, "agent:main:main"],
    [
      { ...base, peer: { kind: "direct" as const, id: "42" }, dmScope: "per-peer" as const },
      "agent:main:dm:42",
    ],
    [
      { ...base, peer: { kind: "direct" as const, id: "42" }, dmScope: "per-channel-peer" as const },
      "agent:main:telegram:dm:42",
    ],
    [
      {
        ...base,
        accountId: "Work Bot",
        peer: { kind: "direct" as const, id: "42" },
        dmScope: "per-account-channel-peer" as const,
      },
      "agent:main:telegram:work-bot:dm:42",
    ],
    [
      { ...base, peer: { kind: "direct" as const, id: "42" }, dmScope: "per-account-channel-peer" as const },
      "agent:main:telegram:default:dm:42",
    ],
    [
      {
        ...base,
        peer: { kind: "direct" as const, id: "42" },
        dmScope: "per-peer" as const,
        identityLinks: { alice: ["telegram:42"] },
      },
      "agent:main:dm:alice",
    ],
    [{ ...base, peer: { kind: "group" as const, id: "-100" } }, "agent:main:telegram:group:-100"],
    [
      { ...base, peer: { kind: "group" as const, id: "-100" }, thread: { kind: "topic" as const, id: "7" } },
      "agent:main:telegram:group:-100:topic:7",
    ],
    [{ ...base, peer: { kind: "channel" as const, id: "C1" } }, "agent:main:telegram:channel:C1"],
  ])("%j → %s", (params, expected) => expect(buildPeerSessionKey(params)).toBe(expected));
});
