import { randomInt } from "node:crypto";
import { afterEach, describe, expect, it } from "vitest";
import type { GatewayHandle } from "../src/index.js";
import { call, connected, nextId } from "./helpers/client.js";
import type { createFakeRuntime } from "./helpers/fake-runtime.js";
import { startTestGateway, TOKEN } from "./helpers/gateway.js";
import { validateServerFrame } from "./helpers/oracle.js";

let gw: GatewayHandle | undefined;
let fake: ReturnType<typeof createFakeRuntime>;
afterEach(async () => {
  await gw?.close();
  gw = undefined;
});
const auth = { auth: { token: TOKEN } };

describe("backpressure and limits", () => {
  it("disconnects a client that stops reading instead of buffering without bound", async () => {
    const warnings: { message: string; fields?: Record<string, unknown> }[] = [];
    const logger = {
      info() {},
      error() {},
      warn: (message: string, fields?: Record<string, unknown>) => {
        warnings.push({ message, fields });
      },
    };
    ({ gw } = await startTestGateway({ limits: { maxBufferedBytes: 256 * 1024 }, logger }));
    const { c } = await connected(gw.url, auth);
    const socket = (c.ws as unknown as { _socket: { pause(): void; resume(): void } })._socket;
    socket.pause();
    const big = "x".repeat(64 * 1024);
    // Kernel buffers absorb a few MB; broadcast until the gateway gives up on the client.
    let sent = 0;
    while (sent < 2000 && gw.connectionCount() > 0) {
      gw.broadcast("bulk", { big });
      if (++sent % 20 === 0) await new Promise((r) => setImmediate(r));
    }
    expect(gw.connectionCount()).toBe(0);
    expect(sent).toBeLessThan(2000);
    const slow = warnings.find((w) => w.message === "gateway: slow consumer disconnected");
    expect(slow?.fields).toMatchObject({ clientId: expect.any(String), ip: "127.0.0.1" });
    expect(slow?.fields?.bufferedBytes).toBeGreaterThan(256 * 1024);
    socket.resume();
    const result = await c.whenClosed();
    // The close frame queues behind unread data; if the gateway's terminate wins, the client sees 1006.
    expect([1008, 1006]).toContain(result.code);
    if (result.code === 1008) expect(result.reason).toContain("slow consumer");
  });

  it("closes 1009 on a frame above maxPayload after the handshake", async () => {
    ({ gw } = await startTestGateway({ limits: { maxPayloadBytes: 8 * 1024 } }));
    const { c } = await connected(gw.url, auth);
    c.send({ type: "req", id: "big", method: "health", params: { pad: "x".repeat(16 * 1024) } });
    expect((await c.whenClosed()).code).toBe(1009);
  });
});

describe("fuzzing", () => {
  const valid = () => ({ type: "req", id: nextId(), method: "health", params: {} });
  const pick = <T>(xs: readonly T[]): T => xs[randomInt(xs.length)] as T;
  const values = [
    null,
    0,
    -1,
    1.5,
    "",
    "x",
    true,
    [],
    {},
    { a: 1 },
    "a".repeat(300),
    [1, "2"],
    { $ref: "#" },
  ];
  const methods = [
    "health",
    "status",
    "agent",
    "agent.wait",
    "chat.send",
    "sessions.patch",
    "config.apply",
    "logs.tail",
    "device.token.rotate",
    "nope",
    "__proto__",
    "constructor",
  ];

  function mutate(): unknown {
    const f: Record<string, unknown> = valid();
    switch (randomInt(7)) {
      case 0:
        return pick(values);
      case 1:
        delete f[pick(Object.keys(f))];
        return f;
      case 2:
        f[pick(["type", "id", "method", "params"])] = pick(values);
        return f;
      case 3:
        f.method = pick(methods);
        f.params = Object.fromEntries([
          [pick(["message", "runId", "key", "raw", "idempotencyKey", "sessionKey", "limit"]), pick(values)],
        ]);
        return f;
      case 4:
        f[pick(["extra", "__proto__", "seq"])] = pick(values);
        return f;
      case 5:
        return { type: pick(["res", "event", "REQ"]), id: "1", ok: true, event: "x" };
      default:
        f.method = pick(methods);
        f.params = pick(values);
        return f;
    }
  }

  it("survives thousands of random and mutated frames with well-formed replies", async () => {
    ({ gw, fake } = await startTestGateway());
    const { c } = await connected(gw.url, auth);
    const N = 3000;
    for (let i = 0; i < N; i++) {
      const frame = mutate();
      c.send(JSON.stringify(frame) ?? "null");
    }
    const marker = await call(c, "health");
    expect(marker.ok).toBe(true);
    expect(c.closed).toBeUndefined();
    for (const f of c.frames) expect(validateServerFrame(f), JSON.stringify(f).slice(0, 300)).toEqual([]);
    // Random bytes before the handshake: always a close, never a crash.
    for (let i = 0; i < 30; i++) {
      const { c: raw } = await connected(gw.url, { minProtocol: pick(values) });
      await raw.whenClosed();
    }
    expect((await connected(gw.url, auth)).hello.ok).toBe(true);
    expect(fake.runs.length).toBeLessThan(N);
  });
});

describe("graceful shutdown", () => {
  it("says shutdown with a restart hint, drains a run mid-flight and answers its final", async () => {
    ({ gw, fake } = await startTestGateway({ limits: { drainTimeoutMs: 5_000 } }));
    const { c } = await connected(gw.url, auth);
    const id = nextId();
    c.send({ type: "req", id, method: "agent", params: { message: "gate", idempotencyKey: "k-shutdown" } });
    await c.res(id, 0);
    const closing = gw.close({ reason: "upgrade", restartExpectedMs: 1500 });
    gw = undefined;
    const shutdown = await c.event("shutdown");
    expect(shutdown.payload).toEqual({ reason: "upgrade", restartExpectedMs: 1500 });
    expect(validateServerFrame(shutdown)).toEqual([]);
    fake.releaseGate();
    const final = await c.res(id, 1);
    expect(final.payload).toMatchObject({ status: "ok" });
    expect((await c.whenClosed()).code).toBe(1012);
    await closing;
  });

  it("aborts runs that outlive the drain timeout", async () => {
    ({ gw } = await startTestGateway({ limits: { drainTimeoutMs: 50 } }));
    const { c } = await connected(gw.url, auth);
    const id = nextId();
    c.send({ type: "req", id, method: "agent", params: { message: "hang", idempotencyKey: "k-hang" } });
    await c.res(id, 0);
    await gw.close();
    gw = undefined;
    const final = c.frames.filter((f) => f.id === id)[1];
    expect(final?.payload).toMatchObject({ status: "aborted" });
  });
});
