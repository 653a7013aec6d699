/**
 * A client whose socket drops mid-run (the gateway stays up) still gets the answer: agent.wait by
 * the run id from the ack, chat.history, or the same `agent` request again (idempotency key).
 */
import { createServer, type Server, Socket } from "node:net";
import { type GatewayHandle, type RunEvent, startGateway } from "@claw/gateway";
import type { ChatMessage } from "@claw/protocol";
import { afterEach, describe, expect, it } from "vitest";
import { ClawClient, GatewayRequestError } from "../src/index.js";
import { fakePorts } from "./fake-ports.js";

const TOKEN = "client-test-token-0123456789";

/** A TCP proxy in front of the gateway whose connections the test can cut like a network drop. */
async function startProxy(target: number): Promise<{ url: string; cut(): void; close(): Promise<void> }> {
  const sockets = new Set<Socket>();
  const server: Server = createServer((inbound) => {
    const outbound = new Socket();
    for (const s of [inbound, outbound]) {
      sockets.add(s);
      s.on("close", () => sockets.delete(s));
      s.on("error", () => {});
    }
    outbound.connect(target, "127.0.0.1", () => {
      inbound.pipe(outbound);
      outbound.pipe(inbound);
    });
    inbound.on("close", () => outbound.destroy());
    outbound.on("close", () => inbound.destroy());
  });
  await new Promise<void>((r) => server.listen(0, "127.0.0.1", r));
  const port = (server.address() as { port: number }).port;
  return {
    url: `ws://127.0.0.1:${port}`,
    cut: () => {
      for (const s of sockets) s.destroy();
    },
    close: () => new Promise<void>((r) => server.close(() => r())),
  };
}

/** Runs stream "partial ", wait for `release()`, then "answer"; finished turns land in history. */
function gatedRuntime() {
  let release: () => void = () => {};
  const gate = new Promise<void>((r) => {
    release = r;
  });
  const history = new Map<string, ChatMessage[]>();
  let n = 0;
  const ports = fakePorts(
    ({ message, sessionKey }) => {
      const runId = `run-${++n}`;
      const ev = (seq: number, event: Pick<RunEvent, "stream" | "data">): RunEvent =>
        ({ runId, seq, ts: Date.now(), sessionKey, ...event }) as RunEvent;
      let done: (text: string) => void = () => {};
      const finished = new Promise<string>((r) => {
        done = r;
      });
      const events = (async function* () {
        yield ev(0, { stream: "lifecycle", data: { phase: "start", startedAt: 1 } });
        yield ev(1, { stream: "assistant", data: { delta: "partial ", text: "partial " } });
        await gate;
        yield ev(2, { stream: "assistant", data: { delta: "answer", text: "partial answer" } });
        const text = "partial answer";
        const list = history.get(sessionKey) ?? [];
        list.push(
          { role: "user", content: message, timestamp: 1 },
          { role: "assistant", content: text, timestamp: 2 },
        );
        history.set(sessionKey, list);
        yield ev(3, {
          stream: "lifecycle",
          data: { phase: "end", status: "ok", startedAt: 1, endedAt: 2 },
        });
        done(text);
      })();
      const result = finished.then((text) => ({
        runId,
        status: "ok" as const,
        text,
        startedAt: 1,
        endedAt: 2,
      }));
      return { runId, events, result };
    },
    async (key, limit) => (history.get(key) ?? []).slice(-limit),
  );
  return { ports, release: () => release() };
}

let gw: GatewayHandle | undefined;
let client: ClawClient | undefined;
let proxy: Awaited<ReturnType<typeof startProxy>> | undefined;
afterEach(async () => {
  await client?.close();
  await proxy?.close();
  await gw?.close();
  gw = client = proxy = undefined;
});

describe("reconnect mid-run", () => {
  it("drops the socket mid-stream, reconnects, and gets the final answer by run id", async () => {
    const fake = gatedRuntime();
    gw = await startGateway({
      ports: fake.ports,
      port: 0,
      stateDbPath: ":memory:",
      auth: { mode: "token", token: TOKEN },
      limits: { drainTimeoutMs: 50 },
    });
    proxy = await startProxy(gw.port);
    let hellos = 0;
    let onSecondHello: () => void = () => {};
    const reconnected = new Promise<void>((r) => {
      onSecondHello = r;
    });
    client = new ClawClient({
      url: proxy.url,
      token: TOKEN,
      reconnect: { initialDelayMs: 10, maxDelayMs: 50 },
      onHello: () => {
        if (++hellos === 2) onSecondHello();
      },
    });
    await client.connect();

    let runId = "";
    const firstDelta = new Promise<void>((resolve) =>
      client?.on("chat", (p) => {
        if ((p as { state: string }).state === "delta") resolve();
      }),
    );
    const params = { message: "tell me", idempotencyKey: "k-drop", sessionKey: "agent:main:main" };
    const pending = client.request("agent", params, {
      expectFinal: true,
      timeoutMs: 10_000,
      onAccepted: (ack) => {
        runId = ack.runId;
      },
    });
    const failed = pending.then(
      () => undefined,
      (e: unknown) => e,
    );
    await firstDelta;
    expect(runId).toMatch(/^run-/);

    proxy.cut();
    const err = await failed;
    expect(err).toBeInstanceOf(GatewayRequestError);
    expect(err).toMatchObject({
      code: "UNAVAILABLE",
      retryable: true,
      detailCode: "CONNECTION_CLOSED",
      details: { runId },
    });
    expect((err as Error).message).toContain(`agent.wait {runId: "${runId}"}`);

    await reconnected;
    fake.release();
    const waited = await client.request("agent.wait", { runId, timeoutMs: 5_000 });
    expect(waited).toMatchObject({ runId, status: "ok", endedAt: expect.any(Number) });
    const history = await client.request("chat.history", {
      sessionKey: "agent:main:main",
    });
    expect(history.messages.at(-1)).toMatchObject({ role: "assistant", content: "partial answer" });
    // The same request again (same idempotency key) re-attaches: same run, its final summary.
    const again = await client.request("agent", params, { expectFinal: true });
    expect(again).toMatchObject({ runId, status: "ok", summary: "partial answer" });
  });
});
