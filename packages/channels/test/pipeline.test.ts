/**
 * The layer end to end with the toy channel and a real agent-core runtime over the faux model:
 * pairing, routing, groups, topics, the outbox, and isolation of a failing account.
 */
import { afterEach, describe, expect, it } from "vitest";
import {
  type AccessSettings,
  createChannelManager,
  createChannelOutbox,
  createChannelPipeline,
  openAccountState,
  openLastRouteStore,
  openOutboxStore,
  openPairingStore,
} from "../src/index.js";
import { createToyChannel, ToyPlatform } from "../src/testing/index.js";
import { fauxRuntime } from "./helpers.js";
import { tempStateDb } from "./sqlite.js";

const lastUser = (messages: readonly { role: string; content: unknown }[]) => {
  const last = [...messages].reverse().find((m) => m.role === "user");
  return typeof last?.content === "string" ? last.content : JSON.stringify(last?.content);
};

async function setup(access: Partial<AccessSettings> = {}, accounts = ["default"], failing: string[] = []) {
  const state = tempStateDb();
  const { runtime } = fauxRuntime([(call) => `seen: ${lastUser(call.context.messages)}`], {
    faux: { whenExhausted: "repeat-last" },
  });
  const platform = new ToyPlatform();
  const pairing = openPairingStore(state.db);
  const accountState = openAccountState(state.db);
  const lastRoutes = openLastRouteStore(state.db);
  let manager: ReturnType<typeof createChannelManager> | undefined;
  const outbox = createChannelOutbox({
    store: openOutboxStore(state.db),
    send: (...args) => (manager as ReturnType<typeof createChannelManager>).send(...args),
    textLimit: () => 400,
  });
  const pipeline = createChannelPipeline({
    runtime,
    routing: {
      defaultAgentId: "main",
      dmScope: "per-channel-peer",
      bindings: [{ agentId: "main", match: { channel: "toy", accountId: "*" } }],
    },
    access: () => ({ dmPolicy: "pairing", groupPolicy: "open", ...access }),
    pairing,
    state: accountState,
    lastRoutes,
    deliver: outbox.deliver,
  });
  const errors: string[] = [];
  manager = createChannelManager({
    accounts: [...accounts, ...failing].map((accountId) => ({
      channel: "toy",
      accountId,
      enabled: true,
      configured: true,
      create: () =>
        createToyChannel(platform, {
          accountId,
          ...(failing.includes(accountId) ? { failStart: "401 Unauthorized" } : {}),
        }),
    })),
    state: accountState,
    onInbound: async (channel, message) => void (await pipeline.handle(channel, message)),
    restart: { minDelayMs: 20, maxDelayMs: 40 },
    log: (level, text) => (level !== "info" ? errors.push(text) : undefined),
    onConnected: () => outbox.kick(),
  });
  outbox.start();
  await manager.start();
  const settle = async () => {
    await pipeline.drained();
    while (outbox.pending() > 0) await new Promise((r) => setTimeout(r, 5));
  };
  const close = async () => {
    await manager?.stop();
    await outbox.stop();
    state.cleanup();
  };
  return { platform, pairing, pipeline, manager, outbox, settle, close, runtime, errors, state, lastRoutes };
}

const dm = (id: string, text: string, messageId?: string) => ({
  peer: { kind: "direct" as const, id },
  sender: { id, username: `user${id}` },
  text,
  ...(messageId ? { messageId } : {}),
});

describe("channel pipeline", () => {
  let env: Awaited<ReturnType<typeof setup>> | undefined;
  afterEach(async () => {
    await env?.close();
    env = undefined;
  });

  it("an unknown DM gets a pairing code; after approval the next message reaches the agent", async () => {
    env = await setup();
    await env.platform.type("default", dm("42", "hello?"));
    await env.settle();
    expect(env.platform.sent).toHaveLength(1);
    const code = /\n\n([A-Z0-9]{8})\n\n/.exec(env.platform.sent[0]?.text ?? "")?.[1];
    expect(code).toBeDefined();
    await env.platform.type("default", dm("42", "again?"));
    await env.settle();
    expect(env.platform.sent).toHaveLength(1); // no second code within renotifyMs, and no run

    expect(env.pairing.approve("toy", code as string)).toMatchObject({ senderId: "42" });
    await env.platform.type("default", dm("42", "now?"));
    await env.settle();
    expect(env.platform.sent.at(-1)?.text).toBe("seen: now?");
    expect(env.platform.sent.at(-1)?.target.peer).toEqual({ kind: "direct", id: "42" });
  });

  it("a redelivered platform message is handled once", async () => {
    env = await setup({ dmPolicy: "open" });
    await env.platform.type("default", dm("7", "once", "m-1"));
    await env.platform.type("default", dm("7", "once", "m-1"));
    await env.settle();
    expect(env.platform.sent.map((s) => s.text)).toEqual(["seen: once"]);
  });

  it("groups: ignored without a mention, answered with one; a topic gets its own session", async () => {
    env = await setup({ groupPolicy: "open" });
    const group = { peer: { kind: "group" as const, id: "-100" }, sender: { id: "9" } };
    await env.platform.type("default", { ...group, text: "no mention" });
    await env.platform.type("default", { ...group, text: "@bot hi", mentioned: true });
    await env.platform.type("default", {
      ...group,
      text: "@bot topic",
      mentioned: true,
      thread: { kind: "topic", id: "7" },
    });
    await env.settle();
    expect(env.platform.sent.map((s) => s.text).sort()).toEqual(["seen: @bot hi", "seen: @bot topic"]);
    const keys = (await env.runtime.sessions.list()).map((s) => s.sessionKey).sort();
    expect(keys).toEqual(["agent:main:toy:group:-100", "agent:main:toy:group:-100:topic:7"]);
    expect(env.platform.sent.find((s) => s.text === "seen: @bot topic")?.target.thread).toEqual({
      kind: "topic",
      id: "7",
    });
  });

  it("remembers the chat each session last talked on, durably; a refused sender records nothing", async () => {
    env = await setup({ groupPolicy: "open" });
    await env.platform.type("default", dm("42", "not paired yet"));
    await env.settle();
    expect(env.lastRoutes.get("agent:main:toy:dm:42")).toBeUndefined();
    const group = { peer: { kind: "group" as const, id: "-100" }, sender: { id: "9" }, mentioned: true };
    await env.platform.type("default", { ...group, text: "@bot a", thread: { kind: "topic", id: "3" } });
    await env.platform.type("default", { ...group, text: "@bot b", thread: { kind: "topic", id: "7" } });
    await env.settle();
    const reopened = openLastRouteStore(env.state.db);
    expect(reopened.get("agent:main:toy:group:-100:topic:7")).toMatchObject({
      channel: "toy",
      accountId: "default",
      peer: { kind: "group", id: "-100" },
      thread: { kind: "topic", id: "7" },
    });
    expect(reopened.get("agent:main:toy:group:-100:topic:3")?.thread).toEqual({ kind: "topic", id: "3" });
    expect(reopened.get("agent:main:main")).toBeUndefined();
  });

  it("explains routes with the session key", async () => {
    env = await setup();
    const decision = env.pipeline.explain({
      channel: "toy",
      accountId: "work",
      peer: { kind: "direct", id: "5" },
    });
    expect(decision).toMatchObject({
      agentId: "main",
      tier: "channel",
      bindingIndex: 0,
      sessionKey: "agent:main:toy:dm:5",
    });
  });

  it("a failing account restarts with backoff and never affects the others", async () => {
    env = await setup({ dmPolicy: "open" }, ["good"], ["bad"]);
    await new Promise((r) => setTimeout(r, 120));
    const status = env.manager.status()[0]?.accounts ?? [];
    const bad = status.find((a) => a.accountId === "bad");
    expect(bad).toMatchObject({ running: false, connected: false, lastError: "401 Unauthorized" });
    expect(bad?.reconnectAttempts).toBeGreaterThanOrEqual(2);
    expect(status.find((a) => a.accountId === "good")).toMatchObject({
      running: true,
      connected: true,
      lastError: null,
    });
    await env.platform.type("good", dm("1", "still here"));
    await env.settle();
    expect(env.platform.sent.map((s) => [s.accountId, s.text])).toEqual([["good", "seen: still here"]]);
  });
});
