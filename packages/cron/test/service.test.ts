import { afterEach, describe, expect, it } from "vitest";
import type { DeliverySettled } from "../src/ports.js";
import { createHarness, deafTurn, type Harness, hangingTurn } from "./harness.js";

/** Lets settled promises' callbacks run until `check` holds (a few microtask turns at most). */
async function waitFor(check: () => boolean): Promise<void> {
  for (let turn = 0; turn < 100 && !check(); turn++) await new Promise((resolve) => setImmediate(resolve));
  if (!check()) throw new Error("the condition never held");
}

const T0 = Date.parse("2026-06-01T08:00:00Z");
const MIN = 60_000;
const HOUR = 3_600_000;
let h: Harness;
afterEach(async () => {
  await h?.close();
});

const agentTurn = (message = "do the thing") => ({ kind: "agentTurn" as const, message });
const statuses = () => h.service.runs({ sortDir: "asc", limit: 200 }).runs.map((r) => r.status);

describe("running due jobs", () => {
  it("runs an every job at each due time in a cron:<jobId> session and records each run", async () => {
    h = await createHarness(T0);
    const job = h.service.add({
      name: "ping",
      schedule: { kind: "every", everyMs: 10 * MIN, anchorMs: T0 },
      payload: agentTurn(),
    });
    expect(job.state.nextRunAtMs).toBe(T0 + 10 * MIN);
    await h.clock.advance(35 * MIN);
    expect(h.turns.map((t) => t.sessionKey)).toEqual([`cron:${job.id}`, `cron:${job.id}`, `cron:${job.id}`]);
    const { runs, total } = h.service.runs({ jobId: job.id, sortDir: "asc" });
    expect(total).toBe(3);
    expect(runs.map((r) => r.scheduledAtMs)).toEqual([T0 + 10 * MIN, T0 + 20 * MIN, T0 + 30 * MIN]);
    expect(runs.every((r) => r.status === "ok" && r.summary === "done")).toBe(true);
    expect(h.service.get(job.id)?.state).toMatchObject({
      lastRunStatus: "ok",
      nextRunAtMs: T0 + 40 * MIN,
      consecutiveErrors: 0,
    });
    expect(h.events.filter((e) => e.action === "finished")).toHaveLength(3);
  });

  it("an at job runs once and is then disabled; an at in the past runs at once", async () => {
    h = await createHarness(T0);
    const past = h.service.add({
      name: "late",
      schedule: { kind: "at", at: new Date(T0 - HOUR).toISOString() },
      payload: agentTurn(),
    });
    const future = h.service.add({
      name: "soon",
      schedule: { kind: "at", at: new Date(T0 + MIN).toISOString() },
      payload: agentTurn(),
    });
    await h.clock.advance(0);
    expect(h.turns).toHaveLength(1);
    await h.clock.advance(2 * MIN);
    expect(h.turns).toHaveLength(2);
    for (const id of [past.id, future.id])
      expect(h.service.get(id)).toMatchObject({ enabled: false, state: { lastRunStatus: "ok" } });
    await h.clock.advance(HOUR);
    expect(h.turns).toHaveLength(2);
  });

  it("deleteAfterRun removes a one-shot job after success and keeps its run history", async () => {
    h = await createHarness(T0);
    const job = h.service.add({
      name: "once",
      deleteAfterRun: true,
      schedule: { kind: "at", at: new Date(T0 + MIN).toISOString() },
      payload: agentTurn(),
    });
    await h.clock.advance(MIN);
    expect(h.service.get(job.id)).toBeUndefined();
    expect(h.service.runs({ jobId: job.id }).runs.map((r) => r.status)).toEqual(["ok"]);
  });

  it("a systemEvent job queues its text for the main session and wakes the heartbeat with wakeMode now", async () => {
    h = await createHarness(T0);
    h.service.add({
      name: "note",
      schedule: { kind: "every", everyMs: MIN, anchorMs: T0 },
      payload: { kind: "systemEvent", text: "Stretch." },
    });
    h.service.add({
      name: "urgent",
      agentId: "ops",
      wakeMode: "now",
      schedule: { kind: "every", everyMs: MIN, anchorMs: T0 },
      payload: { kind: "systemEvent", text: "Check the pager." },
    });
    await h.clock.advance(MIN);
    expect(h.systemEvents).toEqual([
      { sessionKey: "agent:main:main", text: "Stretch." },
      { sessionKey: "agent:ops:main", text: "Check the pager." },
    ]);
    expect(h.wakes).toHaveLength(1);
    expect(h.wakeSessions).toEqual(["agent:ops:main"]);
    expect(h.turns).toHaveLength(0);
  });

  it("a systemEvent with wakeMode now for another session wakes that session, not the main one", async () => {
    h = await createHarness(T0);
    h.service.add({
      name: "group reminder",
      sessionTarget: "session:agent:main:telegram:group:-100",
      wakeMode: "now",
      schedule: { kind: "every", everyMs: MIN, anchorMs: T0 },
      payload: { kind: "systemEvent", text: "Standup in 5 minutes." },
    });
    await h.clock.advance(MIN);
    expect(h.systemEvents).toEqual([
      { sessionKey: "agent:main:telegram:group:-100", text: "Standup in 5 minutes." },
    ]);
    expect(h.wakeSessions).toEqual(["agent:main:telegram:group:-100"]);
  });

  it("refuses a systemEvent in an isolated session and an unknown job id with errors that say what to do", async () => {
    h = await createHarness(T0);
    expect(() =>
      h.service.add({
        name: "x",
        sessionTarget: "isolated",
        schedule: { kind: "every", everyMs: MIN },
        payload: { kind: "systemEvent", text: "t" },
      }),
    ).toThrow(/use sessionTarget "main"/);
    expect(() => h.service.update("nope", { enabled: false })).toThrow(/claw cron list/);
    expect(() =>
      h.service.add({ name: "x", schedule: { kind: "cron", expr: "0 9 * *" }, payload: agentTurn() }),
    ).toThrow(/5 \(minute/);
  });
});

describe("delivery", () => {
  it("announces the reply through the deliver port, suppresses NO_REPLY, and records both", async () => {
    h = await createHarness(T0);
    const job = h.service.add({
      name: "digest",
      schedule: { kind: "every", everyMs: MIN, anchorMs: T0 },
      payload: agentTurn("summarise"),
      delivery: { mode: "announce", channel: "telegram", to: "42", threadId: 7 },
    });
    h.script.turn = () => ({ status: "ok", text: "Three new emails." });
    await h.clock.advance(MIN);
    h.script.turn = () => ({ status: "ok", text: "NO_REPLY" });
    await h.clock.advance(MIN);
    expect(h.delivered).toEqual([
      { target: { channel: "telegram", to: "42", threadId: 7 }, text: "Three new emails." },
    ]);
    const runs = h.service.runs({ jobId: job.id, sortDir: "asc" }).runs;
    expect(runs.map((r) => [r.status, r.deliveryStatus])).toEqual([
      ["ok", "delivered"],
      ["ok", "not-delivered"],
    ]);
    expect(runs[1]?.deliveryError).toBe("suppressed: NO_REPLY");
  });

  it('announce to "last" names the session whose last chat is meant: the main session for an isolated run', async () => {
    h = await createHarness(T0);
    h.service.add({
      name: "isolated",
      agentId: "ops",
      schedule: { kind: "every", everyMs: MIN, anchorMs: T0 },
      payload: agentTurn("check"),
      delivery: { mode: "announce", channel: "last" },
    });
    h.service.add({
      name: "in a group",
      sessionTarget: "session:agent:main:telegram:group:-5",
      schedule: { kind: "every", everyMs: MIN, anchorMs: T0 },
      payload: agentTurn("check"),
      delivery: { mode: "announce" },
    });
    await h.clock.advance(MIN);
    expect(h.delivered.map((d) => d.target)).toEqual(
      expect.arrayContaining([
        { channel: "last", sessionKey: "agent:ops:main" },
        { channel: "last", sessionKey: "agent:main:telegram:group:-5" },
      ]),
    );
    expect(h.turns.every((t) => t.runKind === "cron")).toBe(true);
  });

  it("a failed delivery fails the run (recorded, with backoff) unless bestEffort", async () => {
    h = await createHarness(T0);
    h.script.deliver = async () => {
      throw new Error("telegram: 403 bot was blocked by the user");
    };
    const strict = h.service.add({
      name: "s",
      schedule: { kind: "every", everyMs: MIN, anchorMs: T0 },
      payload: agentTurn(),
      delivery: { mode: "announce", channel: "telegram", to: "1" },
    });
    const lax = h.service.add({
      name: "l",
      schedule: { kind: "every", everyMs: MIN, anchorMs: T0 },
      payload: agentTurn(),
      delivery: { mode: "announce", channel: "telegram", to: "1", bestEffort: true },
    });
    await h.clock.advance(MIN);
    expect(h.service.runs({ jobId: strict.id }).runs[0]).toMatchObject({
      status: "error",
      error: "delivery failed: telegram: 403 bot was blocked by the user",
    });
    expect(h.service.runs({ jobId: lax.id }).runs[0]).toMatchObject({
      status: "ok",
      deliveryStatus: "not-delivered",
    });
    // The 30 s backoff never pulls a run earlier than the schedule's own next time.
    expect(h.service.get(strict.id)?.state.nextRunAtMs).toBe(T0 + 2 * MIN);
  });
});

describe("delivery the outbox is still retrying", () => {
  it('records "unknown" (pending) with the reason, then how it ended once it settles', async () => {
    h = await createHarness(T0);
    const endings: ((settled: DeliverySettled) => void)[] = [];
    h.script.deliver = async () => ({
      status: "pending",
      reason: "telegram has not accepted it yet",
      settled: new Promise<DeliverySettled>((resolve) => endings.push(resolve)),
    });
    const job = h.service.add({
      name: "digest",
      schedule: { kind: "every", everyMs: MIN, anchorMs: T0 },
      payload: agentTurn(),
      delivery: { mode: "announce", channel: "telegram", to: "42" },
    });
    await h.clock.advance(MIN);
    await h.clock.advance(MIN);
    const runs = () => h.service.runs({ jobId: job.id, sortDir: "asc" }).runs;
    expect(runs().map((r) => [r.status, r.deliveryStatus, r.deliveryError])).toEqual([
      ["ok", "unknown", "pending: telegram has not accepted it yet"],
      ["ok", "unknown", "pending: telegram has not accepted it yet"],
    ]);
    endings[0]?.({ status: "failed", error: "telegram refused it: Bad Request: chat not found" });
    endings[1]?.({ status: "delivered" });
    await waitFor(() => runs()[1]?.deliveryStatus === "delivered");
    await waitFor(() => runs()[0]?.deliveryStatus === "not-delivered");
    expect(runs()[0]?.deliveryError).toBe("telegram refused it: Bad Request: chat not found");
    expect(runs()[1]?.deliveryError).toBeUndefined();
    // The job's last delivery is its last run's: the older run's late failure does not overwrite it.
    expect(h.service.get(job.id)?.state).toMatchObject({
      lastDeliveryStatus: "delivered",
      lastDelivered: true,
    });
    expect(h.events.filter((e) => e.action === "updated" && e.deliveryStatus).length).toBe(2);
  });
});

describe("timeouts, stuck runs, single-flight and backoff", () => {
  it("a hanging run is timed out and recorded; the next due run still happens", async () => {
    h = await createHarness(T0);
    const job = h.service.add({
      name: "slow",
      schedule: { kind: "every", everyMs: 10 * MIN, anchorMs: T0 },
      payload: { ...agentTurn(), timeoutSeconds: 120 },
    });
    h.script.turn = hangingTurn;
    await h.clock.advance(10 * MIN + 2 * MIN);
    const [first] = h.service.runs({ jobId: job.id }).runs;
    expect(first).toMatchObject({ status: "timeout", error: "cron: job execution timed out after 120 s" });
    expect(h.turns[0]?.signal.aborted).toBe(true);
    h.script.turn = () => ({ status: "ok", text: "fine now" });
    await h.clock.advanceTo(T0 + 21 * MIN);
    expect(statuses()).toEqual(["timeout", "ok"]);
  });

  it("a run that ignores its abort is still ended at its deadline, and the job is free again", async () => {
    h = await createHarness(T0);
    h.script.turn = deafTurn;
    const job = h.service.add({
      name: "deaf",
      schedule: { kind: "every", everyMs: 5 * MIN, anchorMs: T0 },
      payload: { ...agentTurn(), timeoutSeconds: 60 },
    });
    await h.clock.advance(5 * MIN + MIN);
    expect(h.service.running()).toEqual([]);
    expect(h.service.get(job.id)?.state.runningAtMs).toBeUndefined();
    await h.clock.advanceTo(T0 + 10 * MIN);
    expect(h.turns).toHaveLength(2);
  });

  it("the stuck-run detector ends a run with no timeout once it is past the maximum run time", async () => {
    h = await createHarness(T0, { maxRunMs: 30 * MIN, stuckGraceMs: MIN });
    h.script.turn = deafTurn;
    const job = h.service.add({
      name: "forever",
      schedule: { kind: "every", everyMs: 10 * HOUR, anchorMs: T0 },
      payload: { ...agentTurn(), timeoutSeconds: 0 },
    });
    await h.clock.advanceTo(T0 + 10 * HOUR + 32 * MIN);
    expect(h.service.runs({ jobId: job.id }).runs[0]).toMatchObject({
      status: "timeout",
      error: expect.stringMatching(/^stuck: /),
    });
    expect(h.problems.some((p) => p.includes("stuck"))).toBe(true);
  });

  it("a due time while the previous run is still going is recorded as skipped, not dropped", async () => {
    h = await createHarness(T0);
    h.script.turn = hangingTurn;
    h.service.add({
      name: "overlap",
      schedule: { kind: "every", everyMs: MIN, anchorMs: T0 },
      payload: { ...agentTurn(), timeoutSeconds: 150 },
    });
    await h.clock.advance(3 * MIN + 10_000);
    expect(statuses()).toEqual(["skipped", "skipped"]);
    expect(h.service.runs().runs[0]?.summary).toMatch(/previous run .* still going/);
    expect(h.turns).toHaveLength(1);
  });

  it("backs off after consecutive failures: 30 s, 1 min, 5 min", async () => {
    h = await createHarness(T0);
    h.script.turn = () => ({ status: "error", text: "", error: "provider 500" });
    const job = h.service.add({
      name: "flaky",
      schedule: { kind: "every", everyMs: 10_000, anchorMs: T0 },
      payload: agentTurn(),
    });
    const gaps: number[] = [];
    let last = T0;
    for (let i = 0; i < 3; i++) {
      const next = h.service.get(job.id)?.state.nextRunAtMs as number;
      await h.clock.advanceTo(next);
      gaps.push(next - last);
      last = next;
    }
    expect(gaps).toEqual([10_000, 30_000, 60_000]);
    expect(h.service.get(job.id)?.state).toMatchObject({
      consecutiveErrors: 3,
      lastError: "provider 500",
      lastRunStatus: "error",
    });
    expect(h.service.get(job.id)?.state.nextRunAtMs).toBe(last + 300_000);
  });
});
