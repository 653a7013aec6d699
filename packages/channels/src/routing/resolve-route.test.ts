import { describe, expect, it } from "vitest";
import { type RouteBinding, resolveRoute } from "./resolve-route.js";

const dm = { kind: "direct" as const, id: "42" };
const group = { kind: "group" as const, id: "-100" };

describe("resolveRoute", () => {
  const bindings: RouteBinding[] = [
    { agentId: "by-channel", match: { channel: "telegram", accountId: "*" } },
    { agentId: "by-account", match: { channel: "telegram", accountId: "work" } },
    { agentId: "by-guild", match: { channel: "discord", guildId: "g1" } },
    { agentId: "by-parent", match: { channel: "discord", peer: { kind: "channel", id: "c1" } } },
    { agentId: "by-peer", match: { channel: "telegram", accountId: "*", peer: group } },
    { agentId: "by-peer-later", match: { channel: "telegram", accountId: "*", peer: group } },
  ];

  it.each([
    [
      "peer beats account and channel",
      { channel: "telegram", accountId: "work", peer: group },
      "by-peer",
      "peer",
    ],
    ["account beats channel", { channel: "telegram", accountId: "Work", peer: dm }, "by-account", "account"],
    ["channel wildcard", { channel: "telegram", accountId: "other", peer: dm }, "by-channel", "channel"],
    [
      "parent peer beats guild",
      {
        channel: "discord",
        peer: { kind: "channel" as const, id: "t9" },
        parentPeer: { kind: "channel" as const, id: "c1" },
        guildId: "g1",
      },
      "by-parent",
      "parent-peer",
    ],
    [
      "guild",
      { channel: "discord", peer: { kind: "channel" as const, id: "c2" }, guildId: "g1" },
      "by-guild",
      "guild",
    ],
    ["default agent last", { channel: "slack", peer: dm }, "main", "default"],
  ])("%s", (_name, input, agentId, tier) => {
    const decision = resolveRoute(bindings, input, "main");
    expect(decision.agentId).toBe(agentId);
    expect(decision.tier).toBe(tier);
  });

  it("first match in config order wins within a tier, and the reason names it", () => {
    const decision = resolveRoute(bindings, { channel: "telegram", peer: group }, "main");
    expect(decision.bindingIndex).toBe(4);
    expect(decision.reason).toBe('bindings[4] matched by peer group:-100 → agent "by-peer"');
    expect(decision.considered.filter((c) => c.matched).map((c) => c.index)).toEqual([0, 4, 5]);
  });

  it("a binding without accountId matches the default account only", () => {
    const only = [{ agentId: "x", match: { channel: "telegram" } }];
    expect(resolveRoute(only, { channel: "telegram", peer: dm }, "main").agentId).toBe("x");
    const other = resolveRoute(only, { channel: "telegram", accountId: "work", peer: dm }, "main");
    expect(other.agentId).toBe("main");
    expect(other.considered[0]?.why).toBe('account "default" ≠ "work"');
  });
});
