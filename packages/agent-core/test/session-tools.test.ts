import type { Context, FauxStep } from "@claw/providers";
import { Type } from "typebox";
import { describe, expect, it } from "vitest";
import { type AgentTool, type ToolExecutionContext, textResult } from "../src/index.js";
import { createSessionTools } from "../src/session-tools/index.js";
import { openSubagentOutbox } from "../src/subagents/outbox.js";
import { createSubagentRegistry } from "../src/subagents/registry.js";
import { echoTool, fauxRuntime } from "./helpers.js";

const MAIN = "agent:main:main";
const GROUP = "agent:main:discord:group:7";
const lastUser = (context: Context) => {
  const m = [...context.messages].reverse().find((x) => x.role === "user");
  return typeof m?.content === "string" ? m.content : "";
};
const ctx = (sessionKey = MAIN): ToolExecutionContext => ({
  toolCallId: "t1",
  signal: new AbortController().signal,
  sessionKey,
  agentId: "main",
});

async function call(tools: AgentTool[], name: string, args: Record<string, unknown>, sessionKey = MAIN) {
  const tool = tools.find((t) => t.name === name);
  if (!tool) throw new Error(`no tool ${name}`);
  const result = await tool.execute(args as never, ctx(sessionKey));
  const text = result.content.map((c) => (c.type === "text" ? c.text : "")).join("");
  return {
    isError: result.isError === true,
    text,
    value: result.isError ? undefined : (JSON.parse(text) as Record<string, unknown>),
  };
}

const resultValue = (result: { value?: Record<string, unknown> }): Record<string, unknown> =>
  result.value ?? {};

function setup(
  script: FauxStep,
  send: Parameters<typeof createSessionTools>[0]["send"] = { maxPingPongTurns: 0 },
  extraTools: AgentTool[] = [],
) {
  const { runtime, faux } = fauxRuntime([script], {
    faux: { whenExhausted: "repeat-last" },
    tools: [echoTool, ...extraTools],
  });
  const registry = createSubagentRegistry({ runtime, outbox: openSubagentOutbox(":memory:") });
  const tools = createSessionTools({ runtime, registry, send });
  return { runtime, faux, registry, tools };
}

describe("sessions_list and sessions_history (behaviours 41–43)", () => {
  it('the model\'s "main" and the main kind follow session.mainKey', async () => {
    const { runtime } = fauxRuntime(["ok"], { mainKey: "home", faux: { whenExhausted: "repeat-last" } });
    const registry = createSubagentRegistry({ runtime, outbox: openSubagentOutbox(":memory:") });
    const tools = createSessionTools({ runtime, registry, send: { maxPingPongTurns: 0 } });
    await runtime.run({ sessionKey: "agent:main:home", message: "hi" }).result;
    await runtime.run({ sessionKey: MAIN, message: "not the main one" }).result;
    const history = await call(tools, "sessions_history", { sessionKey: "main" }, GROUP);
    expect(history.value?.sessionKey).toBe("agent:main:home");
    const listed = await call(tools, "sessions_list", { kinds: ["main"] });
    expect((resultValue(listed).sessions as { key: string }[]).map((r) => r.key)).toEqual([
      "agent:main:home",
    ]);
  });

  it("lists rows with kind and channel, never reserved keys, and filters tool results from messages", async () => {
    const { runtime, tools } = setup((c) =>
      lastUser(c.context) === "use echo" && c.context.messages.at(-1)?.role === "user"
        ? { toolCalls: [{ name: "echo", arguments: { text: "x" } }] }
        : "ok",
    );
    await runtime.run({ sessionKey: MAIN, message: "use echo" }).result;
    await runtime.run({ sessionKey: GROUP, message: "hello group" }).result;
    await runtime.run({ sessionKey: "cron:j1", message: "tick" }).result;
    await runtime.sessions.resolve("global", { agentId: "main" });
    const bare = await call(tools, "sessions_list", {});
    const rows = bare.value?.sessions as Record<string, unknown>[];
    expect(rows.map((r) => r.key).sort()).toEqual([
      "agent:main:discord:group:7",
      "agent:main:main",
      "cron:j1",
    ]);
    expect(rows.find((r) => r.key === GROUP)).toMatchObject({ kind: "group", channel: "discord" });
    expect(rows.find((r) => r.key === "cron:j1")).toMatchObject({ kind: "cron", channel: "internal" });
    expect(rows.every((r) => !("messages" in r))).toBe(true);
    const withMessages = await call(tools, "sessions_list", { messageLimit: 3, kinds: ["main"] });
    const [main] = resultValue(withMessages).sessions as { messages: { role: string }[] }[];
    expect(main?.messages.length).toBeLessThanOrEqual(3);
    expect(main?.messages.some((m) => m.role === "toolResult")).toBe(false);

    const history = await call(tools, "sessions_history", { sessionKey: "main" });
    expect((resultValue(history).messages as { role: string }[]).map((m) => m.role)).toEqual([
      "user",
      "assistant",
      "assistant",
    ]);
    const withTools = await call(tools, "sessions_history", { sessionKey: "main", includeTools: true });
    expect((resultValue(withTools).messages as { role: string }[]).some((m) => m.role === "toolResult")).toBe(
      true,
    );
    const byId = await call(tools, "sessions_history", {
      sessionKey: (await runtime.sessions.get(GROUP))?.sessionId,
    });
    expect(byId.value?.sessionKey).toBe(GROUP);
    const unknown = await call(tools, "sessions_history", { sessionKey: "no-such-id" });
    expect(unknown).toMatchObject({
      isError: true,
      text: expect.stringContaining('Unknown session "no-such-id"'),
    });
  });
});

describe("sessions_send (behaviours 44–47)", () => {
  it("timeout 0 is accepted at once; a reply within the timeout is ok", async () => {
    const { runtime, tools } = setup((c) => `pong: ${lastUser(c.context).split("\n").at(-1)}`);
    await runtime.run({ sessionKey: GROUP, message: "hi" }).result;
    const accepted = await call(tools, "sessions_send", {
      sessionKey: GROUP,
      message: "ping",
      timeoutSeconds: 0,
    });
    expect(accepted.value).toMatchObject({ status: "accepted", runId: expect.any(String) });
    await runtime.wait(String(accepted.value?.runId), 5000);
    const ok = await call(tools, "sessions_send", { sessionKey: GROUP, message: "ping2", timeoutSeconds: 5 });
    expect(ok.value).toMatchObject({ status: "ok", reply: "pong: ping2" });
  });

  it("times out while the target run continues to completion", async () => {
    const { runtime, tools } = setup({ text: "slow reply", delayMs: 300 });
    await runtime.sessions.resolve(GROUP, { agentId: "main" });
    const result = await call(tools, "sessions_send", {
      sessionKey: GROUP,
      message: "hurry",
      timeoutSeconds: 0.02,
    });
    expect(result.value).toMatchObject({
      status: "timeout",
      error: expect.stringContaining("the run continues"),
    });
    expect((await runtime.wait(String(result.value?.runId), 5000))?.status).toBe("ok");
  });

  it("ping-pong stops at REPLY_SKIP and never exceeds maxPingPongTurns; ANNOUNCE_SKIP stays silent", async () => {
    const announced: string[] = [];
    const runAll = async (script: FauxStep, maxPingPongTurns: number) => {
      const t = setup(script, { maxPingPongTurns, announce: (_k, text) => void announced.push(text) });
      await t.runtime.sessions.resolve(GROUP, { agentId: "main" });
      await t.runtime.sessions.resolve(MAIN, { agentId: "main" });
      await call(t.tools, "sessions_send", { sessionKey: GROUP, message: "start", timeoutSeconds: 5 });
      while (t.runtime.activeRuns().length > 0)
        await Promise.all(t.runtime.activeRuns().map((r) => t.runtime.wait(r.runId, 5000)));
      await new Promise((r) => setImmediate(r));
      while (t.runtime.activeRuns().length > 0)
        await Promise.all(t.runtime.activeRuns().map((r) => t.runtime.wait(r.runId, 5000)));
      return t.faux.calls.length;
    };
    // Never skipping: 1 primary + 5 reply-back turns + 1 announce step = 7 model calls.
    const chatty: FauxStep = (c) =>
      lastUser(c.context).startsWith("[announce step]") ? "Posting this." : "more";
    expect(await runAll(chatty, 5)).toBe(7);
    expect(announced).toEqual(["Posting this."]);
    // The requester answers REPLY_SKIP at once: primary + 1 reply-back + announce = 3; announce skipped.
    const skipper: FauxStep = (c) => {
      const text = lastUser(c.context);
      if (text.startsWith("[announce step]")) return "ANNOUNCE_SKIP";
      return text.startsWith("[reply from") ? "REPLY_SKIP" : "first reply";
    };
    expect(await runAll(skipper, 5)).toBe(3);
    expect(announced).toEqual(["Posting this."]);
  });

  it("refuses other agents unless agent-to-agent is enabled", async () => {
    const { runtime, tools } = setup("ok");
    await runtime.sessions.resolve("agent:research:main", { agentId: "research" });
    const refused = await call(tools, "sessions_send", { sessionKey: "agent:research:main", message: "hi" });
    expect(refused).toMatchObject({
      isError: true,
      text: expect.stringContaining("agent-to-agent messaging is off"),
    });
  });
});

describe("sessions_spawn and session_status (behaviour 48)", () => {
  it("spawn returns accepted with a child key at once; status shows the running child", async () => {
    let release = () => {};
    const held = new Promise<void>((r) => {
      release = r;
    });
    const wait: AgentTool = {
      name: "wait",
      description: "waits",
      parameters: Type.Object({}),
      execute: async () => {
        await held;
        return textResult("waited");
      },
    };
    const { runtime, tools, registry } = setup(
      (c) =>
        c.context.messages.at(-1)?.role === "toolResult"
          ? "child done"
          : { toolCalls: [{ name: "wait", arguments: {} }] },
      undefined,
      [wait],
    );
    await runtime.sessions.resolve(MAIN, { agentId: "main" });
    const spawned = await call(tools, "sessions_spawn", { task: "research" });
    expect(spawned.value).toMatchObject({ status: "accepted", runId: expect.any(String) });
    expect(String(spawned.value?.childSessionKey)).toMatch(/^agent:main:subagent:[0-9a-f-]+$/);
    const status = await call(tools, "session_status", {});
    expect(status.value).toMatchObject({ key: MAIN, subagents: { running: 1, finished: 0 } });
    const nested = await call(tools, "sessions_spawn", { task: "x" }, String(spawned.value?.childSessionKey));
    expect(nested).toMatchObject({
      isError: true,
      text: expect.stringContaining("not available at depth 1"),
    });
    release();
    await runtime.wait(String(spawned.value?.runId), 5000);
    await registry.settled();
    expect((await call(tools, "session_status", {})).value).toMatchObject({
      subagents: { running: 0, finished: 1 },
    });
  });
});
