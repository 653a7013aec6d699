import { afterEach, describe, expect, it } from "vitest";
import { createHarness, type Harness, hangingTurn } from "./harness.js";

const T0 = Date.parse("2026-06-01T08:00:00Z");
const MIN = 60_000;
const HOUR = 3_600_000;
let h: Harness;
afterEach(async () => {
  await h?.close();
});

const hourly = (name: string, catchUp?: "once" | "skip" | "all") => ({
  name,
  schedule: { kind: "every" as const, everyMs: HOUR, anchorMs: T0 },
  payload: { kind: "agentTurn" as const, message: name },
  ...(catchUp ? { catchUp } : {}),
});
const runsOf = (id: string) => h.service.runs({ jobId: id, sortDir: "asc", limit: 200 }).runs;

describe("restart after downtime: every missed due time is run or recorded, never twice", () => {
  it("handles each job by its catchUp policy and `runs` shows all of it", async () => {
    h = await createHarness(T0);
    const once = h.service.add(hourly("once"));
    const skip = h.service.add(hourly("skip", "skip"));
    const all = h.service.add(hourly("all", "all"));
    const cron = h.service.add({
      name: "nine",
      schedule: { kind: "cron", expr: "0 9 * * *", tz: "Europe/Berlin" },
      payload: { kind: "agentTurn", message: "nine" },
      catchUp: "skip",
    });
    await h.clock.advance(HOUR);
    expect(h.turns).toHaveLength(3);
    // Down from 09:00 until 12:30 UTC: 10:00, 11:00 and 12:00 pass for the hourly jobs.
    await h.restart(T0 + 4 * HOUR + 30 * MIN);
    await h.clock.advance(0);

    expect(runsOf(once.id).map((r) => [r.status, r.trigger, r.scheduledAtMs])).toEqual([
      ["ok", "schedule", T0 + HOUR],
      ["missed", "schedule", T0 + 2 * HOUR],
      ["missed", "schedule", T0 + 3 * HOUR],
      ["ok", "catch-up", T0 + 4 * HOUR],
    ]);
    expect(runsOf(skip.id).map((r) => r.status)).toEqual(["ok", "missed", "missed", "missed"]);
    expect(runsOf(skip.id)[1]?.summary).toMatch(
      /^missed: due 2026-06-01T10:00:00.000Z while the gateway was down \(catchUp skip\)/,
    );
    expect(runsOf(all.id).map((r) => [r.status, r.trigger])).toEqual([
      ["ok", "schedule"],
      ["ok", "catch-up"],
      ["ok", "catch-up"],
      ["ok", "catch-up"],
    ]);
    // Berlin 09:00 is 07:00 UTC: not due again before tomorrow.
    expect(runsOf(cron.id)).toEqual([]);
    for (const job of [once, skip, all]) expect(h.service.get(job.id)?.state.nextRunAtMs).toBe(T0 + 5 * HOUR);

    // A second restart right away repeats nothing.
    const before = h.service.runs({ limit: 200 }).total;
    const turns = h.turns.length;
    await h.restart(h.clock.now() + MIN);
    await h.clock.advance(0);
    expect(h.service.runs({ limit: 200 }).total).toBe(before);
    expect(h.turns).toHaveLength(turns);
    // And the schedule carries on.
    await h.clock.advanceTo(T0 + 5 * HOUR);
    expect(runsOf(once.id).at(-1)).toMatchObject({ status: "ok", scheduledAtMs: T0 + 5 * HOUR });
  });

  it("a run the gateway died in is recorded as interrupted and not run again for the same due time", async () => {
    h = await createHarness(T0);
    h.script.turn = hangingTurn;
    const job = h.service.add(hourly("crashy"));
    await h.clock.advance(HOUR);
    expect(h.turns).toHaveLength(1);
    h.script.turn = () => ({ status: "ok", text: "ok" });
    await h.restart(T0 + HOUR + 5 * MIN, { crash: true });
    await h.clock.advance(0);
    expect(runsOf(job.id).map((r) => [r.status, r.scheduledAtMs])).toEqual([["interrupted", T0 + HOUR]]);
    expect(runsOf(job.id)[0]?.error).toMatch(/gateway stopped during this run/);
    expect(h.turns).toHaveLength(1);
    expect(h.service.get(job.id)?.state).toMatchObject({
      lastRunStatus: "error",
      nextRunAtMs: T0 + 2 * HOUR,
    });
  });

  it("an at job whose time passed while down runs once (policy once) or is recorded missed and disabled (skip)", async () => {
    h = await createHarness(T0);
    const at = new Date(T0 + 10 * MIN).toISOString();
    const run = h.service.add({
      name: "run",
      schedule: { kind: "at", at },
      payload: { kind: "agentTurn", message: "m" },
    });
    const skip = h.service.add({
      name: "skip",
      catchUp: "skip",
      schedule: { kind: "at", at },
      payload: { kind: "agentTurn", message: "m" },
    });
    await h.restart(T0 + HOUR);
    await h.clock.advance(0);
    expect(runsOf(run.id).map((r) => [r.status, r.trigger])).toEqual([["ok", "catch-up"]]);
    expect(runsOf(skip.id).map((r) => r.status)).toEqual(["missed"]);
    expect(h.service.get(skip.id)?.enabled).toBe(false);
    expect(h.service.get(run.id)?.enabled).toBe(false);
  });

  it("caps what a week of downtime produces and says so", async () => {
    h = await createHarness(T0);
    const job = h.service.add({
      ...hourly("minutely", "skip"),
      schedule: { kind: "every", everyMs: MIN, anchorMs: T0 },
    });
    await h.restart(T0 + 7 * 24 * HOUR);
    const runs = runsOf(job.id);
    expect(runs).toHaveLength(100);
    expect(runs.at(-1)?.summary).toMatch(/more missed times are not listed/);
  });

  it("a job row that no longer parses is reported and left in place", async () => {
    h = await createHarness(T0);
    const job = h.service.add(hourly("fine"));
    const { openSqliteDatabase } = await import("@claw/sqlite");
    const { join } = await import("node:path");
    const raw = openSqliteDatabase(join(h.dir, "state.db"));
    raw
      .prepare("INSERT INTO cron_jobs (id, job, enabled, updated_at) VALUES ('broken', '{\"id\":', 1, 0)")
      .run();
    raw.close();
    await h.restart(T0 + MIN);
    expect(h.problems.some((p) => p.startsWith("cron job broken is unreadable"))).toBe(true);
    expect(h.service.get(job.id)).toBeDefined();
  });
});
