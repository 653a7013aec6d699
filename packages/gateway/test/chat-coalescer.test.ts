import { describe, expect, it } from "vitest";
import { ChatDeltaCoalescer, type CoalescerClock } from "../src/events/chat-coalescer.js";

/** A manual clock: `advance` moves time and fires due timers in order. */
function fakeClock() {
  let t = 1_000;
  let timers: { at: number; fn: () => void; id: number }[] = [];
  let ids = 0;
  const clock: CoalescerClock = {
    now: () => t,
    setTimeout: (fn, ms) => {
      const id = ++ids;
      timers.push({ at: t + ms, fn, id });
      return id;
    },
    clearTimeout: (id) => {
      timers = timers.filter((x) => x.id !== id);
    },
  };
  const advance = (ms: number) => {
    t += ms;
    for (const due of timers.filter((x) => x.at <= t).sort((a, b) => a.at - b.at)) {
      timers = timers.filter((x) => x !== due);
      due.fn();
    }
  };
  return { clock, advance, pendingTimers: () => timers.length };
}

type Step = ["push", string] | ["advance", number] | ["flush"];

describe("ChatDeltaCoalescer (150 ms window)", () => {
  it.each<[string, Step[], string[]]>([
    ["first delta goes out at once", [["push", "a"]], ["a"]],
    [
      "deltas inside the window merge, sent when it ends",
      [
        ["push", "a"],
        ["push", "b"],
        ["advance", 50],
        ["push", "c"],
        ["advance", 99],
      ],
      ["a"],
    ],
    [
      "…and the merged text leaves at 150 ms",
      [
        ["push", "a"],
        ["push", "b"],
        ["advance", 50],
        ["push", "c"],
        ["advance", 100],
      ],
      ["a", "bc"],
    ],
    [
      "a delta after a quiet window goes out at once",
      [
        ["push", "a"],
        ["advance", 200],
        ["push", "b"],
      ],
      ["a", "b"],
    ],
    [
      "flush sends the buffer early (before the final)",
      [["push", "a"], ["push", "b"], ["flush"]],
      ["a", "b"],
    ],
    ["flush with nothing buffered sends nothing", [["flush"]], []],
    ["empty deltas are ignored", [["push", ""]], []],
  ])("%s", (_name, steps, expected) => {
    const { clock, advance } = fakeClock();
    const sent: string[] = [];
    const c = new ChatDeltaCoalescer(150, (t) => sent.push(t), clock);
    for (const step of steps) {
      if (step[0] === "push") c.push(step[1]);
      else if (step[0] === "advance") advance(step[1]);
      else c.flush();
    }
    expect(sent).toEqual(expected);
  });

  it("a steady 5 ms stream of 200 deltas becomes ~7 events and loses no text", () => {
    const { clock, advance, pendingTimers } = fakeClock();
    const sent: string[] = [];
    const c = new ChatDeltaCoalescer(150, (t) => sent.push(t), clock);
    const parts = Array.from({ length: 200 }, (_, i) => `t${i} `);
    for (const p of parts) {
      c.push(p);
      advance(5);
    }
    c.flush();
    expect(sent.join("")).toBe(parts.join(""));
    expect(sent.length).toBeLessThanOrEqual(Math.ceil((200 * 5) / 150) + 1);
    expect(pendingTimers()).toBe(0);
  });
});
