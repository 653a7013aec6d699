import { describe, expect, it } from "vitest";
import { type AccessSettings, decideAccess } from "./access-policy.js";

const dm = (id = "42", username?: string) => ({
  peer: { kind: "direct" as const, id },
  sender: { id, ...(username ? { username } : {}) },
});
const inGroup = (mentioned: boolean, sender = "7", group = "-100") => ({
  peer: { kind: "group" as const, id: group },
  sender: { id: sender },
  mentioned,
});
const base: AccessSettings = { dmPolicy: "pairing", groupPolicy: "allowlist" };

describe("decideAccess", () => {
  it.each([
    ["pairing: unknown sender asks for pairing", dm(), base, false, { allow: false, pairing: true }],
    ["pairing: approved sender passes", dm(), base, true, { allow: true }],
    ["pairing: allowFrom passes", dm(), { ...base, allowFrom: ["42"] }, false, { allow: true }],
    [
      "allowlist by @username",
      dm("5", "Alice"),
      { ...base, dmPolicy: "allowlist", allowFrom: ["@alice"] },
      false,
      { allow: true },
    ],
    [
      "allowlist refuses others",
      dm("5"),
      { ...base, dmPolicy: "allowlist", allowFrom: ["1"] },
      false,
      { allow: false },
    ],
    ["open", dm(), { ...base, dmPolicy: "open" }, false, { allow: true }],
    ["disabled even when approved", dm(), { ...base, dmPolicy: "disabled" }, true, { allow: false }],
    ["group not listed under allowlist", inGroup(true), base, false, { allow: false }],
    ["group listed, mentioned", inGroup(true), { ...base, groups: { "-100": {} } }, false, { allow: true }],
    [
      "group listed, not mentioned",
      inGroup(false),
      { ...base, groups: { "-100": {} } },
      false,
      { allow: false },
    ],
    [
      "requireMention false",
      inGroup(false),
      { ...base, groups: { "*": { requireMention: false } } },
      false,
      { allow: true },
    ],
    [
      "open group policy still needs a mention",
      inGroup(false),
      { ...base, groupPolicy: "open" },
      false,
      { allow: false },
    ],
    [
      "group allowFrom refuses others",
      inGroup(true, "8"),
      { ...base, groups: { "-100": { allowFrom: ["7"] } } },
      false,
      { allow: false },
    ],
    [
      "group disabled",
      inGroup(true),
      { ...base, groups: { "-100": { enabled: false } } },
      false,
      { allow: false },
    ],
    [
      "groupPolicy disabled",
      inGroup(true),
      { ...base, groupPolicy: "disabled", groups: { "*": {} } },
      false,
      { allow: false },
    ],
  ] as const)("%s", (_name, message, settings, approved, expected) => {
    expect(decideAccess(message, settings, approved)).toMatchObject(expected);
  });

  it("carries the group's tool policy", () => {
    const decision = decideAccess(
      inGroup(true),
      { ...base, groups: { "-100": { tools: { deny: ["exec"] } } } },
      false,
    );
    expect(decision).toEqual({ allow: true, tools: { deny: ["exec"] } });
  });

  it("asks groupOf instead of groups when a platform nests its settings", () => {
    const settings: AccessSettings = {
      ...base,
      groups: { "-100": { requireMention: false } },
      groupOf: (message) => (message.guildId === "g1" ? { requireMention: false } : undefined),
    };
    const inGuild = { ...inGroup(false), guildId: "g1" };
    expect(decideAccess(inGuild, settings, false)).toEqual({ allow: true });
    expect(decideAccess(inGroup(false), settings, false)).toMatchObject({ allow: false });
  });
});
