import { describe, expect, it } from "vitest";
import { atInstant, dueTimesBetween, nextRunAfter, ScheduleError, validateSchedule } from "./next-run.js";

const ctx = { jobId: "job-1", createdAtMs: 0 };
const iso = (ms: number | undefined) => (ms === undefined ? undefined : new Date(ms).toISOString());
const next = (expr: string, tz: string | undefined, after: string) =>
  iso(nextRunAfter({ kind: "cron", expr, ...(tz ? { tz } : {}) }, Date.parse(after), ctx));

describe("cron expressions across DST", () => {
  it.each([
    // Europe/Berlin springs forward on 2026-03-29: 02:30 local does not exist that day.
    ["30 2 * * *", "Europe/Berlin", "2026-03-28T02:00:00Z", "2026-03-29T01:00:00.000Z"],
    ["0 9 * * *", "Europe/Berlin", "2026-03-28T09:00:00Z", "2026-03-29T07:00:00.000Z"],
    ["0 9 * * *", "Europe/Berlin", "2026-03-27T09:00:00Z", "2026-03-28T08:00:00.000Z"],
    // and falls back on 2026-10-25: 09:00 local moves from 07:00Z to 08:00Z.
    ["0 9 * * *", "Europe/Berlin", "2026-10-24T08:00:00Z", "2026-10-25T08:00:00.000Z"],
    // America/New_York springs forward on 2026-03-08 and falls back on 2026-11-01.
    ["0 9 * * *", "America/New_York", "2026-03-07T15:00:00Z", "2026-03-08T13:00:00.000Z"],
    ["0 9 * * *", "America/New_York", "2026-10-31T14:00:00Z", "2026-11-01T14:00:00.000Z"],
    ["30 1 * * *", "America/New_York", "2026-11-01T04:00:00Z", "2026-11-01T05:30:00.000Z"],
  ])("%s in %s after %s → %s", (expr, tz, after, expected) => {
    expect(next(expr, tz, after)).toBe(expected);
  });

  it("a 1:30 job on the New York fall-back night runs once, not on both 1:30s", () => {
    const { times } = dueTimesBetween(
      { kind: "cron", expr: "30 1 * * *", tz: "America/New_York" },
      Date.parse("2026-10-31T12:00:00Z"),
      Date.parse("2026-11-02T12:00:00Z"),
      ctx,
      10,
    );
    expect(times.map(iso)).toEqual(["2026-11-01T05:30:00.000Z", "2026-11-02T06:30:00.000Z"]);
  });

  it("an hourly job keeps firing every real hour through the spring gap", () => {
    const { times } = dueTimesBetween(
      { kind: "cron", expr: "0 * * * *", tz: "Europe/Berlin" },
      Date.parse("2026-03-29T00:00:00Z"),
      Date.parse("2026-03-29T02:00:00Z"),
      ctx,
      10,
    );
    expect(times.map(iso)).toEqual([
      "2026-03-29T00:00:00.000Z",
      "2026-03-29T01:00:00.000Z",
      "2026-03-29T02:00:00.000Z",
    ]);
  });
});

describe("6-field expressions (seconds first)", () => {
  it("fire on the second", () => {
    expect(next("*/15 * * * * *", "UTC", "2026-01-01T00:00:07Z")).toBe("2026-01-01T00:00:15.000Z");
    expect(next("5 0 9 * * *", "UTC", "2026-01-01T09:00:05Z")).toBe("2026-01-02T09:00:05.000Z");
  });
  it("5 fields run on the minute", () => {
    expect(next("* * * * *", "UTC", "2026-01-01T00:00:07Z")).toBe("2026-01-01T00:01:00.000Z");
  });
});

describe("every with an anchor", () => {
  it.each([
    [{ everyMs: 60_000, anchorMs: 0 }, 90_000, 120_000],
    [{ everyMs: 60_000, anchorMs: 0 }, 120_000, 180_000],
    [{ everyMs: 60_000, anchorMs: 500_000 }, 90_000, 500_000],
    [{ everyMs: 3_600_000, anchorMs: 1_800_000 }, 3_600_000, 5_400_000],
  ])("%o after %d → %d", (schedule, after, expected) => {
    expect(nextRunAfter({ kind: "every", ...schedule }, after, ctx)).toBe(expected);
  });
  it("without an anchor counts from the job's creation", () => {
    expect(nextRunAfter({ kind: "every", everyMs: 1000 }, 10_500, { jobId: "j", createdAtMs: 10_200 })).toBe(
      11_200,
    );
  });
});

describe("at", () => {
  it("is due once, at its instant", () => {
    const at = "2026-03-01T09:00:00+01:00";
    expect(nextRunAfter({ kind: "at", at }, Date.parse("2026-03-01T07:00:00Z"), ctx)).toBe(
      Date.parse("2026-03-01T08:00:00Z"),
    );
  });
  it("in the past has no next run", () => {
    expect(
      nextRunAfter({ kind: "at", at: "2026-03-01T08:00:00Z" }, Date.parse("2026-03-02T00:00:00Z"), ctx),
    ).toBeUndefined();
  });
  it("without an offset is read as UTC", () => {
    expect(atInstant("2026-03-01T08:00")).toBe(Date.parse("2026-03-01T08:00:00Z"));
  });
});

describe("bad schedules say what to write", () => {
  it.each([
    [{ kind: "cron" as const, expr: "0 9 * *" }, /has 4 fields/],
    [{ kind: "cron" as const, expr: "61 * * * *" }, /not a valid expression/],
    [{ kind: "cron" as const, expr: "0 9 * * *", tz: "Mars/Olympus" }, /not an IANA zone/],
    [{ kind: "at" as const, at: "tomorrow" }, /not an ISO time/],
  ])("%o", (schedule, message) => {
    expect(() => validateSchedule(schedule)).toThrow(ScheduleError);
    expect(() => validateSchedule(schedule)).toThrow(message);
  });
});
