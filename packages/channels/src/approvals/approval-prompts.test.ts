import { describe, expect, it } from "vitest";
import type { AccessSettings } from "../access/access-policy.js";
import type { ChannelAction } from "../contract/channel.js";
import { mayDecideApproval } from "./approval-prompts.js";

const press = (peer: ChannelAction["peer"], senderId: string, username?: string): ChannelAction => ({
  peer,
  sender: { id: senderId, ...(username ? { username } : {}) },
  data: "exec:1:once",
  messageId: "5",
});
const open: AccessSettings = { dmPolicy: "open", groupPolicy: "open", groups: { "*": { allowFrom: ["*"] } } };
const named: AccessSettings = {
  dmPolicy: "pairing",
  groupPolicy: "allowlist",
  allowFrom: ["@owner"],
  groups: { "-100": { allowFrom: ["7"] } },
};

describe("who may decide an exec approval", () => {
  it.each([
    ["the person of a direct chat", press({ kind: "direct", id: "42" }, "42"), open, true],
    ["someone else in a direct chat", press({ kind: "direct", id: "42" }, "43"), open, false],
    ["a group member when allowFrom is only *", press({ kind: "group", id: "-100" }, "9"), open, false],
    ["a sender named in the group's allowFrom", press({ kind: "group", id: "-100" }, "7"), named, true],
    ["the account's named owner in a group", press({ kind: "group", id: "-100" }, "8", "Owner"), named, true],
    ["an unnamed group member", press({ kind: "group", id: "-100" }, "9"), named, false],
  ])("%s", (_name, action, settings, expected) => {
    expect(mayDecideApproval(action, settings)).toBe(expected);
  });
});
