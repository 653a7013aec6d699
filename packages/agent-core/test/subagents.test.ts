import { mkdtempSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import type { Context, FauxStep } from "@claw/providers";
import { Type } from "typebox";
import { describe, expect, it } from "vitest";
import { type AgentTool, textResult } from "../src/index.js";
import { createPersistentSessionStore } from "../src/sessions/persistent-session-store.js";
import { announceMarker } from "../src/subagents/announce.js";
import { DEFAULT_SUBAGENT_LIMITS, spawnRefusal, subagentAllowsTool } from "../src/subagents/limits.js";
import { openSubagentOutbox } from "../src/subagents/outbox.js";
import { createSubagentRegistry } from "../src/subagents/registry.js";
import { fauxRuntime } from "./helpers.js";

const PARENT = "agent:main:main";
const lastUser = (context: Context) => {
  const m = [...context.messages].reverse().find((x) => x.role === "user");
  return typeof m?.content === "string" ? m.content : "";
};
/** Child sessions answer "done: <task>"; the parent acknowledges announces. */
const script: FauxStep = (call) => {
  const text = lastUser(call.context);
  if (text.startsWith("[subagent result")) return "Noted.";
  if (text === "skip me") return "ANNOUNCE_SKIP";
  return `done: ${text}`;
};

function setup(
  options: {
    stateDir?: string;
    limits?: Parameters<typeof createSubagentRegistry>[0]["limits"];
    tools?: AgentTool[];
    script?: FauxStep;
  } = {},
) {
  const stateDir = options.stateDir ?? mkdtempSync(join(tmpdir(), "claw-subagents-"));
  const sessions = createPersistentSessionStore({ stateDir, durability: "os" });
  const { runtime, faux } = fauxRuntime([options.script ?? script], {
    sessions,
    faux: { whenExhausted: "repeat-last" },
    ...(options.tools ? { tools: options.tools } : {}),
  });
  const outbox = openSubagentOutbox(join(stateDir, "state.db"));
  const problems: string[] = [];
  const registry = createSubagentRegistry({
    runtime,
    outbox,
    limits: options.limits,
    isKnownModel: (ref) => !ref.startsWith("bogus/"),
    onProblem: (m) => problems.push(m),
  });
  const close = async () => {
    await runtime.close();
    await sessions.close();
    outbox.close();
  };
  return { stateDir, runtime, faux, registry, outbox, sessions, problems, close };
}

async function parentMessages(runtime: ReturnType<typeof fauxRuntime>["runtime"]) {
  const entry = await runtime.sessions.get(PARENT);
  return entry
    ? (await runtime.sessions.loadMessages(entry))
        .filter((m) => m.role === "user")
        .map((m) => String(m.content))
    : [];
}

describe("limits", () => {
  const base = { parentDepth: 0, activeChildren: 0, running: 0, requester: "main", target: "main" };
  it.each([
    ["allowed by default", base, undefined],
    ["depth 1 with maxSpawnDepth 1", { ...base, parentDepth: 1 }, /not available at depth 1/],
    ["other agent not allowed", { ...base, target: "research" }, /may not spawn agent "research"/],
    ["5 active children", { ...base, activeChildren: 5 }, /maxChildrenPerAgent 5/],
    ["8 running overall", { ...base, running: 8 }, /maxConcurrent 8/],
  ] as const)("%s", (_name, state, expected) => {
    const refusal = spawnRefusal(state, DEFAULT_SUBAGENT_LIMITS);
    if (expected) expect(refusal).toMatch(expected);
    else expect(refusal).toBeUndefined();
  });
  it("allowAgents ['*'] allows any agent; orchestrators keep spawn/list/history, leaves lose every session tool", () => {
    expect(
      spawnRefusal({ ...base, target: "x" }, { ...DEFAULT_SUBAGENT_LIMITS, allowAgents: { main: ["*"] } }),
    ).toBeUndefined();
    const names = [
      "read",
      "sessions_spawn",
      "sessions_list",
      "sessions_history",
      "sessions_send",
      "session_status",
    ];
    expect(names.filter((n) => subagentAllowsTool(n, 1, { maxSpawnDepth: 2 }))).toEqual([
      "read",
      "sessions_spawn",
      "sessions_list",
      "sessions_history",
    ]);
    expect(names.filter((n) => subagentAllowsTool(n, 1, { maxSpawnDepth: 1 }))).toEqual(["read"]);
  });
});

describe("subagent registry", () => {
  it("spawn returns accepted at once and the result is announced to the parent exactly once", async () => {
    const t = setup();
    const accepted = await t.registry.spawn({ parentSessionKey: PARENT, task: "count the files" });
    expect(accepted).toMatchObject({ status: "accepted", depth: 1 });
    expect(accepted.childSessionKey).toMatch(/^agent:main:subagent:[0-9a-f-]+$/);
    expect(t.registry.get(accepted.runId)?.status).toBe("running");
    await t.runtime.wait(accepted.runId, 5000);
    await t.registry.settled();
    const row = t.registry.get(accepted.runId);
    expect(row).toMatchObject({ status: "ok", result: "done: count the files" });
    expect(row?.announcedAt).toBeTypeOf("number");
    const announces = (await parentMessages(t.runtime)).filter((m) =>
      m.includes(announceMarker(accepted.runId)),
    );
    expect(announces).toHaveLength(1);
    expect(announces[0]).toContain("Status: ok\nResult:\ndone: count the files\nNotes: none");
    expect((await t.runtime.sessions.get(accepted.childSessionKey))?.flags).toMatchObject({
      spawnedBy: PARENT,
      spawnDepth: 1,
    });
    expect(await t.registry.recoverPending()).toEqual({ failed: 0, delivered: 0, alreadyDelivered: 0 });
    await t.close();
  });

  it("ANNOUNCE_SKIP is silent, and a terminal error is announced", async () => {
    const t = setup();
    const skipped = await t.registry.spawn({ parentSessionKey: PARENT, task: "skip me" });
    const failing = await t.registry.spawn({
      parentSessionKey: PARENT,
      task: "use a model",
      model: "faux-missing/none",
    });
    await t.runtime.wait(skipped.runId, 5000);
    await t.runtime.wait(failing.runId, 5000);
    await t.registry.settled();
    expect(t.registry.get(skipped.runId)).toMatchObject({ announceNote: "not announced: ANNOUNCE_SKIP" });
    const messages = await parentMessages(t.runtime);
    expect(messages.some((m) => m.includes(announceMarker(skipped.runId)))).toBe(false);
    const failure = messages.find((m) => m.includes(announceMarker(failing.runId)));
    expect(failure).toMatch(/Status: error[\s\S]*Notes: Unknown model "faux-missing\/none"/);
    await t.close();
  });

  it("refuses bad models, disallowed agents, depth and child limits with actionable errors (behaviour 49, agents 83)", async () => {
    const t = setup({ limits: { maxChildrenPerAgent: 1 } });
    await expect(
      t.registry.spawn({ parentSessionKey: PARENT, task: "x", model: "bogus/none" }),
    ).rejects.toThrow(/Unknown model "bogus\/none"/);
    await expect(
      t.registry.spawn({ parentSessionKey: PARENT, task: "x", agentId: "nobody" }),
    ).rejects.toThrow(/Unknown agent "nobody"/);
    await expect(
      t.registry.spawn({ parentSessionKey: "agent:main:subagent:abc", task: "x" }),
    ).rejects.toThrow(/not available at depth 1/);
    const first = await t.registry.spawn({ parentSessionKey: PARENT, task: "first" });
    await expect(t.registry.spawn({ parentSessionKey: PARENT, task: "second" })).rejects.toThrow(
      /maxChildrenPerAgent 1/,
    );
    await t.runtime.wait(first.runId, 5000);
    await t.registry.settled();
    await t.close();
  });

  it("announces after a simulated restart: stored results are delivered once, lost runs fail loudly", async () => {
    const stateDir = mkdtempSync(join(tmpdir(), "claw-subagents-restart-"));
    // Process 1: one child finished but the announce never happened; one child was still running.
    const outbox = openSubagentOutbox(join(stateDir, "state.db"));
    const base = {
      parentSessionKey: PARENT,
      agentId: "main",
      cleanup: "keep" as const,
      depth: 1,
      owner: "old-process",
      createdAt: 1,
    };
    outbox.insert({
      ...base,
      runId: "r-done",
      childSessionKey: "agent:main:subagent:done",
      task: "t1",
      status: "running",
    });
    outbox.finish("r-done", { status: "ok", result: "the answer is 42", endedAt: 2 });
    outbox.insert({
      ...base,
      runId: "r-lost",
      childSessionKey: "agent:main:subagent:lost",
      task: "t2",
      status: "running",
    });
    outbox.insert({
      ...base,
      runId: "r-seen",
      childSessionKey: "agent:main:subagent:seen",
      task: "t3",
      status: "running",
    });
    outbox.finish("r-seen", { status: "ok", result: "already there", endedAt: 2 });
    outbox.close();
    // The r-seen announce reached the parent transcript just before the crash.
    const store = createPersistentSessionStore({ stateDir });
    const entry = await store.resolve(PARENT, { agentId: "main" });
    await store.append(entry, { role: "user", content: `${announceMarker("r-seen")} t3`, timestamp: 1 });
    await store.close();

    // Process 2.
    const t = setup({ stateDir });
    const report = await t.registry.recoverPending();
    expect(report).toEqual({ failed: 1, delivered: 2, alreadyDelivered: 1 });
    expect(t.registry.get("r-lost")).toMatchObject({
      status: "error",
      error: expect.stringContaining("restarted"),
    });
    const messages = await parentMessages(t.runtime);
    for (const id of ["r-done", "r-lost", "r-seen"])
      expect(messages.filter((m) => m.includes(announceMarker(id)))).toHaveLength(1);
    expect(messages.find((m) => m.includes(announceMarker("r-done")))).toContain("the answer is 42");
    // Again: nothing left to deliver.
    expect(await t.registry.recoverPending()).toEqual({ failed: 0, delivered: 0, alreadyDelivered: 0 });
    await t.close();
  });

  it("cascade stop aborts running descendants and suppresses their announces", async () => {
    let release = () => {};
    const held = new Promise<void>((r) => {
      release = r;
    });
    const wait: AgentTool = {
      name: "wait",
      description: "waits",
      parameters: Type.Object({}),
      async execute(_a, { signal }) {
        await Promise.race([held, new Promise((r) => signal.addEventListener("abort", r))]);
        return textResult("waited");
      },
    };
    const hang: FauxStep = (call) =>
      call.context.messages.at(-1)?.role === "toolResult"
        ? "stopped"
        : { toolCalls: [{ name: "wait", arguments: {} }] };
    const t = setup({ tools: [wait], limits: { maxSpawnDepth: 2 }, script: hang });
    const child = await t.registry.spawn({ parentSessionKey: PARENT, task: "long job" });
    const grandchild = await t.registry.spawn({
      parentSessionKey: child.childSessionKey,
      task: "longer job",
    });
    expect(grandchild.depth).toBe(2);
    await expect(
      t.registry.spawn({ parentSessionKey: grandchild.childSessionKey, task: "x" }),
    ).rejects.toThrow(/depth 2/);
    await new Promise<void>((resolve) => {
      const check = () =>
        t.runtime.activeRuns().filter((r) => r.started).length >= 2 ? resolve() : setImmediate(check);
      check();
    });
    expect(t.registry.stop(PARENT)).toBe(2);
    release();
    await t.runtime.wait(child.runId, 5000);
    await t.runtime.wait(grandchild.runId, 5000);
    await t.registry.settled();
    for (const id of [child.runId, grandchild.runId])
      expect(t.registry.get(id)).toMatchObject({
        status: "aborted",
        suppress: "killed",
        announceNote: "not announced: killed",
      });
    expect((await parentMessages(t.runtime)).some((m) => m.startsWith("[subagent result"))).toBe(false);
    await t.close();
  });

  it("archives finished children after archiveAfterMinutes and deletes cleanup:delete children at once", async () => {
    let clock = 1_000_000;
    const t = setup();
    const registry = createSubagentRegistry({ runtime: t.runtime, outbox: t.outbox, now: () => clock });
    const kept = await registry.spawn({ parentSessionKey: PARENT, task: "keep" });
    const deleted = await registry.spawn({ parentSessionKey: PARENT, task: "delete", cleanup: "delete" });
    await t.runtime.wait(kept.runId, 5000);
    await t.runtime.wait(deleted.runId, 5000);
    await registry.settled();
    expect(await t.runtime.sessions.get(deleted.childSessionKey)).toBeUndefined();
    expect(await registry.archiveExpired()).toBe(0);
    clock += 61 * 60_000;
    expect(await registry.archiveExpired()).toBe(2);
    expect(await t.runtime.sessions.get(kept.childSessionKey)).toBeUndefined();
    await t.close();
  });
});
