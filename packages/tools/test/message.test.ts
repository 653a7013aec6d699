/** The message tool's rules with a recording port: targets, policy, capabilities, the current turn. */
import { describe, expect, it } from "vitest";
import { createMessageTool, type MessagePort, type MessageTarget, targetRefusal } from "../src/index.js";
import { text } from "./helpers.js";

const own: MessageTarget = { channel: "telegram", to: "42" };

describe("targetRefusal", () => {
  it.each<[string, MessageTarget, MessageTarget | undefined, string[], boolean]>([
    ["own conversation", { channel: "telegram", to: "42" }, own, [], true],
    ["own chat, other thread", { channel: "telegram", to: "42", threadId: "9" }, own, [], false],
    ["own chat, other account", { channel: "telegram", to: "42", accountId: "work" }, own, [], false],
    ["other chat, no policy", { channel: "telegram", to: "7" }, own, [], false],
    ["other chat named", { channel: "telegram", to: "7" }, own, ["telegram:7"], true],
    ["channel wildcard", { channel: "telegram", to: "-100" }, own, ["telegram:*"], true],
    ["other channel not covered by wildcard", { channel: "discord", to: "7" }, own, ["telegram:*"], false],
    ["everything", { channel: "discord", to: "7" }, undefined, ["*"], true],
    ["no conversation, no policy", { channel: "telegram", to: "42" }, undefined, [], false],
  ])("%s", (_, target, conversation, allow, allowed) => {
    expect(targetRefusal(target, conversation, allow) === undefined).toBe(allowed);
  });

  it("says how to allow a refused target", () => {
    expect(targetRefusal({ channel: "telegram", to: "7" }, own, [])).toBe(
      'telegram:7 is not this session\'s conversation (telegram:42); other chats need tools.message.allowTargets to name them (e.g. "telegram:7" or "telegram:*").',
    );
  });
});

function fakePort(
  options: {
    replying?: boolean;
    edits?: boolean;
    reactions?: boolean;
    reactionDelivered?: boolean;
    conversation?: boolean;
  } = {},
) {
  const calls: unknown[][] = [];
  const port: MessagePort = {
    conversation: (key) =>
      options.conversation === false || key !== "agent:main:main"
        ? undefined
        : { ...own, replying: options.replying ?? false },
    capabilities: (channel) =>
      channel === "telegram"
        ? { edits: options.edits ?? true, reactions: options.reactions ?? true, maxTextLength: 10 }
        : undefined,
    async send(target, body) {
      calls.push(["send", target, body]);
      return { outboxId: 5, chunks: 1, messageId: "m-77" };
    },
    async edit(target, id, body) {
      calls.push(["edit", target, id, body]);
    },
    async react(target, id, emoji) {
      calls.push(["react", target, id, emoji]);
      return { outboxId: 6, delivered: options.reactionDelivered ?? true };
    },
  };
  return { port, calls };
}

const run = (port: MessagePort, args: Record<string, unknown>, allow: string[] = []) =>
  createMessageTool({ port, allowTargets: () => allow }).execute(args as never, {
    toolCallId: "t",
    signal: new AbortController().signal,
    sessionKey: "agent:main:main",
    agentId: "main",
  });

describe("message tool", () => {
  it("sends to its own conversation by default and reports the outbox id and message id", async () => {
    const { port, calls } = fakePort();
    const result = await run(port, { action: "send", text: "Build finished" });
    expect(calls).toEqual([["send", own, "Build finished"]]);
    expect(text(result)).toBe("Queued to telegram:42 (outbox #5, 1 part); message id m-77.");
  });

  it("refuses to answer the message being handled through the tool", async () => {
    const { port, calls } = fakePort({ replying: true });
    await expect(run(port, { action: "send", text: "hi" })).rejects.toThrow(/normal reply/);
    expect(calls).toEqual([]);
    await run(port, { action: "react", messageId: "9", emoji: "👍" });
    expect(calls).toHaveLength(1);
  });

  it("reaches another chat only when policy names it", async () => {
    const { port, calls } = fakePort();
    await expect(run(port, { action: "send", text: "x", channel: "telegram", to: "7" })).rejects.toThrow(
      /tools\.message\.allowTargets/,
    );
    await run(port, { action: "send", text: "x", channel: "Telegram", to: " 7 " }, ["telegram:7"]);
    expect(calls).toEqual([["send", { channel: "telegram", to: "7" }, "x"]]);
  });

  it("honours capabilities and limits", async () => {
    const { port } = fakePort({ edits: false });
    await expect(run(port, { action: "edit", messageId: "1", text: "x" })).rejects.toThrow(/cannot edit/);
    const editable = fakePort().port;
    await expect(run(editable, { action: "edit", messageId: "1", text: "x".repeat(11) })).rejects.toThrow(
      /must fit one message \(10 characters/,
    );
    await expect(
      run(editable, { action: "send", text: "x", channel: "discord", to: "1" }, ["*"]),
    ).rejects.toThrow(/no discord account "default" is configured/);
  });

  it("reacts through the port's outbox; says when the reaction is still queued; refuses without reactions", async () => {
    const delivered = fakePort();
    expect(text(await run(delivered.port, { action: "react", messageId: "9", emoji: "👍" }))).toBe(
      "Reacted 👍 to message 9 in telegram:42.",
    );
    expect(delivered.calls).toEqual([["react", own, "9", "👍"]]);
    const busy = fakePort({ reactionDelivered: false }).port;
    expect(text(await run(busy, { action: "react", messageId: "9", emoji: "👍" }))).toBe(
      "Reaction 👍 to message 9 in telegram:42 is queued (outbox #6); telegram is busy, it will be retried.",
    );
    const plain = fakePort({ reactions: false });
    await expect(run(plain.port, { action: "react", messageId: "9", emoji: "👍" })).rejects.toThrow(
      "message: telegram does not support reactions.",
    );
    expect(plain.calls).toEqual([]);
  });

  it("asks for what each action needs", async () => {
    const { port } = fakePort();
    await expect(run(port, { action: "send" })).rejects.toThrow("message: send needs text.");
    await expect(run(port, { action: "react", emoji: "👍" })).rejects.toThrow(
      "message: react needs messageId.",
    );
    await expect(run(port, { action: "send", text: "x", channel: "telegram" })).rejects.toThrow(
      /both channel and to/,
    );
    const lonely = fakePort({ conversation: false }).port;
    await expect(run(lonely, { action: "send", text: "x" })).rejects.toThrow(/no chat conversation/);
  });
});
