import { describe, expect, it } from "vitest";
import { type AgentEvent, SlowSubscriberError, type SlowSubscriberReport } from "../src/index.js";
import { fauxRuntime } from "./helpers.js";

describe("readers of run.events that stop reading", () => {
  it("ends the stalled reader once the run gets 50 events ahead; the others get everything", async () => {
    // One character per delta, a timer apart, as a provider's stream arrives over the network.
    const reply = "abcdefghij".repeat(20);
    const reports: SlowSubscriberReport[] = [];
    const { runtime } = fauxRuntime([{ text: reply, chunkSize: 1, chunkDelayMs: 1 }], {
      maxBufferedRunEvents: 50,
      onSlowSubscriber: (r) => reports.push(r),
    });
    const busDeltas: string[] = [];
    runtime.subscribe((e) => {
      if (e.stream === "assistant" && e.data.kind === undefined) busDeltas.push(e.data.delta);
    });
    const run = runtime.run({ sessionKey: "agent:main:main", message: "write a lot" });

    let release: () => void = () => {};
    const gate = new Promise<void>((resolve) => {
      release = resolve;
    });
    const stalled = (async () => {
      let seen = 0;
      for await (const _event of run.events) {
        if (++seen === 1) await gate;
      }
      return seen;
    })();
    const fast = (async () => {
      const deltas: string[] = [];
      for await (const e of run.events as AsyncIterable<AgentEvent>)
        if (e.stream === "assistant" && e.data.kind === undefined) deltas.push(e.data.delta);
      return deltas;
    })();

    expect((await run.result).status).toBe("ok");
    expect((await fast).join("")).toBe(reply);
    expect(busDeltas.join("")).toBe(reply);
    release();
    await expect(stalled).rejects.toThrow(SlowSubscriberError);
    await expect(stalled).rejects.toThrow(/fell \d+ events behind \(limit 50\)/);
    expect(reports).toHaveLength(1);
    expect(reports[0]).toMatchObject({ runId: run.runId, sessionKey: "agent:main:main", limit: 50 });
    // Checked once per event-loop turn: one event late at most, with one delta per timer.
    expect(reports[0]?.pendingEvents).toBeGreaterThan(50);
    expect(reports[0]?.pendingEvents).toBeLessThanOrEqual(52);
  });
});
