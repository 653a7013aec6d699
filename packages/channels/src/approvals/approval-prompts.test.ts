import { describe, expect, it } from "vitest";
import type { AccessSettings } from "../access/access-policy.js";
import type { ChannelAction } from "../contract/channel.js";
import { commandOfPromptText, createApprovalPrompts, mayDecideApproval } from "./approval-prompts.js";

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

describe("a press on a prompt from before a restart", () => {
  const promptOf = (command: string, reason?: string) =>
    [
      "🔐 Approve this command?",
      "",
      command,
      "",
      ...(reason ? [`Why: ${reason}`] : []),
      "Expires in 60 s.",
    ].join("\n");

  it.each([
    ["with a reason", promptOf("rm -rf build", "not in the allowlist"), "rm -rf build"],
    ["without a reason", promptOf("ls"), "ls"],
    ["a multi-line command", promptOf("echo a\necho b"), "echo a\necho b"],
    ["a text that is no prompt", "hello", "hello"],
  ])("finds the command in the prompt's text (%s)", (_name, text, command) => {
    expect(commandOfPromptText(text)).toBe(command);
  });

  function prompts() {
    const edits: { messageId: string; text: string }[] = [];
    const pending = new Set<string>();
    const approvals = createApprovalPrompts({
      routeOf: () => ({
        channel: "telegram",
        accountId: "default",
        target: { peer: { kind: "direct", id: "42" } },
      }),
      canShowButtons: () => true,
      deliver: async () => ({ status: "queued", outboxId: 1, chunks: 1 }),
      settled: async () => ({
        outboxId: 1,
        chunks: [{ idx: 0, status: "delivered", platformMessageId: "77" }],
      }),
      edit: async (_channel, _account, _target, messageId, text) => void edits.push({ messageId, text }),
      resolve: (id) => pending.delete(id),
      access: () => open,
    });
    const pressOn = (messageId: string, id: string, messageText?: string): ChannelAction => ({
      peer: { kind: "direct", id: "42" },
      sender: { id: "42" },
      data: `exec:${id}:once`,
      messageId,
      ...(messageText !== undefined ? { messageText } : {}),
    });
    const channel = { id: "telegram", accountId: "default" };
    return { approvals, edits, pending, pressOn, channel };
  }

  it("takes the buttons off a prompt whose approval died with the old process, keeping the command", async () => {
    const { approvals, edits, pressOn, channel } = prompts();
    const answer = await approvals.action(channel, pressOn("55", "old-id", promptOf("make deploy")));
    expect(answer).toEqual({ text: "This approval is no longer pending." });
    expect(edits).toEqual([{ messageId: "55", text: "⌛ No longer pending\n\nmake deploy" }]);
  });

  it("leaves a prompt this process settled as it is (its outcome is already shown)", async () => {
    const { approvals, edits, pending, pressOn, channel } = prompts();
    pending.add("a1");
    await approvals.requested({
      id: "a1",
      command: "ls",
      sessionKey: "agent:main:telegram:dm:42",
      expiresAtMs: Date.now() + 60_000,
    });
    expect(await approvals.action(channel, pressOn("77", "a1", promptOf("ls")))).toEqual({
      text: "✅ Allowed once",
    });
    await approvals.resolved("a1", "allow-once", "user");
    expect(edits).toEqual([{ messageId: "77", text: "✅ Allowed once\n\nls" }]);
    expect(await approvals.action(channel, pressOn("77", "a1", "✅ Allowed once\n\nls"))).toEqual({
      text: "This approval is no longer pending.",
    });
    expect(edits).toHaveLength(1);
  });
});
