import { describe, expect, it } from "vitest";
import { runKillLoop } from "../soak/kill-loop.js";

describe("acknowledged means durable (SIGKILL loop against the real gateway process)", () => {
  it("loses and duplicates no acknowledged message over 5 killed rounds of 20 sessions, burst and paced", async () => {
    const lines: string[] = [];
    const report = await runKillLoop({
      rounds: 5,
      sessions: 20,
      mode: "mixed",
      perSession: 4,
      paceMs: 15,
      killAfterMs: 60,
      log: (line) => lines.push(line),
    });
    expect(report.acknowledged, lines.join("\n")).toBeGreaterThan(100);
    expect(report.missing, lines.join("\n")).toEqual([]);
    expect(report.duplicated, lines.join("\n")).toEqual([]);
    expect(report.unreadable).toEqual([]);
  }, 180_000);
});
