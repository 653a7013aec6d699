import { describe, expect, it } from "vitest";
import type { ChannelAction } from "../contract/channel.js";
import type { DeliveryTarget } from "../outbox/channel-outbox.js";
import { type ApprovalDeciders, decidersOn, mayDecideApproval } from "./approval-deciders.js";
import { type ChatRoute, commandOfPromptText, createApprovalPrompts } from "./approval-prompts.js";

const owners = {
  entries: ["telegram:42", "slack:U7", "+15551234567"],
  source: "agents.defaults.identity.ownerNumbers",
};

describe("who may decide an exec approval", () => {
  it.each([
    ["the owner", "telegram", "42", { owners }, true],
    ["a paired stranger (the requester of their own command)", "telegram", "43", { owners }, false],
    ["the owner's id on another channel", "discord", "42", { owners }, false],
    ["the owner on Slack", "slack", "U7", { owners }, true],
    ["a configured approver", "telegram", "9", { owners, approvers: ["9"] }, true],
    ["anyone when no owner or approver is configured", "telegram", "42", {}, false],
    ["an E.164 owner on a phone channel", "signal", "+15551234567", { owners }, true],
  ] as const)("%s", (_name, channel, sender, deciders, expected) => {
    expect(mayDecideApproval(channel, sender, deciders as ApprovalDeciders)).toBe(expected);
  });

  it("DMs go to the channel's owners, then its approvers, once each", () => {
    expect(decidersOn("telegram", { owners, approvers: ["9", "42"] })).toEqual(["42", "9"]);
    expect(decidersOn("discord", { owners })).toEqual([]);
  });
});

function harness(route: ChatRoute, deciders: ApprovalDeciders = { owners }) {
  const posts: { to: string; text: string; buttons: boolean }[] = [];
  const idOf = (to: DeliveryTarget["to"]) => (typeof to === "string" ? to : to.id);
  const edits: { peer: string; messageId: string; text: string }[] = [];
  const pending = new Set<string>();
  const resolvedBy: string[] = [];
  let nextId = 70;
  const approvals = createApprovalPrompts({
    routeOf: () => route,
    canShowButtons: () => true,
    deliver: async (target, text, options) => {
      posts.push({ to: idOf(target.to), text, buttons: options?.buttons !== undefined });
      nextId++;
      return { status: "queued", outboxId: nextId, chunks: 1 };
    },
    settled: async (outboxId) => ({
      outboxId,
      chunks: [{ idx: 0, status: "delivered", platformMessageId: String(outboxId) }],
    }),
    edit: async (_channel, _account, target, messageId, text) =>
      void edits.push({ peer: target.peer.id, messageId, text }),
    resolve: (id, _choice, by) => {
      resolvedBy.push(by);
      return pending.delete(id);
    },
    deciders: () => deciders,
  });
  const press = (senderId: string, peerId: string, id = "a1"): ChannelAction => ({
    peer: { kind: "direct", id: peerId },
    sender: { id: senderId },
    data: `exec:${id}:once`,
    messageId: "71",
  });
  const channel = { id: "telegram", accountId: "default" };
  const request = {
    id: "a1",
    command: "touch x",
    sessionKey: "agent:main:telegram:dm:43",
    expiresAtMs: Date.now() + 60_000,
  };
  return { approvals, posts, edits, pending, resolvedBy, press, channel, request };
}

const dmOf = (id: string, requester?: ChatRoute["requester"]): ChatRoute => ({
  channel: "telegram",
  accountId: "default",
  target: { peer: { kind: "direct", id } },
  ...(requester ? { requester } : {}),
});

describe("where a prompt goes", () => {
  it("the owner's own request: buttons in the owner's chat", async () => {
    const h = harness(dmOf("42", { id: "42", isOwner: true }));
    expect(await h.approvals.requested({ ...h.request, sessionKey: "agent:main:main" })).toBe(true);
    expect(h.posts).toEqual([{ to: "42", text: expect.stringContaining("touch x"), buttons: true }]);
  });

  it("a stranger's request: the prompt to the owner's DM, 'waiting' without buttons to the stranger", async () => {
    const h = harness(dmOf("43", { id: "43", isOwner: false }));
    h.pending.add("a1");
    await h.approvals.requested(h.request);
    expect(h.posts.map((p) => [p.to, p.buttons])).toEqual([
      ["42", true],
      ["43", false],
    ]);
    expect(h.posts[0]?.text).toContain("From: telegram:43");
    expect(h.posts[1]?.text).toMatch(/^⏳ Waiting for the owner to approve this command:\n\ntouch x\n/);

    // The stranger presses Allow (their client replays the callback): refused, still pending.
    expect(await h.approvals.action(h.channel, h.press("43", "43"))).toEqual({
      text: "Only the owner (or a configured approver) can approve this.",
    });
    expect(h.pending.has("a1")).toBe(true);
    expect(h.resolvedBy).toEqual([]);

    // The owner presses Allow in their DM: resolved, both messages show the outcome.
    expect(await h.approvals.action(h.channel, h.press("42", "42"))).toEqual({ text: "✅ Allowed once" });
    expect(h.resolvedBy).toEqual(["telegram:42"]);
    await h.approvals.resolved("a1", "allow-once", "user");
    expect(h.edits).toEqual([
      { peer: "42", messageId: "71", text: "✅ Allowed once\n\ntouch x" },
      { peer: "43", messageId: "72", text: "✅ Allowed once\n\ntouch x" },
    ]);
  });

  it("no owner known on the channel: only the 'waiting' notice, naming the CLI and the Control UI", async () => {
    const h = harness(dmOf("43", { id: "43", isOwner: false }), {
      owners: { entries: ["slack:U7"], source: "x" },
    });
    await h.approvals.requested(h.request);
    expect(h.posts).toHaveLength(1);
    expect(h.posts[0]).toMatchObject({ to: "43", buttons: false });
    expect(h.posts[0]?.text).toContain("Decide with `claw approvals` or in the Control UI.");
    expect(commandOfPromptText(h.posts[0]?.text ?? "")).toBe("touch x");
  });

  it("a configured approver requesting in a group gets the buttons there", async () => {
    const route: ChatRoute = {
      channel: "telegram",
      accountId: "default",
      target: { peer: { kind: "group", id: "-100" } },
      requester: { id: "9" },
    };
    const h = harness(route, { owners, approvers: ["9"] });
    await h.approvals.requested(h.request);
    expect(h.posts.map((p) => [p.to, p.buttons])).toEqual([["-100", true]]);
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
        requester: { id: "42", isOwner: true },
      }),
      canShowButtons: () => true,
      deliver: async () => ({ status: "queued", outboxId: 1, chunks: 1 }),
      settled: async () => ({
        outboxId: 1,
        chunks: [{ idx: 0, status: "delivered", platformMessageId: "77" }],
      }),
      edit: async (_channel, _account, _target, messageId, text) => void edits.push({ messageId, text }),
      resolve: (id) => pending.delete(id),
      deciders: () => ({ owners }),
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
