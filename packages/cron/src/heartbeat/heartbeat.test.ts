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

  it("asks for a light heartbeat turn; with the file in the runtime's context the message does not repeat it", async () => {
    const { clock, turns } = setup({ file: "- check the build", heartbeatFileInContext: true });
    await clock.advance(30 * MIN);
    expect(turns[0]).toMatchObject({ lightContext: true, runKind: "heartbeat" });
    expect(turns[0]?.message).not.toContain("- check the build");
    expect(turns[0]?.message).toContain("HEARTBEAT.md");
  });

  it('a target of "last" names the heartbeat session', async () => {
    const { clock, delivered } = setup({ file: "- check", target: { channel: "last" } }, "Disk almost full.");
    await clock.advance(30 * MIN);
    expect(delivered).toEqual([
      { target: { channel: "last", sessionKey: "agent:main:main" }, text: "Disk almost full." },
    ]);
  });

  it("a wake for another session beats in that session, with its events, and answers on its last chat", async () => {
    const { clock, turns, delivered, queued, service } = setup({ file: "" }, "Standup starts in 5 minutes!");
    queued.push("Standup in 5 minutes.");
    service.wake("main", "cron:standup", "agent:main:telegram:group:-100");
    service.wake("main", "cron:standup-2", "agent:main:telegram:group:-100");
    await clock.advance(300);
    expect(turns).toHaveLength(1);
    expect(turns[0]?.sessionKey).toBe("agent:main:telegram:group:-100");
    expect(turns[0]?.message).toMatch(/^System: Standup in 5 minutes\./);
    expect(delivered).toEqual([
      {
        target: { channel: "last", sessionKey: "agent:main:telegram:group:-100" },
        text: "Standup starts in 5 minutes!",
      },
    ]);
    expect(service.status()[0]?.last).toMatchObject({
      sessionKey: "agent:main:telegram:group:-100",
      reason: "cron:standup,cron:standup-2",
      outcome: "ran",
      delivered: true,
    });
  });

  it("an event for another session waits for the next periodic beat, which beats that session too", async () => {
    const { clock, turns, queued, service } = setup({ file: "" }, "HEARTBEAT_OK");
    queued.push("Note for the group.");
    service.wake("main", "system event", "agent:main:telegram:group:-100", { nextBeat: true });
    service.wake("main", "system event", "agent:main:main", { nextBeat: true });
    await clock.advance(10 * MIN);
    expect(turns).toHaveLength(0);
    await clock.advance(20 * MIN);
    expect(turns.map((t) => t.sessionKey)).toEqual(["agent:main:telegram:group:-100"]);
  });

  it("paused heartbeats skip beats and arm no timer until resumed", async () => {
    const { clock, turns, service } = setup({ file: "- check" });
    service.setEnabled(false);
    expect(service.status()[0]).toMatchObject({ enabled: false });
    expect(service.status()[0]?.nextBeatAtMs).toBeUndefined();
    await clock.advance(60 * MIN);
    service.wake("main", "manual");
    await clock.advance(300);
    expect(turns).toHaveLength(0);
    expect(service.status()[0]?.last).toMatchObject({
      outcome: "skipped",
      skipReason: "heartbeats-disabled",
    });
    service.setEnabled(true);
    await clock.advance(30 * MIN);
    expect(turns).toHaveLength(1);
  });
});
