import { describe, expect, it } from "vitest";
import { resolveDmScope, senderOwnership } from "./sender-owner.js";

const owners = { entries: ["+15551234567", "telegram:42"], source: "agents.defaults.identity.ownerNumbers" };

describe("senderOwnership", () => {
  it.each([
    ["telegram", "42", true, "sender telegram:42 is the owner (agents.defaults.identity.ownerNumbers[1])"],
    [
      "telegram",
      "43",
      false,
      "sender telegram:43 is not the owner (not in agents.defaults.identity.ownerNumbers)",
    ],
    [
      "discord",
      "42",
      false,
      "sender discord:42 is not the owner (not in agents.defaults.identity.ownerNumbers)",
    ],
  ])("%s %s → owner %s", (channel, sender, isOwner, reason) => {
    expect(senderOwnership(owners, channel, sender)).toEqual({ isOwner, reason });
  });

  it("nobody is the owner without entries, and the reason says so", () => {
    expect(senderOwnership(undefined, "telegram", "42")).toEqual({
      isOwner: false,
      reason: "sender telegram:42 is not the owner (identity.ownerNumbers is empty: nobody on a channel is)",
    });
  });
});

describe("resolveDmScope", () => {
  it.each([
    [undefined, true, "main", "the owner's DMs use the main session"],
    [undefined, false, "per-channel-peer", "gets its own session (per-channel-peer)"],
    ["main", false, "main", "this non-owner shares the owner's main session"],
    ["main", true, "main", 'session.dmScope "main" (configured)'],
    ["per-peer", true, "per-peer", 'session.dmScope "per-peer" (configured)'],
  ] as const)("configured %s, owner %s → %s", (configured, isOwner, scope, why) => {
    const decision = resolveDmScope(configured, isOwner);
    expect(decision.scope).toBe(scope);
    expect(decision.reason).toContain(why);
  });
});
