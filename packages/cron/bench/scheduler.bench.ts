/**
 * Scheduler overhead with 10,000 jobs (a third each every / cron with a zone / at), none due:
 * the next-due computation and a tick, each ≤ 1 ms median. Baseline: a bare loop over 10,000
 * numbers in a Map, the least any scan of the jobs can cost.
 */
import { mkdtempSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { suite } from "@claw/bench-harness";
import { openSqliteDatabase } from "@claw/sqlite";
import { createCronService, createManualClock, nextRunAfter, openCronStore } from "../src/index.js";

const JOBS = 10_000;
const T0 = Date.parse("2026-06-01T08:00:00Z");
const dir = mkdtempSync(join(tmpdir(), "claw-cron-bench-"));
const db = openSqliteDatabase(join(dir, "state.db"));
db.pragma("journal_mode = WAL");
const clock = createManualClock(T0);
const service = createCronService({
  store: openCronStore(db),
  clock,
  ports: {
    runAgentTurn: async () => ({ status: "ok", text: "" }),
    enqueueSystemEvent: () => {},
    requestHeartbeat: () => {},
    mainSessionKey: () => "agent:main:main",
  },
});
await service.start();
const insert = db.transaction(() => {
  for (let i = 0; i < JOBS; i++) {
    const schedule =
      i % 3 === 0
        ? { kind: "every" as const, everyMs: 3_600_000 + i * 1000, anchorMs: T0 }
        : i % 3 === 1
          ? { kind: "cron" as const, expr: `${i % 60} ${i % 24} * * *`, tz: "Europe/Berlin" }
          : { kind: "at" as const, at: new Date(T0 + 86_400_000 + i * 60_000).toISOString() };
    service.add({ name: `job ${i}`, schedule, payload: { kind: "agentTurn", message: `job ${i}` } });
  }
});
insert();

const plain = new Map<string, number>();
for (let i = 0; i < JOBS; i++) plain.set(`job-${i}`, T0 + i);
const cronSchedule = { kind: "cron" as const, expr: "30 9 * * 1-5", tz: "America/New_York" };

try {
  await suite(`cron scheduler (${JOBS.toLocaleString("en-US")} jobs)`, {
    baseline: {
      name: "scan a Map of 10,000 due times",
      fn: () => {
        let min = Number.POSITIVE_INFINITY;
        for (const at of plain.values()) if (at < min) min = at;
        return min;
      },
    },
    cases: [
      {
        name: "next-due computation (earliest job)",
        fn: () => service.nextWakeAtMs(),
        target: { maxMedianMs: 1 },
      },
      {
        name: "tick (nothing due: scan, stuck check, re-arm)",
        fn: () => service.tick(),
        target: { maxMedianMs: 1 },
      },
      {
        name: "next run of one cron expression with a zone",
        fn: () => nextRunAfter(cronSchedule, T0, { jobId: "j", createdAtMs: 0 }),
        target: { maxMedianMs: 1 },
      },
    ],
  });
} finally {
  await service.stop();
  db.close();
  rmSync(dir, { recursive: true, force: true });
}
