import { getEventListeners } from "node:events";
import { mkdtempSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { Type } from "typebox";
import { describe, expect, it } from "vitest";
import { type AgentEvent, type AgentTool, textResult } from "../src/index.js";
import { createMemorySessionStore } from "../src/sessions/memory-session-store.js";
import { createPersistentSessionStore } from "../src/sessions/persistent-session-store.js";
import type { SessionEntry } from "../src/sessions/session-store.js";
import { fauxRuntime } from "./helpers.js";

const terminal = (events: AgentEvent[]) =>
  events.filter((e) => e.stream === "lifecycle" && (e.data.phase === "end" || e.data.phase === "error"));

describe("runtime edges", () => {
  it("a session store that fails to record usage after the run keeps one terminal state and says so", async () => {
    const sessions = createMemorySessionStore();
    sessions.patch = () => Promise.reject(new Error("disk full"));
    const { runtime } = fauxRuntime(["Hello."], { sessions });
    const events: AgentEvent[] = [];
    runtime.subscribe((e) => events.push(e));
    const result = await runtime.run({ sessionKey: "agent:main:main", message: "hi" }).result;
    expect(result.status).toBe("ok");
    expect(result.text).toBe("Hello.");
    expect(terminal(events)).toHaveLength(1);
    expect(events.some((e) => e.stream === "error" && String(e.data.message).includes("disk full"))).toBe(
      true,
    );
  });

  it("does not leave abort listeners on a caller's long-lived signal", async () => {
    const { runtime } = fauxRuntime(["one", "two", "three"]);
    const shared = new AbortController();
    for (const message of ["a", "b", "c"]) {
      await runtime.run({ sessionKey: "agent:main:main", message, signal: shared.signal }).result;
    }
    expect(getEventListeners(shared.signal, "abort")).toHaveLength(0);
  });

  it("aborting a run queued behind another run of its session ends it at once", async () => {
    let release!: () => void;
    let entered!: () => void;
    const inTool = new Promise<void>((resolve) => {
      entered = resolve;
    });
    const hold: AgentTool = {
      name: "hold",
      description: "Blocks until released.",
      parameters: Type.Object({}),
      execute: () =>
        new Promise((resolve) => {
          release = () => resolve(textResult("released"));
          entered();
        }),
    };
    const { runtime } = fauxRuntime(
      [{ toolCalls: [{ name: "hold", arguments: {} }] }, "first done", "second"],
      {
        tools: [hold],
      },
    );
    const first = runtime.run({ sessionKey: "agent:main:main", message: "one" });
    await inTool;
    const second = runtime.run({ sessionKey: "agent:main:main", message: "two" });
    const events: AgentEvent[] = [];
    const reading = (async () => {
      for await (const event of second.events) events.push(event);
    })();
    expect(runtime.abort({ runId: second.runId })).toBe(1);
    // Before the first run is released: the queued run must already have ended.
    const result = await second.result;
    await reading;
    expect(result.status).toBe("aborted");
    expect(terminal(events)).toHaveLength(1);
    release();
    expect((await first.result).status).toBe("ok");
    await runtime.idle("agent:main:main");
    expect(terminal(events)).toHaveLength(1);
    expect(runtime.activeRuns()).toEqual([]);
  });

  describe("the session store changes under a running run", () => {
    const holdingRun = (store: "persistent" | "memory" = "persistent") => {
      let release!: () => void;
      let entered!: () => void;
      const inTool = new Promise<void>((resolve) => {
        entered = resolve;
      });
      const hold: AgentTool = {
        name: "hold",
        description: "Blocks until released.",
        parameters: Type.Object({}),
        execute: () =>
          new Promise((resolve) => {
            release = () => resolve(textResult("released"));
            entered();
          }),
      };
      const sessions =
        store === "memory"
          ? Object.assign(createMemorySessionStore(), { close: async () => {} })
          : createPersistentSessionStore({
              stateDir: mkdtempSync(join(tmpdir(), "claw-edges-")),
              durability: "os",
            });
      const { runtime } = fauxRuntime([{ toolCalls: [{ name: "hold", arguments: {} }] }, "old run done"], {
        tools: [hold],
        sessions,
      });
      const run = runtime.run({ sessionKey: "agent:main:main", message: "old" });
      return { runtime, sessions, run, inTool, release: () => release() };
    };

    it("a reset during a run leaves the new session untouched by the old run", async () => {
      const { sessions, run, inTool, release } = holdingRun();
      await inTool;
      const old = (await sessions.get("agent:main:main")) as SessionEntry;
      const fresh = (await sessions.reset("agent:main:main")) as SessionEntry;
      release();
      expect((await run.result).status).toBe("ok");
      const now = (await sessions.get("agent:main:main")) as SessionEntry;
      expect(now.sessionId).toBe(fresh.sessionId);
      expect(now.inputTokens ?? 0).toBe(0);
      expect(await sessions.loadMessages(now)).toEqual([]);
      expect((await sessions.loadMessages(old)).map((m) => m.role)).toEqual([
        "user",
        "assistant",
        "toolResult",
        "assistant",
      ]);
      await sessions.close();
    });

    it("a delete during a run is not undone by the run's later writes", async () => {
      const { sessions, run, inTool, release } = holdingRun();
      await inTool;
      expect(await sessions.delete("agent:main:main")).toBe(true);
      release();
      await run.result;
      expect(await sessions.get("agent:main:main")).toBeUndefined();
      expect(await sessions.list()).toEqual([]);
      await sessions.close();
    });

    it("in memory too, a reset keeps the old run's messages out of the new session", async () => {
      const { sessions, run, inTool, release } = holdingRun("memory");
      await inTool;
      const fresh = (await sessions.reset("agent:main:main")) as SessionEntry;
      release();
      const result = await run.result;
      expect(result.status).toBe("error");
      expect(result.error?.message).toMatch(/was reset/);
      expect(await sessions.loadMessages(fresh)).toEqual([]);
      expect((await sessions.get("agent:main:main"))?.inputTokens ?? 0).toBe(0);
    });
  });

  it("run and wait timeouts beyond the timer range wait instead of firing at once", async () => {
    let release!: () => void;
    let entered!: () => void;
    const inTool = new Promise<void>((resolve) => {
      entered = resolve;
    });
    const hold: AgentTool = {
      name: "hold",
      description: "Blocks until released.",
      parameters: Type.Object({}),
      execute: () =>
        new Promise((resolve) => {
          release = () => resolve(textResult("released"));
          entered();
        }),
    };
    const { runtime } = fauxRuntime([{ toolCalls: [{ name: "hold", arguments: {} }] }, "done"], {
      tools: [hold],
    });
    const run = runtime.run({ sessionKey: "agent:main:main", message: "go", timeoutSeconds: 30 * 24 * 3600 });
    await inTool;
    const waited = runtime.wait(run.runId, 30 * 24 * 3600 * 1000);
    // A timer that overflowed fires after 1 ms; one that did not is still pending behind this one.
    await new Promise<void>((resolve) => setTimeout(resolve, 5));
    release();
    expect((await waited)?.status).toBe("ok");
  });

  it("a throwing beforePrompt hook fails only its own step, and says so", async () => {
    const { runtime } = fauxRuntime(["Hello."], {
      hooks: {
        beforePrompt: () => {
          throw new Error("memory index offline");
        },
      },
    });
    const events: AgentEvent[] = [];
    runtime.subscribe((e) => events.push(e));
    const result = await runtime.run({ sessionKey: "agent:main:main", message: "hi" }).result;
    expect(result.status).toBe("ok");
    expect(result.text).toBe("Hello.");
    expect(
      events.some((e) => e.stream === "error" && String(e.data.message).includes("memory index offline")),
    ).toBe(true);
  });
});
