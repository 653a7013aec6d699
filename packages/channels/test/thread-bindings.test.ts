/**
 * Thread bindings in state.db and the subagent threads built on them: where a thread is opened,
 * the errors when it cannot be, and an announce posted once even when asked again after a restart.
 */
import { afterEach, describe, expect, it } from "vitest";
import {
  type Channel,
  createSubagentThreads,
  type DeliverFn,
  type DeliveryTarget,
  isUnfocusCommand,
  openThreadBindingStore,
  type SessionChat,
} from "../src/index.js";
import { tempStateDb } from "./sqlite.js";

const REQUESTER = "agent:main:discord:channel:12";
const CHILD = "agent:main:subagent:9f";
const GENERAL: SessionChat = {
  channel: "discord",
  accountId: "default",
  peer: { kind: "channel", id: "12" },
};
const threaded = (createThread?: Channel["createThread"]) => ({
  capabilities: {
    chatTypes: ["channel" as const],
    maxTextLength: 2000,
    markdown: "markdown" as const,
    threads: true,
  },
  ...(createThread ? { createThread } : {}),
});
const request = { runId: "r1", childSessionKey: CHILD, requesterSessionKey: REQUESTER, agentId: "main" };

describe("isUnfocusCommand", () => {
  it.each([
    ["/unfocus", true],
    ["  /UNFOCUS ", true],
    ["@claw_test_bot /unfocus", true],
    ["/unfocus@claw_bot", true],
    ["/unfocus now", false],
    ["please /unfocus", false],
    ["/unfocused", false],
  ])("%j → %s", (text, expected) => {
    expect(isUnfocusCommand(text)).toBe(expected);
  });
});

describe("thread bindings", () => {
  let state = tempStateDb();
  afterEach(() => {
    state.cleanup();
    state = tempStateDb();
  });

  function setup(
    channel: Pick<Channel, "capabilities" | "createThread"> = threaded(async () => ({ threadId: "34" })),
    chat: SessionChat | null = GENERAL,
  ) {
    const bindings = openThreadBindingStore(state.db);
    const delivered: { target: DeliveryTarget; text: string; source?: string }[] = [];
    const deliver: DeliverFn = async (target, text, options) => {
      // As the outbox does: `within` commits with the queued message.
      state.db.transaction(() => {
        options?.within?.();
        delivered.push({ target, text, ...(options?.source ? { source: options.source } : {}) });
      })();
      return { status: "queued", outboxId: delivered.length, chunks: 1 };
    };
    const threads = createSubagentThreads({
      bindings,
      channelOf: () => channel,
      chatOf: (key) => (key === REQUESTER ? (chat ?? undefined) : undefined),
      deliver,
    });
    return { bindings, threads, delivered };
  }

  it("opens `Subagent: <label>` in the requester's chat, routes it to the child, and keeps it across a reopen", async () => {
    const opened: [string, string][] = [];
    const t = setup(
      threaded(async (parent, name) => {
        opened.push([parent.id, name]);
        return { threadId: "34" };
      }),
    );
    const binding = await t.threads.bind({ ...request, label: "research", mode: "session" });
    expect(opened).toEqual([["12", "Subagent: research"]]);
    expect(binding).toMatchObject({ channel: "discord", threadId: "34", sessionKey: CHILD, mode: "session" });
    const reopened = openThreadBindingStore(state.open());
    expect(reopened.activeFor("discord", "default", "34")).toMatchObject({
      sessionKey: CHILD,
      label: "research",
    });
    expect(t.threads.keepsSession(CHILD)).toBe(true);
    expect(t.bindings.end("discord", "default", "34", "/unfocus")).toBe(true);
    expect(t.bindings.end("discord", "default", "34", "/unfocus")).toBe(false);
    expect(t.bindings.activeFor("discord", "default", "34")).toBeUndefined();
    expect(t.threads.keepsSession(CHILD)).toBe(false);
  });

  it('posts the result in the thread once; a "run" binding ends with it', async () => {
    const t = setup();
    await t.threads.bind({ ...request, mode: "run" });
    expect(await t.threads.announce(CHILD, "the answer")).toBe("posted");
    expect(await t.threads.announce(CHILD, "the answer")).toBe("already");
    expect(t.delivered).toEqual([
      {
        target: {
          channel: "discord",
          accountId: "default",
          to: GENERAL.peer,
          thread: { kind: "thread", id: "34" },
        },
        text: "the answer",
        source: "subagent:r1",
      },
    ]);
    expect(t.bindings.ofSession(CHILD)).toMatchObject({ endedReason: 'the run ended (mode "run")' });
    expect(t.bindings.active()).toEqual([]);
    expect(await t.threads.announce("agent:main:subagent:other", "x")).toBe("unbound");
  });

  it("a thread unfocused before the result sends the result back to the requester (unbound)", async () => {
    const t = setup();
    await t.threads.bind({ ...request, mode: "session" });
    t.bindings.end("discord", "default", "34", "/unfocus");
    expect(await t.threads.announce(CHILD, "late")).toBe("unbound");
    expect(t.delivered).toEqual([]);
  });

  it.each([
    ["no chat", threaded(async () => ({ threadId: "1" })), null, /has not talked on a chat channel/],
    [
      "a channel without threads",
      { capabilities: { chatTypes: ["direct" as const], maxTextLength: 4096, markdown: "html" as const } },
      GENERAL,
      /discord cannot open threads/,
    ],
    [
      "the platform refuses",
      threaded(async () => {
        throw new Error("403 Missing Permissions");
      }),
      GENERAL,
      /could not open a thread in discord channel:12: 403 Missing Permissions/,
    ],
  ])("refuses with a clear error: %s, and binds nothing", async (_name, channel, chat, expected) => {
    const t = setup(channel, chat);
    await expect(t.threads.bind({ ...request, mode: "run" })).rejects.toThrow(expected);
    expect(t.bindings.active()).toEqual([]);
  });
});
