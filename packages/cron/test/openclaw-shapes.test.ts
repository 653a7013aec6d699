import { describe, expect, it } from "vitest";
import { openclawErrors } from "../../protocol/test/openclaw-oracle.js";
import { eventToWire, runToLogEntry } from "../src/wire.js";
import { createHarness, type Harness, hangingTurn } from "./harness.js";

const T0 = Date.parse("2026-06-01T08:00:00Z");

describe("jobs and runs match OpenClaw's published schema", () => {
  it("CronJob, CronAddParams and CronRunLogEntry validate", async () => {
    const h: Harness = await createHarness(T0);
    try {
      const inputs = [
        {
          name: "a",
          schedule: { kind: "at" as const, at: "2026-06-01T09:00:00Z" },
          payload: { kind: "agentTurn" as const, message: "m", timeoutSeconds: 30 },
          delivery: { mode: "announce" as const, channel: "telegram", to: "42", threadId: 7 },
        },
        {
          name: "e",
          schedule: { kind: "every" as const, everyMs: 60_000, anchorMs: T0 },
          payload: { kind: "systemEvent" as const, text: "t" },
          wakeMode: "now" as const,
        },
        {
          name: "c",
          schedule: { kind: "cron" as const, expr: "0 9 * * 1-5", tz: "Europe/Berlin" },
          payload: { kind: "agentTurn" as const, message: "m" },
          sessionTarget: "main" as const,
        },
      ];
      for (const input of inputs) {
        expect(
          openclawErrors("CronAddParams", {
            sessionTarget: "isolated",
            wakeMode: "next-heartbeat",
            ...input,
          }),
          input.name,
        ).toBeNull();
        expect(openclawErrors("CronJob", h.service.add(input)), input.name).toBeNull();
      }
      h.script.turn = hangingTurn;
      h.service.add({
        name: "t",
        schedule: { kind: "every", everyMs: 60_000, anchorMs: T0 },
        payload: { kind: "agentTurn", message: "m", timeoutSeconds: 10 },
      });
      await h.clock.advance(2 * 60_000);
      const runs = h.service.runs({ limit: 50 }).runs;
      expect(new Set(runs.map((r) => r.status))).toEqual(new Set(["ok", "timeout"]));
      for (const run of runs) expect(openclawErrors("CronRunLogEntry", runToLogEntry(run))).toBeNull();
      for (const job of h.service.list().jobs) expect(openclawErrors("CronJob", job), job.name).toBeNull();
      expect(runToLogEntry(runs.find((r) => r.status === "timeout") ?? runs[0]!)).toMatchObject({
        status: "error",
        errorReason: "timeout",
      });
      expect(
        h.events
          .map(eventToWire)
          .every((e) => e.status === undefined || ["ok", "error", "skipped"].includes(e.status)),
      ).toBe(true);
    } finally {
      await h.close();
    }
  });
});
