import { describe, expect, it } from "vitest";
import { resolveSessionResetPolicy } from "./session-reset.js";

describe("resolveSessionResetPolicy", () => {
  it.each([
    {
      name: "default: daily at 4",
      session: {},
      target: { type: "direct" as const },
      expected: { mode: "daily", atHour: 4 },
    },
    {
      name: "legacy idleMinutes alone → idle only",
      session: { idleMinutes: 30 },
      target: { type: "direct" as const },
      expected: { mode: "idle", idleMinutes: 30 },
    },
    {
      name: "daily + idle keeps both (whichever expires first)",
      session: { reset: { mode: "daily" as const, atHour: 4, idleMinutes: 120 } },
      target: { type: "direct" as const },
      expected: { mode: "daily", atHour: 4, idleMinutes: 120 },
    },
    {
      name: "resetByChannel beats resetByType",
      session: {
        resetByChannel: { discord: { mode: "idle" as const, idleMinutes: 10080 } },
        resetByType: { group: { mode: "idle" as const, idleMinutes: 120 } },
      },
      target: { type: "group" as const, channel: "discord" },
      expected: { mode: "idle", idleMinutes: 10080 },
    },
    {
      name: "resetByType beats reset",
      session: {
        reset: { mode: "daily" as const, atHour: 3 },
        resetByType: { thread: { mode: "idle" as const, idleMinutes: 60 } },
      },
      target: { type: "thread" as const, channel: "slack" },
      expected: { mode: "idle", idleMinutes: 60 },
    },
  ])("$name", ({ session, target, expected }) => {
    expect(resolveSessionResetPolicy(session, target)).toEqual(expected);
  });
});
