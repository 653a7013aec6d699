import { describe, expect, it } from "vitest";
import type { AgentTurnRequest, DeliveryTarget } from "../ports.js";
import { createManualClock } from "../scheduler/clock.js";
import { isWithinActiveHours } from "./active-hours.js";
import { isHeartbeatFileEmpty } from "./heartbeat-file.js";
import { createHeartbeatService, type HeartbeatAgent } from "./heartbeat-service.js";

const T0 = Date.parse("2026-06-01T10:00:00Z");
const MIN = 60_000;

function setup(agent: Partial<HeartbeatAgent> & { file?: string }, reply = "HEARTBEAT_OK") {
  const clock = createManualClock(T0);
  const turns: AgentTurnRequest[] = [];
  const delivered: { target: DeliveryTarget; text: string }[] = [];
  const queued: string[] = [];
  const service = createHeartbeatService({
    clock,
    agents: [
      {
        agentId: "main",
        everyMs: 30 * MIN,
        every: "30m",
        sessionKey: "agent:main:main",
        ackMaxChars: 30,
        target: { channel: "telegram", to: "42" },
        readHeartbeatFile: async () => agent.file,
        ...agent,
      },
    ],
    ports: {
      runAgentTurn: async (request) => {
        turns.push(request);
        return { status: "ok", text: reply };
      },
      deliver: async (target, text) => {
        delivered.push({ target, text });
      },
      suppressionReason: (text, { ackMaxChars }) => {
        const rest = text.replaceAll("HEARTBEAT_OK", "").trim();
        return text.includes("HEARTBEAT_OK") && rest.length <= ackMaxChars ? "HEARTBEAT_OK" : undefined;
      },
      pendingSystemEvents: () => queued.length,
      withSystemEvents: (_key, prompt) => [...queued.splice(0).map((e) => `System: ${e}`), prompt].join("\n"),
    },
  });
  service.start();
  return { clock, turns, delivered, queued, service };
}

describe("HEARTBEAT.md emptiness", () => {
  it.each([
    [undefined, true],
    ["", true],
    ["# Heartbeat\n\n## Checks\n", true],
    ["# Heartbeat\n<!-- add checks\nhere -->\n- [ ]\n", true],
    ["# Heartbeat\n- check the build status\n", false],
    ["Look at the inbox.", false],
  ])("%j → %s", (text, empty) => {
    expect(isHeartbeatFileEmpty(text)).toBe(empty);
  });
});

describe("active hours", () => {
  const nine2six = { start: "09:00", end: "18:00", timezone: "Europe/Berlin" };
  it.each([
    ["2026-06-01T06:59:00Z", false],
    ["2026-06-01T07:00:00Z", true],
    ["2026-06-01T15:59:00Z", true],
    ["2026-06-01T16:00:00Z", false],
    ["2026-06-01T18:00:00Z", false],
  ])("09:00–18:00 Berlin at %s → %s", (at, inside) => {
    expect(isWithinActiveHours(Date.parse(at), nine2six)).toBe(inside);
  });
  it("a window across midnight", () => {
    const night = { start: "22:00", end: "06:00", timezone: "UTC" };
    expect(isWithinActiveHours(Date.parse("2026-06-01T23:00:00Z"), night)).toBe(true);
    expect(isWithinActiveHours(Date.parse("2026-06-01T05:59:00Z"), night)).toBe(true);
    expect(isWithinActiveHours(Date.parse("2026-06-01T12:00:00Z"), night)).toBe(false);
  });
});

describe("heartbeat", () => {
  it("an empty HEARTBEAT.md means no model call", async () => {
    const { clock, turns, service } = setup({ file: "# Heartbeat\n" });
    await clock.advance(30 * MIN);
    expect(turns).toHaveLength(0);
    expect(service.status()[0]?.last).toMatchObject({
      outcome: "skipped",
      skipReason: "empty-heartbeat-file",
    });
  });

  it("an empty file with a queued system event still beats, with the event in the prompt", async () => {
    const { clock, turns, queued } = setup({ file: "" });
    queued.push("Reminder: stretch.");
    await clock.advance(30 * MIN);
    expect(turns).toHaveLength(1);
    expect(turns[0]?.message).toMatch(/^System: Reminder: stretch\./);
  });

  it("a HEARTBEAT_OK short ack is never delivered; a real finding is", async () => {
    const ack = setup({ file: "- check the build" }, "HEARTBEAT_OK — all quiet");
    await ack.clock.advance(30 * MIN);
    expect(ack.turns).toHaveLength(1);
    expect(ack.turns[0]).toMatchObject({ sessionKey: "agent:main:main", lightContext: true });
    expect(ack.turns[0]?.message).toContain("HEARTBEAT.md:\n- check the build");
    expect(ack.delivered).toEqual([]);
    expect(ack.service.status()[0]?.last).toMatchObject({ outcome: "ack", delivered: false });

    const alert = setup({ file: "- check the build" }, "The nightly build is red since 03:00.");
    await alert.clock.advance(30 * MIN);
    expect(alert.delivered).toEqual([
      { target: { channel: "telegram", to: "42" }, text: "The nightly build is red since 03:00." },
    ]);
  });

  it("outside active hours there is no run", async () => {
    const { clock, turns, service } = setup({
      file: "- check",
      activeHours: { start: "09:00", end: "12:00", timezone: "Europe/Berlin" },
    });
    await clock.advance(30 * MIN);
    expect(turns).toHaveLength(0);
    expect(service.status()[0]?.last).toMatchObject({
      outcome: "skipped",
      skipReason: "outside-active-hours",
    });
  });

  it("wakes within 250 ms become one run", async () => {
    const { clock, turns, service } = setup({ file: "- check" });
    for (let i = 0; i < 5; i++) {
      service.wake("main", `cron:job-${i}`);
      await clock.advance(40);
    }
    await clock.advance(300);
    expect(turns).toHaveLength(1);
    expect(service.status()[0]?.last?.reason).toBe("cron:job-0,cron:job-1,cron:job-2,cron:job-3,cron:job-4");
    service.wake("main", "later");
    await clock.advance(300);
    expect(turns).toHaveLength(2);
  });

  it("status shows the interval, the next beat and the last result", async () => {
    const { clock, service } = setup({ file: "- check" });
    expect(service.status()[0]).toMatchObject({
      agentId: "main",
      enabled: true,
      every: "30m",
      everyMs: 30 * MIN,
      nextBeatAtMs: T0 + 30 * MIN,
    });
    await clock.advance(30 * MIN);
    expect(service.status()[0]).toMatchObject({
      nextBeatAtMs: T0 + 60 * MIN,
      last: { outcome: "ack", atMs: T0 + 30 * MIN },
    });
    service.reconfigure([]);
    expect(service.status()).toEqual([]);
  });
});
