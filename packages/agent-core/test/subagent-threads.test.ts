/**
 * Thread-bound subagents in the registry (spec §8.4 step 3, §8.6 "bound" mode, behaviours 55–56):
 * the binder runs before the child starts and a failure rolls the spawn back; a bound child's
 * result goes to its thread, not the parent; a kept binding keeps the child from being archived.
 */
import { mkdtempSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import type { FauxStep } from "@claw/providers";
import { describe, expect, it } from "vitest";
import { createPersistentSessionStore } from "../src/sessions/persistent-session-store.js";
import { openSubagentOutbox } from "../src/subagents/outbox.js";
import { createSubagentRegistry } from "../src/subagents/registry.js";
import {
  formatThreadAnnounce,
  type SubagentThreadBinder,
  type ThreadAnnounceOutcome,
  threadSpawnRefusal,
} from "../src/subagents/thread-binding.js";
import { fauxRuntime } from "./helpers.js";

const PARENT = "agent:main:discord:channel:12";
const answer: FauxStep = () => "the answer";

/** An in-memory binder: `failBind` makes the next bind throw like a platform refusal. */
function memoryBinder() {
  const bound = new Map<string, { mode: string; announced: string[] }>();
  const binder: SubagentThreadBinder & { failBind?: string; outcome?: ThreadAnnounceOutcome } = {
    async bind(request) {
      if (binder.failBind) throw new Error(binder.failBind);
      bound.set(request.childSessionKey, { mode: request.mode, announced: [] });
      return { channel: "discord", threadId: "777" };
    },
    async announce(childSessionKey, text) {
      const entry = bound.get(childSessionKey);
      if (!entry) return "unbound";
      if (binder.outcome) return binder.outcome;
      entry.announced.push(text);
      return "posted";
    },
    keepsSession: (key) => bound.get(key)?.mode === "session",
  };
  return { binder, bound };
}

function setup(binder?: SubagentThreadBinder, now?: () => number) {
  const stateDir = mkdtempSync(join(tmpdir(), "claw-subagent-threads-"));
  const sessions = createPersistentSessionStore({ stateDir, durability: "os" });
  const { runtime } = fauxRuntime([answer], { sessions, faux: { whenExhausted: "repeat-last" } });
  const outbox = openSubagentOutbox(join(stateDir, "state.db"));
  const registry = createSubagentRegistry({
    runtime,
    outbox,
    onProblem: () => {},
    ...(binder ? { threads: binder } : {}),
    ...(now ? { now } : {}),
  });
  const finish = async (runId: string) => {
    await runtime.wait(runId, 5_000);
    await registry.settled();
  };
  const close = async () => {
    await runtime.close();
    await sessions.close();
    outbox.close();
  };
  return { runtime, registry, outbox, finish, close };
}

describe("threadSpawnRefusal", () => {
  const { binder } = memoryBinder();
  it.each([
    ["thread with a binder", { thread: true }, binder, undefined],
    ["session mode with a thread", { thread: true, mode: "session" as const }, binder, undefined],
    ["no thread, no binder", {}, undefined, undefined],
    ["session mode without a thread", { mode: "session" as const }, binder, /needs thread: true/],
    [
      "session mode with cleanup delete",
      { thread: true, mode: "session" as const, cleanup: "delete" as const },
      binder,
      /cleanup: "delete" does not apply/,
    ],
    ["thread without a binder", { thread: true }, undefined, /needs a chat channel that can open threads/],
  ])("%s", (_name, request, withBinder, expected) => {
    const refusal = threadSpawnRefusal(request, withBinder);
    if (expected) expect(refusal).toMatch(expected);
    else expect(refusal).toBeUndefined();
  });
});

describe("thread-bound subagents", () => {
  it("announces into the thread instead of the parent, exactly once", async () => {
    const { binder, bound } = memoryBinder();
    const t = setup(binder);
    const accepted = await t.registry.spawn({ parentSessionKey: PARENT, task: "look", thread: true });
    expect(accepted).toMatchObject({ mode: "run", thread: { channel: "discord", threadId: "777" } });
    await t.finish(accepted.runId);
    expect(bound.get(accepted.childSessionKey)?.announced).toEqual(["the answer"]);
    expect(t.registry.get(accepted.runId)?.announcedAt).toBeTypeOf("number");
    expect(await t.runtime.sessions.get(PARENT)).toBeUndefined();
    expect(await t.registry.recoverPending()).toEqual({ failed: 0, delivered: 0, alreadyDelivered: 0 });
    await t.close();
  });

  it("a result the thread already shows (a restart) is only marked", async () => {
    const { binder } = memoryBinder();
    const t = setup(binder);
    binder.outcome = "already";
    const accepted = await t.registry.spawn({ parentSessionKey: PARENT, task: "look", thread: true });
    await t.finish(accepted.runId);
    expect(t.registry.get(accepted.runId)?.announceNote).toBe("found posted in its thread");
    await t.close();
  });

  it("a failed bind deletes the child session and its run record, and says why", async () => {
    const { binder } = memoryBinder();
    const t = setup(binder);
    binder.failBind = "could not open a thread in discord channel:12: Missing Permissions";
    await expect(t.registry.spawn({ parentSessionKey: PARENT, task: "look", thread: true })).rejects.toThrow(
      "Missing Permissions",
    );
    expect((await t.runtime.sessions.list()).map((s) => s.sessionKey)).toEqual([]);
    expect(t.registry.children(PARENT)).toEqual([]);
    await t.close();
  });

  it('a "session" child bound to its thread is not archived; a "run" child is', async () => {
    let clock = 1_000_000;
    const { binder } = memoryBinder();
    const t = setup(binder, () => clock);
    const kept = await t.registry.spawn({
      parentSessionKey: PARENT,
      task: "a",
      thread: true,
      mode: "session",
    });
    const once = await t.registry.spawn({ parentSessionKey: PARENT, task: "b", thread: true });
    await t.finish(kept.runId);
    await t.finish(once.runId);
    clock += 61 * 60_000;
    expect(await t.registry.archiveExpired()).toBe(1);
    expect(await t.runtime.sessions.get(kept.childSessionKey)).toBeDefined();
    expect(await t.runtime.sessions.get(once.childSessionKey)).toBeUndefined();
    await t.close();
  });

  it("formats the thread announce for a person: the answer, or what went wrong", () => {
    const base = {
      runId: "r",
      parentSessionKey: PARENT,
      childSessionKey: "agent:main:subagent:1",
      agentId: "main",
      task: "t",
      cleanup: "keep" as const,
      depth: 1,
      owner: "o",
      createdAt: 0,
    };
    expect(formatThreadAnnounce({ ...base, status: "ok", result: " 42 " })).toBe("42");
    expect(
      formatThreadAnnounce({ ...base, status: "timeout", label: "research", error: "took too long" }),
    ).toBe("⚠️ research: timeout — took too long");
  });
});
