import { describe, expect, it } from "vitest";
import type { AgentEvent } from "../events/types.js";
import { createEventChannel, SlowSubscriberError, type SlowSubscriberReport } from "./event-channel.js";

const event = (seq: number) =>
  ({ runId: "r1", seq, stream: "assistant", ts: 0, data: { delta: "x" } }) as AgentEvent;

function setup(maxBuffered: number) {
  const reports: SlowSubscriberReport[] = [];
  const channel = createEventChannel({
    runId: "r1",
    sessionKey: "agent:main:main",
    maxBuffered,
    onSlowSubscriber: (r) => reports.push(r),
  });
  return { channel, reports };
}

async function readAll(iterable: AsyncIterable<AgentEvent>): Promise<number[]> {
  const seqs: number[] = [];
  for await (const e of iterable) seqs.push(e.seq);
  return seqs;
}

describe("createEventChannel", () => {
  it("lets a reader outrun by a synchronous burst catch up before anything is discarded", async () => {
    const { channel, reports } = setup(10);
    const all = readAll(channel.iterable);
    for (let i = 1; i <= 1_000; i++) channel.push(event(i));
    channel.close();
    expect(await all).toHaveLength(1_000);
    expect(reports).toEqual([]);
  });

  it("gives a late reader every event while the run stays within the limit", async () => {
    const { channel, reports } = setup(100);
    for (let i = 1; i <= 100; i++) channel.push(event(i));
    channel.close();
    expect(await readAll(channel.iterable)).toEqual(Array.from({ length: 100 }, (_, i) => i + 1));
    expect(await readAll(channel.iterable)).toHaveLength(100);
    expect(reports).toEqual([]);
  });

  it("ends a stalled reader with an error, reports it once, and keeps the buffer bounded", async () => {
    const { channel, reports } = setup(100);
    const stalled = channel.iterable[Symbol.asyncIterator]();
    channel.push(event(1));
    expect((await stalled.next()).value?.seq).toBe(1);
    const fast = readAll(channel.iterable);
    for (let i = 2; i <= 5_000; i++) {
      channel.push(event(i));
      if (i % 50 === 0) await new Promise((r) => setImmediate(r));
      // At most the limit plus what was pushed within one event-loop turn.
      expect(channel.buffered()).toBeLessThanOrEqual(150);
    }
    channel.close();
    expect(await fast).toEqual(Array.from({ length: 5_000 }, (_, i) => i + 1));
    await expect(stalled.next()).rejects.toThrow(SlowSubscriberError);
    await expect(stalled.next()).resolves.toEqual({ value: undefined, done: true });
    expect(reports).toEqual([
      { runId: "r1", sessionKey: "agent:main:main", pendingEvents: expect.any(Number), limit: 100 },
    ]);
    expect(reports[0]?.pendingEvents).toBeGreaterThan(100);
    expect(reports[0]?.pendingEvents).toBeLessThanOrEqual(150);
  });

  it("fails a reader that starts after events were discarded, naming the run and the fix", async () => {
    const { channel, reports } = setup(10);
    for (let i = 1; i <= 12; i++) channel.push(event(i));
    channel.close();
    await new Promise((r) => setImmediate(r));
    await expect(readAll(channel.iterable)).rejects.toThrow(
      /run r1: 2 events were discarded before this reader started \(limit 10\).*maxBufferedRunEvents/,
    );
    // Nobody was reading: nothing to report.
    expect(reports).toEqual([]);
  });

  it.each([0, -1, 1.5, Number.NaN])("refuses maxBuffered %s", (maxBuffered) => {
    expect(() => setup(maxBuffered)).toThrow(/maxBufferedRunEvents .* must be a whole number/);
  });
});
