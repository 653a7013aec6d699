import { Type } from "typebox";
import { describe, expect, it } from "vitest";
import { type AgentTool, textResult } from "../src/index.js";
import { createLane } from "../src/queue/lanes.js";
import { fauxRuntime } from "./helpers.js";

/** A tool that records how many runs are inside it at once and blocks until released. */
function probe() {
  let inside = 0;
  let peak = 0;
  const waiting: (() => void)[] = [];
  const entered: string[] = [];
  const tool: AgentTool = {
    name: "probe",
    description: "blocks",
    parameters: Type.Object({}),
    async execute(_args, { sessionKey }) {
      inside += 1;
      peak = Math.max(peak, inside);
      entered.push(sessionKey ?? "");
      await new Promise<void>((r) => waiting.push(r));
      inside -= 1;
      return textResult("ok");
    },
  };
  return {
    tool,
    entered,
    get peak() {
      return peak;
    },
    get waiting() {
      return waiting.length;
    },
    releaseAll: () => {
      for (const r of waiting.splice(0)) r();
    },
  };
}

const untilCount = (get: () => number, n: number) =>
  new Promise<void>((resolve) => {
    const check = () => (get() >= n ? resolve() : setImmediate(check));
    check();
  });

const step = (c: { context: { messages: { role: string }[] } }) =>
  c.context.messages.at(-1)?.role === "toolResult"
    ? "done"
    : { toolCalls: [{ name: "probe", arguments: {} }] };

describe("lanes and per-session ordering (behaviour 56, agents 74–75)", () => {
  it("runs of one session are strictly sequential; different sessions run concurrently up to the lane cap", async () => {
    const p = probe();
    const { runtime } = fauxRuntime([step], {
      tools: [p.tool],
      lanes: { main: 2 },
      faux: { whenExhausted: "repeat-last" },
    });
    const runs = ["a", "a", "b", "c"].map((s) =>
      runtime.run({ sessionKey: `agent:main:${s}`, message: "go" }),
    );
    await untilCount(() => p.waiting, 2);
    expect(p.entered.sort()).toEqual(["agent:main:a", "agent:main:b"]);
    const all = Promise.all(runs.map((r) => r.result));
    let done = false;
    void all.then(() => {
      done = true;
    });
    while (!done) {
      p.releaseAll();
      await new Promise((r) => setImmediate(r));
    }
    const results = await all;
    expect(results.every((r) => r.status === "ok")).toBe(true);
    expect(p.peak).toBe(2);
    const [a1, a2] = results;
    expect(a2!.startedAt).toBeGreaterThanOrEqual(a1!.endedAt);
  });

  it("a busy main lane does not delay the subagent or cron lanes", async () => {
    const p = probe();
    const { runtime } = fauxRuntime([step], {
      tools: [p.tool],
      lanes: { main: 1 },
      faux: { whenExhausted: "repeat-last" },
    });
    const main = runtime.run({ sessionKey: "agent:main:main", message: "go" });
    await untilCount(() => p.waiting, 1);
    const cron = runtime.run({ sessionKey: "cron:j1", message: "go", lane: "cron" });
    const sub = runtime.run({ sessionKey: "agent:main:subagent:x", message: "go", lane: "subagent" });
    await untilCount(() => p.waiting, 3);
    p.releaseAll();
    await Promise.all([main.result, cron.result, sub.result]);
  });

  it("a lane of 3 starts the 4th task only when one finishes, FIFO", async () => {
    const lane = createLane(3);
    const order: number[] = [];
    const releases = await Promise.all([0, 1, 2].map(() => lane.acquire()));
    const fourth = lane.acquire().then((release) => {
      order.push(4);
      return release;
    });
    expect(lane.waiting).toBe(1);
    releases[0]?.();
    (await fourth)();
    expect(order).toEqual([4]);
    expect(lane.active).toBe(2);
  });

  it("a full lane rejects an already-aborted acquire at once instead of queueing it", async () => {
    const lane = createLane(1);
    const release = await lane.acquire();
    const controller = new AbortController();
    controller.abort(new Error("gone"));
    await expect(lane.acquire(controller.signal)).rejects.toThrow("gone");
    expect(lane.waiting).toBe(0);
    release();
    expect(lane.active).toBe(0);
  });
});
