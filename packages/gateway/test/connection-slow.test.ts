import { describe, expect, it } from "vitest";
import type WebSocket from "ws";
import { Connection, type SlowConsumerReport } from "../src/connection.js";

/** A socket stand-in whose unsent byte count the test sets (the wire is covered in slow-consumer.test.ts). */
function fakeSocket() {
  const sock = {
    OPEN: 1,
    readyState: 1,
    bufferedAmount: 0,
    sent: 0,
    closed: undefined as { code: number; reason: string } | undefined,
    send() {
      sock.sent++;
    },
    close(code: number, reason: string) {
      sock.closed = { code, reason };
    },
    terminate() {},
  };
  return sock;
}

function setup(maxDroppedEvents: number, maxSlowMs: number) {
  const sock = fakeSocket();
  let now = 1_000;
  const reports: SlowConsumerReport[] = [];
  const conn = new Connection(
    sock as unknown as WebSocket,
    "10.0.0.9",
    false,
    { maxBufferedBytes: 1000, maxDroppedEvents, maxSlowMs },
    () => now,
  );
  conn.state = "open";
  conn.onSlowConsumer = (r) => reports.push(r);
  return { sock, conn, reports, advance: (ms: number) => (now += ms) };
}

describe("Connection slow-consumer policy", () => {
  it("skips droppable events above half the cap, and resumes (and resets the count) once it catches up", () => {
    const { sock, conn, reports } = setup(3, 60_000);
    sock.bufferedAmount = 600;
    expect(conn.sendEvent("agent", {}, { dropIfSlow: true })).toBe(false);
    expect(conn.sendEvent("agent", {}, { dropIfSlow: true })).toBe(false);
    sock.bufferedAmount = 100;
    expect(conn.sendEvent("agent", {}, { dropIfSlow: true })).toBe(true);
    sock.bufferedAmount = 600;
    for (let i = 0; i < 3; i++) expect(conn.sendEvent("agent", {}, { dropIfSlow: true })).toBe(false);
    expect(sock.closed).toBeUndefined();
    expect(reports).toEqual([]);
  });

  it.each([
    { rule: "too many skipped events", dropped: 2, slowMs: 60_000, step: 0, events: 3 },
    { rule: "skipping for too long", dropped: 1_000, slowMs: 5_000, step: 3_000, events: 3 },
  ])("drops the client for $rule, reporting once", ({ dropped, slowMs, step, events }) => {
    const { sock, conn, reports, advance } = setup(dropped, slowMs);
    sock.bufferedAmount = 700;
    for (let i = 0; i < events; i++) {
      conn.sendEvent("agent", {}, { dropIfSlow: true });
      advance(step);
    }
    expect(sock.closed?.code).toBe(1008);
    expect(sock.closed?.reason).toMatch(/^slow consumer: 700 bytes unsent, 3 events skipped/);
    expect(reports).toEqual([{ bufferedBytes: 700, droppedEvents: 3, reason: sock.closed?.reason }]);
    expect(conn.sendEvent("agent", {}, { dropIfSlow: true })).toBe(false);
    expect(conn.sendEvent("chat", {})).toBe(false);
    expect(reports).toHaveLength(1);
  });

  it("closes at once above the cap for a frame that may not be dropped", () => {
    const { sock, conn, reports } = setup(1_000, 60_000);
    sock.bufferedAmount = 1_001;
    expect(conn.sendEvent("chat", { state: "final" })).toBe(false);
    expect(sock.closed?.reason).toBe("slow consumer: more than 1000 bytes unsent");
    expect(reports).toHaveLength(1);
    expect(sock.sent).toBe(0);
  });
});
