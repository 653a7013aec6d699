import { afterEach, describe, expect, it } from "vitest";
import type { GatewayHandle } from "../src/index.js";
import { call, connected } from "./helpers/client.js";
import { startTestGateway, TOKEN } from "./helpers/gateway.js";

let gw: GatewayHandle | undefined;
afterEach(async () => {
  await gw?.close();
  gw = undefined;
});

const MAX_BUFFERED = 256 * 1024;
const MAX_DROPPED = 20;
const DELTA = 16 * 1024;

function recordingLogger() {
  const warnings: { message: string; fields?: Record<string, unknown> }[] = [];
  return {
    warnings,
    logger: {
      info() {},
      error() {},
      warn: (message: string, fields?: Record<string, unknown>) => void warnings.push({ message, fields }),
    },
  };
}

describe("slow consumers during a streamed reply", () => {
  it("drops a client that stopped reading (every event droppable), once, while others get everything", async () => {
    const { warnings, logger } = recordingLogger();
    ({ gw } = await startTestGateway({
      logger,
      limits: {
        maxBufferedBytes: MAX_BUFFERED,
        slowConsumerMaxDroppedEvents: MAX_DROPPED,
        // Only the event count may trip in this test (no timed behaviour).
        slowConsumerMaxSlowMs: 3_600_000,
        chatDeltaWindowMs: 0,
      },
    }));
    const auth = { auth: { token: TOKEN } };
    const { c: fast } = await connected(gw.url, auth);
    const { c: paused } = await connected(gw.url, {
      ...auth,
      client: {
        id: "cli",
        displayName: "paused-reader",
        version: "0.0.1-test",
        platform: "linux",
        mode: "cli",
      },
    });
    const socket = (paused.ws as unknown as { _socket: { pause(): void; resume(): void } })._socket;
    let pausedBytes = 0;
    let fastBytes = 0;
    fast.ws.on("message", (data: Buffer) => {
      fastBytes += data.length;
    });
    paused.ws.on("message", (data: Buffer) => {
      pausedBytes += data.length;
    });
    socket.pause();
    expect(gw.socketCount()).toBe(2);

    // 16 MiB of reply: far more than loopback kernel buffers (~4 MiB here) can hide from the gateway.
    const replyChars = 1024 * DELTA;
    const ack = await call(fast, "agent", { message: `paced:${replyChars}`, idempotencyKey: "k-paced" });
    const runId = (ack.payload as { runId: string }).runId;
    await fast.event("chat", (p) => p.runId === runId && p.state === "final");

    // The paused client was dropped during the run; the gateway holds no socket for it.
    expect(gw.connectionCount()).toBe(1);
    const slow = warnings.filter((w) => w.message === "gateway: slow consumer disconnected");
    expect(slow).toHaveLength(1);
    expect(slow[0]?.fields).toMatchObject({
      clientName: "paused-reader",
      ip: "127.0.0.1",
      droppedEvents: MAX_DROPPED + 1,
      connId: expect.any(String),
    });
    const pending = slow[0]?.fields?.bufferedBytes as number;
    // Skipping starts above half the cap; a non-droppable frame would have closed it at the cap.
    expect(pending).toBeGreaterThan(MAX_BUFFERED / 2);
    expect(pending).toBeLessThanOrEqual(MAX_BUFFERED + 2 * DELTA + 1024);
    expect(String(slow[0]?.fields?.reason)).toMatch(/^slow consumer: \d+ bytes unsent, 21 events skipped/);

    // The fast client saw every delta, in order, with no seq gap.
    const agentFrames = fast.frames.filter(
      (f) => f.event === "agent" && (f.payload as { runId: string }).runId === runId,
    );
    const deltas = agentFrames
      .map((f) => f.payload as { stream: string; data: { delta?: string } })
      .filter((p) => p.stream === "assistant")
      .map((p) => p.data.delta ?? "");
    expect(deltas).toHaveLength(replyChars / DELTA);
    expect(deltas.join("").length).toBe(replyChars);
    const seqs = fast.frames
      .filter((f) => f.type === "event" && typeof f.seq === "number")
      .map((f) => f.seq as number);
    expect(seqs).toEqual(seqs.map((_, i) => (seqs[0] as number) + i));

    // Reading again, the dropped client gets what the kernel held, then the close, and no more.
    socket.resume();
    const closed = await paused.whenClosed();
    expect([1008, 1006]).toContain(closed.code);
    if (closed.code === 1008) expect(closed.reason).toContain("slow consumer");
    // What reached it is what the kernel held when it stopped reading, far less than the stream.
    expect(pausedBytes).toBeLessThan(fastBytes / 2);
    await new Promise<void>((resolve) => {
      const check = () => (gw?.socketCount() === 1 ? resolve() : setImmediate(check));
      check();
    });
    expect(gw.socketCount()).toBe(1);
    expect(warnings.filter((w) => w.message === "gateway: slow consumer disconnected")).toHaveLength(1);
  });
});
