import { type AgentTool, textResult } from "@claw/agent-core";
import type { Context, FauxStep } from "@claw/providers";
import { Type } from "typebox";
import { describe, expect, it, vi } from "vitest";
import {
  addWithCap,
  droppedSummary,
  type PendingMessage,
  toFollowUpTurns,
} from "../src/inbound/pending-buffer.js";
import { parseQueueDirective } from "../src/inbound/queue-settings.js";
import { createSystemEventQueue } from "../src/inbound/system-events.js";
import type { ScheduleTimer } from "../src/inbound/types.js";
import { fauxRuntime, wiredDispatcher } from "./helpers.js";

const KEY = "agent:main:main";

/** A tool that blocks until opened, so a run stays active as long as a test needs. */
function gate() {
  let open = () => {};
  const opened = new Promise<void>((r) => {
    open = r;
  });
  let entered = () => {};
  const reached = new Promise<void>((r) => {
    entered = r;
  });
  const tool: AgentTool = {
    name: "gate",
    description: "waits",
    parameters: Type.Object({}),
    async execute() {
      entered();
      await opened;
      return textResult("gate open");
    },
  };
  return { tool, open, reached };
}

const lastUser = (context: Context) => {
  const m = [...context.messages].reverse().find((x) => x.role === "user");
  return typeof m?.content === "string" ? m.content : "";
};
const echo: FauxStep = (call) => `seen: ${lastUser(call.context)}`;

function manualTimers() {
  let clock = 0;
  const timers: { at: number; fn: () => void }[] = [];
  const schedule: ScheduleTimer = (fn, ms) => {
    const t = { at: clock + ms, fn };
    timers.push(t);
    return () => timers.splice(timers.indexOf(t) >>> 0, timers.includes(t) ? 1 : 0);
  };
  return {
    schedule,
    get pending() {
      return timers.length;
    },
    advance(ms: number) {
      clock += ms;
      for (const t of timers.filter((x) => x.at <= clock)) {
        timers.splice(timers.indexOf(t), 1);
        t.fn();
      }
    },
  };
}

function busyRuntime(extra: FauxStep[] = []) {
  const g = gate();
  const { runtime, faux } = fauxRuntime(
    [{ toolCalls: [{ name: "gate", arguments: {} }] }, "first done", ...extra, echo],
    {
      tools: [g.tool],
      faux: { whenExhausted: "repeat-last" },
    },
  );
  return { runtime, faux, gate: g };
}

describe("cap and drop (behaviour 54)", () => {
  const fill = (n: number, cap: number, drop: "old" | "new" | "summarize") => {
    let queue: PendingMessage[] = [];
    const dropped: PendingMessage[] = [];
    for (let i = 1; i <= n; i++) {
      const out = addWithCap(queue, { text: `m${i}` }, cap, drop);
      queue = out.kept;
      dropped.push(...out.dropped);
    }
    return { kept: queue.map((m) => m.text), dropped: dropped.map((m) => m.text) };
  };
  it.each([
    ["old", ["m6", "m25"], ["m1", "m2", "m3", "m4", "m5"]],
    ["new", ["m1", "m20"], ["m21", "m22", "m23", "m24", "m25"]],
    ["summarize", ["m6", "m25"], ["m1", "m2", "m3", "m4", "m5"]],
  ] as const)("cap 20, 25 messages, drop %s", (drop, [first, last], dropped) => {
    const out = fill(25, 20, drop);
    expect(out.kept).toHaveLength(20);
    expect([out.kept[0], out.kept.at(-1)]).toEqual([first, last]);
    expect(out.dropped).toEqual(dropped);
  });
  it("summarize leads the merged turn with a bullet list of the dropped messages", () => {
    const summary = droppedSummary([{ text: "a" }, { text: "b\nc" }]);
    expect(summary).toContain("2 earlier queued messages were dropped");
    expect(summary).toContain("- a\n- b c");
    const turns = toFollowUpTurns([{ text: "x" }, { text: "y" }], "collect", summary);
    expect(turns).toHaveLength(1);
    expect(turns[0]?.text).toMatch(/^\[2 earlier[\s\S]*1\. x\n2\. y$/);
  });
  it("collect drains different routes separately; followup keeps one turn per message", () => {
    const pending = [
      { text: "a", channel: "tg" },
      { text: "b", channel: "discord" },
      { text: "c", channel: "tg" },
    ];
    expect(toFollowUpTurns(pending, "collect").map((t) => [t.channel, t.text.split("\n").length])).toEqual([
      ["tg", 3],
      ["discord", 1],
    ]);
    expect(toFollowUpTurns(pending, "followup").map((t) => t.text)).toEqual(["a", "b", "c"]);
  });
  it("collect never merges messages of different senders or chats into one turn", () => {
    const pending = [
      { text: "a", channel: "tg", peer: "-100", senderId: "1" },
      { text: "b", channel: "tg", peer: "-100", senderId: "2" },
      { text: "c", channel: "tg", peer: "-100", senderId: "1" },
      { text: "d", channel: "tg", peer: "-200", senderId: "1" },
      { text: "e", channel: "tg", accountId: "work", peer: "-100", senderId: "1" },
    ];
    expect(toFollowUpTurns(pending, "collect").map((t) => [t.senderId, t.peer, t.text])).toEqual([
      ["1", "-100", "[2 messages arrived while you were busy]\n1. a\n2. c"],
      ["2", "-100", "b"],
      ["1", "-200", "d"],
      ["1", "-100", "e"],
    ]);
  });
});

describe("queue directive parsing (behaviour 55)", () => {
  it("parses modes and options, reset words, and explains bad input", () => {
    expect(parseQueueDirective("collect debounce:2s cap:25 drop:summarize")).toEqual({
      settings: { mode: "collect", debounceMs: 2000, cap: 25, drop: "summarize" },
    });
    expect(parseQueueDirective("queue")).toEqual({ settings: { mode: "steer" } });
    expect(parseQueueDirective("reset")).toEqual({ reset: true });
    expect(parseQueueDirective("default")).toEqual({ reset: true });
    expect(parseQueueDirective("sometimes")).toEqual({
      error: expect.stringContaining('unknown queue mode "sometimes"'),
    });
    expect(parseQueueDirective("cap:0")).toEqual({ error: expect.stringContaining("cap") });
  });
});

describe("system events (agents-spec behaviour 77)", () => {
  it("keeps the newest 20, drains FIFO once, and retains the first event of a new key", () => {
    const q = createSystemEventQueue();
    q.enqueue("k", "e1");
    expect(q.size("k")).toBe(1);
    for (let i = 2; i <= 21; i++) q.enqueue("k", `e${i}`);
    const drained = q.drain("k");
    expect(drained).toHaveLength(20);
    expect([drained[0], drained.at(-1)]).toEqual(["e2", "e21"]);
    expect(q.drain("k")).toEqual([]);
    expect(q.drain("unknown")).toEqual([]);
  });

  it("are drained into the next prompt of the session", async () => {
    const { runtime, faux } = fauxRuntime([echo]);
    const inbound = wiredDispatcher(runtime, { reset: false });
    inbound.enqueueSystemEvent(KEY, "Cron job backup finished.");
    const result = await inbound.dispatch({ sessionKey: KEY, text: "hi" });
    expect(result.status).toBe("started");
    if (result.status === "started") await result.run.result;
    expect(lastUser(faux.contexts[0] as Context)).toBe("System: Cron job backup finished.\n\nhi");
  });
});

describe("inbound dispatcher", () => {
  it("drops a redelivered message id (behaviour 57)", async () => {
    const { runtime, faux } = fauxRuntime([echo, echo]);
    const inbound = wiredDispatcher(runtime, { reset: false });
    const msg = { sessionKey: KEY, text: "hi", id: "m1", channel: "telegram", peer: "123" };
    const first = await inbound.dispatch(msg);
    expect((await inbound.dispatch(msg)).status).toBe("duplicate");
    if (first.status === "started") await first.run.result;
    const second = await inbound.dispatch({ ...msg, id: "m2" });
    expect(second.status).toBe("started");
    if (second.status === "started") await second.run.result;
    const third = await inbound.dispatch({ ...msg, peer: "456" });
    expect(third.status).toBe("started");
    if (third.status === "started") await third.run.result;
    expect(faux.calls.length).toBe(3);
  });

  it("collect: 3 messages during a run become exactly one follow-up turn (behaviour 53)", async () => {
    const { runtime, faux, gate: g } = busyRuntime();
    const onRun = vi.fn();
    const inbound = wiredDispatcher(runtime, {
      reset: false,
      queue: { mode: "collect", debounceMs: 0 },
      onRun,
    });
    const first = await inbound.dispatch({ sessionKey: KEY, text: "start" });
    await g.reached;
    for (const text of ["one", "two", "three"])
      expect(await inbound.dispatch({ sessionKey: KEY, text })).toMatchObject({ status: "queued" });
    expect(inbound.queued(KEY)).toBe(3);
    g.open();
    if (first.status === "started") await first.run.result;
    await inbound.idle(KEY);
    expect(onRun).toHaveBeenCalledTimes(1);
    expect(faux.calls).toHaveLength(3);
    expect(lastUser(faux.contexts[2] as Context)).toBe(
      "[3 messages arrived while you were busy]\n1. one\n2. two\n3. three",
    );
  });

  it("followup: each held message runs as its own turn, in order", async () => {
    const { runtime, faux, gate: g } = busyRuntime();
    const inbound = wiredDispatcher(runtime, {
      reset: false,
      queue: { mode: "followup", debounceMs: 0 },
    });
    await inbound.dispatch({ sessionKey: KEY, text: "start" });
    await g.reached;
    await inbound.dispatch({ sessionKey: KEY, text: "one" });
    await inbound.dispatch({ sessionKey: KEY, text: "two" });
    g.open();
    await inbound.idle(KEY);
    expect(faux.contexts.slice(2).map(lastUser)).toEqual(["one", "two"]);
  });

  it("steer injects into the running run", async () => {
    const { runtime, gate: g } = busyRuntime();
    const inbound = wiredDispatcher(runtime, {
      reset: false,
      queue: { mode: "steer", debounceMs: 0 },
    });
    const first = await inbound.dispatch({ sessionKey: KEY, text: "start" });
    await g.reached;
    expect(await inbound.dispatch({ sessionKey: KEY, text: "turn left" })).toEqual({ status: "steered" });
    g.open();
    if (first.status === "started") await first.run.result;
    // The steering message reached the same run (no second run was started for it).
    if (first.status === "started")
      expect((await first.run.result).messages.some((m) => m.content === "turn left")).toBe(true);
    expect(runtime.activeRuns()).toEqual([]);
  });

  it("interrupt aborts the active run and runs the newest message", async () => {
    const { runtime, faux, gate: g } = busyRuntime();
    const inbound = wiredDispatcher(runtime, { reset: false, queue: { mode: "interrupt" } });
    const first = await inbound.dispatch({ sessionKey: KEY, text: "start" });
    await g.reached;
    const second = await inbound.dispatch({ sessionKey: KEY, text: "never mind, do this" });
    expect(second).toMatchObject({ status: "interrupted", aborted: 1 });
    g.open();
    if (first.status === "started") expect((await first.run.result).status).toBe("aborted");
    if (second.status === "interrupted") expect((await second.run.result).status).toBe("ok");
    expect(lastUser(faux.contexts.at(-1) as Context)).toBe("never mind, do this");
  });

  it("waits out the debounce quiet period, restarting it on each message (fake clock)", async () => {
    const { runtime, faux, gate: g } = busyRuntime();
    const timers = manualTimers();
    const inbound = wiredDispatcher(runtime, {
      reset: false,
      queue: { mode: "collect", debounceMs: 1000 },
      schedule: timers.schedule,
    });
    await inbound.dispatch({ sessionKey: KEY, text: "start" });
    await g.reached;
    await inbound.dispatch({ sessionKey: KEY, text: "a" });
    g.open();
    await vi.waitFor(() => expect(timers.pending).toBe(1));
    timers.advance(900);
    await inbound.dispatch({ sessionKey: KEY, text: "b" });
    timers.advance(900);
    expect(faux.calls).toHaveLength(2);
    timers.advance(100);
    await inbound.idle(KEY);
    expect(lastUser(faux.contexts[2] as Context)).toContain("1. a\n2. b");
  });

  it("inbound debounce batches rapid text to an idle session; media flushes at once; commands bypass (behaviour 58)", async () => {
    const { runtime, faux } = fauxRuntime([echo], { faux: { whenExhausted: "repeat-last" } });
    const timers = manualTimers();
    const inbound = wiredDispatcher(runtime, {
      reset: false,
      inboundDebounce: { debounceMs: 2000 },
      schedule: timers.schedule,
    });
    for (const text of ["x", "y", "z"]) {
      expect((await inbound.dispatch({ sessionKey: KEY, text })).status).toBe("queued");
      await vi.waitFor(() => expect(timers.pending).toBe(1));
      timers.advance(500);
    }
    expect((await inbound.dispatch({ sessionKey: KEY, text: "/status" })).status).toBe("command");
    timers.advance(2000);
    await inbound.idle(KEY);
    expect(faux.calls).toHaveLength(1);
    expect(lastUser(faux.contexts[0] as Context)).toContain("1. x\n2. y\n3. z");
    const media = await inbound.dispatch({ sessionKey: "agent:main:other", text: "photo", hasMedia: true });
    expect(media.status).toBe("started");
  });

  it("/stop aborts the run, clears queued follow-ups and stops children, reporting counts (behaviour 59)", async () => {
    const { runtime, faux, gate: g } = busyRuntime();
    const inbound = wiredDispatcher(runtime, {
      reset: false,
      queue: { mode: "followup", debounceMs: 0 },
      stopChildren: () => 1,
    });
    const first = await inbound.dispatch({ sessionKey: KEY, text: "start" });
    await g.reached;
    await inbound.dispatch({ sessionKey: KEY, text: "one" });
    await inbound.dispatch({ sessionKey: KEY, text: "two" });
    const stop = await inbound.dispatch({ sessionKey: KEY, text: "/stop" });
    expect(stop).toMatchObject({
      status: "command",
      reply: { text: "⏹ Stopped: 1 run, 2 queued messages cleared, 1 subagent stopped." },
    });
    g.open();
    if (first.status === "started") expect((await first.run.result).status).toBe("aborted");
    await inbound.idle(KEY);
    expect(faux.calls).toHaveLength(1);
  });

  it("a stale session is reset on the next message (daily reset)", async () => {
    let clock = new Date(2026, 0, 5, 3, 59).getTime();
    const { runtime } = fauxRuntime([echo, echo], { now: () => clock });
    const inbound = wiredDispatcher(runtime, { now: () => clock });
    const first = await inbound.dispatch({ sessionKey: KEY, text: "hi" });
    if (first.status === "started") await first.run.result;
    const before = (await runtime.sessions.get(KEY))?.sessionId;
    clock = new Date(2026, 0, 5, 4, 1).getTime();
    const second = await inbound.dispatch({ sessionKey: KEY, text: "morning" });
    expect(second).toMatchObject({ status: "started", expired: { reason: "daily" } });
    if (second.status === "started") await second.run.result;
    expect((await runtime.sessions.get(KEY))?.sessionId).not.toBe(before);
  });

  it("/reset message starts a new session and passes the remainder to the agent", async () => {
    const { runtime, faux } = fauxRuntime([echo, echo]);
    const inbound = wiredDispatcher(runtime, { reset: false });
    const first = await inbound.dispatch({ sessionKey: KEY, text: "hello" });
    if (first.status === "started") await first.run.result;
    const before = (await runtime.sessions.get(KEY))?.sessionId;
    const reset = await inbound.dispatch({ sessionKey: KEY, text: "/reset summarise X" });
    expect(reset.status).toBe("command");
    if (reset.status === "command") await reset.run?.result;
    expect((await runtime.sessions.get(KEY))?.sessionId).not.toBe(before);
    expect(faux.contexts[1]?.messages.map(lastUserOf)).toEqual(["summarise X"]);
  });
});

function lastUserOf(m: Context["messages"][number]) {
  return typeof m.content === "string" ? m.content : "";
}

describe("steer fallback", () => {
  it("with no run streaming yet, steer falls back to a follow-up", async () => {
    const g = gate();
    const { runtime, faux } = fauxRuntime([{ toolCalls: [{ name: "gate", arguments: {} }] }, "done", echo], {
      tools: [g.tool],
      faux: { whenExhausted: "repeat-last" },
      lanes: { main: 1 },
    });
    const inbound = wiredDispatcher(runtime, {
      reset: false,
      queue: { mode: "steer", debounceMs: 0 },
    });
    // Another session's run occupies the only main-lane slot, so this session's run is queued, not streaming.
    const blocker = runtime.run({ sessionKey: "agent:main:other", message: "block", lane: "main" });
    await g.reached;
    runtime.run({ sessionKey: KEY, message: "queued run" });
    expect((await inbound.dispatch({ sessionKey: KEY, text: "steer me" })).status).toBe("queued");
    g.open();
    await blocker.result;
    await inbound.idle(KEY);
    expect(lastUser(faux.contexts.at(-1) as Context)).toBe("steer me");
  });
});

describe("/queue through the dispatcher (behaviour 55)", () => {
  it("stores the override, shows it in /status, obeys it, and /queue reset clears it", async () => {
    const { runtime } = fauxRuntime([echo]);
    const inbound = wiredDispatcher(runtime, { reset: false });
    const set = await inbound.dispatch({
      sessionKey: KEY,
      text: "/queue collect debounce:2s cap:25 drop:summarize",
    });
    expect(set).toMatchObject({
      status: "command",
      reply: { text: "Queue set: collect debounceMs=2000 cap=25 drop=summarize." },
    });
    expect((await runtime.sessions.get(KEY))?.flags?.queue).toEqual({
      mode: "collect",
      debounceMs: 2000,
      cap: 25,
      drop: "summarize",
    });
    const status = await inbound.dispatch({ sessionKey: KEY, text: "/status" });
    expect(status.status === "command" && status.reply.text).toContain(
      "Queue: collect (debounce 2000 ms, cap 25, drop summarize)",
    );
    await inbound.dispatch({ sessionKey: KEY, text: "/queue reset" });
    expect((await runtime.sessions.get(KEY))?.flags?.queue).toBeUndefined();
    const bad = await inbound.dispatch({ sessionKey: KEY, text: "/queue sideways" });
    expect(bad.status === "command" && bad.reply.error).toBe(true);
  });
});
