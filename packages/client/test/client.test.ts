import { mkdtempSync, readFileSync, statSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { type GatewayHandle, type GatewayPorts, startGateway } from "@claw/gateway";
import { afterEach, describe, expect, it } from "vitest";
import { WebSocketServer } from "ws";
import { ClawClient, type GapInfo, GatewayRequestError, IdentityStore } from "../src/index.js";
import { fakePorts } from "./fake-ports.js";

const TOKEN = "client-test-token-0123456789";

/** Just enough ports for the client: runs echo the message; "slow" never ends. */
function ports(): GatewayPorts {
  let n = 0;
  return fakePorts(({ message, sessionKey }) => {
    const runId = `run-${++n}`;
    const result =
      message === "slow"
        ? new Promise<never>(() => {})
        : Promise.resolve({ runId, status: "ok" as const, text: `echo: ${message}` });
    const events = (async function* () {
      yield {
        runId,
        seq: 0,
        stream: "lifecycle" as const,
        ts: Date.now(),
        data: { phase: "start" as const, startedAt: Date.now() },
        sessionKey,
      };
      await result;
    })();
    return { runId, events, result };
  });
}

let gw: GatewayHandle | undefined;
let client: ClawClient | undefined;
afterEach(async () => {
  await client?.close();
  await gw?.close();
  gw = undefined;
  client = undefined;
});

const start = (port = 0) =>
  startGateway({
    ports: ports(),
    port,
    stateDbPath: ":memory:",
    auth: { mode: "token", token: TOKEN },
    limits: { drainTimeoutMs: 50 },
  });

describe("ClawClient against the real gateway", () => {
  it("connects with a signed device, stores identity and device token, and requests", async () => {
    gw = await start();
    const stateDir = mkdtempSync(join(tmpdir(), "claw-client-"));
    client = new ClawClient({ url: gw.url, token: TOKEN, stateDir });
    const hello = await client.connect();
    expect(hello.protocol).toBe(4);
    expect(hello.auth.deviceToken).toBeTruthy();
    const identityFile = join(stateDir, "identity", "device.json");
    expect(statSync(identityFile).mode & 0o777).toBe(0o600);
    expect(
      JSON.parse(readFileSync(join(stateDir, "identity", "device-auth.json"), "utf8")).tokens.operator.token,
    ).toBe(hello.auth.deviceToken);
    expect(await client.request("health")).toMatchObject({ ok: true });
    await client.close();

    // Same state dir, no shared token: the stored device token is enough.
    client = new ClawClient({ url: gw.url, stateDir });
    expect((await client.connect()).auth.method).toBe("device-token");
  });

  it("waits for the final agent response and surfaces gateway errors and timeouts", async () => {
    gw = await start();
    client = new ClawClient({ url: gw.url, token: TOKEN, requestTimeoutMs: 100 });
    await client.connect();
    const final = await client.request(
      "agent",
      { message: "hi", idempotencyKey: "k1" },
      { expectFinal: true, timeoutMs: 5_000 },
    );
    expect(final).toMatchObject({ status: "ok", summary: "echo: hi" });
    await expect(client.requestUnchecked("sessions.patch", {})).rejects.toBeInstanceOf(GatewayRequestError);
    await expect(
      client.request("agent", { message: "slow", idempotencyKey: "k2" }, { expectFinal: true }),
    ).rejects.toMatchObject({ code: "TIMEOUT" });
  });

  it("onAccepted sees the ack (with the run id) before the final response resolves", async () => {
    gw = await start();
    client = new ClawClient({ url: gw.url, token: TOKEN });
    await client.connect();
    const order: string[] = [];
    let ack: { runId?: string; status?: string; acceptedAt?: number } = {};
    const final = await client
      .requestFinal(
        "agent",
        { message: "hi", idempotencyKey: "k-acc" },
        {
          onAccepted: (payload) => {
            ack = payload;
            order.push("accepted");
          },
        },
      )
      .then((value) => {
        order.push("final");
        return value;
      });
    expect(order).toEqual(["accepted", "final"]);
    expect(ack).toMatchObject({ status: "accepted", runId: final.runId, acceptedAt: expect.any(Number) });
    expect(final.status).toBe("ok");
  });

  it("a throwing onAccepted fails its request, not the connection", async () => {
    gw = await start();
    client = new ClawClient({ url: gw.url, token: TOKEN });
    await client.connect();
    await expect(
      client.request(
        "agent",
        { message: "hi", idempotencyKey: "k-throw" },
        {
          expectFinal: true,
          onAccepted: () => {
            throw new Error("boom in callback");
          },
        },
      ),
    ).rejects.toThrow("boom in callback");
    expect(await client.request("health")).toMatchObject({ ok: true });
  });

  it("delivers events to subscribers", async () => {
    gw = await start();
    client = new ClawClient({ url: gw.url, token: TOKEN });
    await client.connect();
    const got = new Promise((resolve) => client?.on("custom", resolve));
    gw.broadcast("custom", { hello: 1 });
    expect(await got).toEqual({ hello: 1 });
  });

  it("reconnects with back-off after a gateway restart and reports the gap", async () => {
    gw = await start();
    const port = gw.port;
    const gaps: GapInfo[] = [];
    let reconnected: () => void = () => {};
    const again = new Promise<void>((r) => {
      reconnected = r;
    });
    let hellos = 0;
    client = new ClawClient({
      url: gw.url,
      token: TOKEN,
      reconnect: { initialDelayMs: 20, maxDelayMs: 100 },
      onGap: (g) => gaps.push(g),
      onHello: () => {
        if (++hellos === 2) reconnected();
      },
    });
    await client.connect();
    await gw.close({ restartExpectedMs: 0 });
    gw = await start(port);
    await again;
    expect(gaps).toContainEqual({ reason: "reconnect" });
    expect(await client.request("health")).toMatchObject({ ok: true });
  });
});

describe("stale device tokens", () => {
  let admin: ClawClient | undefined;
  afterEach(async () => {
    await admin?.close();
    admin = undefined;
  });

  /** Pairs a fresh state dir (device token stored) and returns it with an admin client. */
  async function paired() {
    gw = await start();
    const stateDir = mkdtempSync(join(tmpdir(), "claw-client-"));
    const first = new ClawClient({ url: gw.url, token: TOKEN, stateDir });
    await first.connect();
    await first.close();
    admin = new ClawClient({ url: gw.url, token: TOKEN, scopes: ["operator.read", "operator.pairing"] });
    await admin.connect();
    const store = new IdentityStore(stateDir);
    const revoke = () =>
      admin?.request("device.token.revoke", { deviceId: store.loadOrCreate().deviceId, role: "operator" });
    return { stateDir, store, revoke };
  }

  it("prefers the stored device token over the shared one", async () => {
    const { stateDir } = await paired();
    client = new ClawClient({ url: gw?.url ?? "", token: TOKEN, stateDir });
    expect((await client.connect()).auth.method).toBe("device-token");
  });

  it("uses the shared token when the device token lacks a scope asked for", async () => {
    const { stateDir, store } = await paired();
    const before = store.loadToken("operator");
    client = new ClawClient({
      url: gw?.url ?? "",
      token: TOKEN,
      stateDir,
      scopes: ["operator.read", "operator.write", "operator.admin"],
    });
    const hello = await client.connect();
    expect(hello.auth).toMatchObject({ method: "token", scopes: expect.arrayContaining(["operator.admin"]) });
    expect(store.loadToken("operator")).not.toBe(before);
  });

  it("deletes a revoked device token and retries once with the shared token", async () => {
    const { stateDir, store, revoke } = await paired();
    const old = store.loadToken("operator");
    await revoke();
    client = new ClawClient({ url: gw?.url ?? "", token: TOKEN, stateDir });
    const hello = await client.connect();
    expect(hello.auth.method).toBe("token");
    expect(store.loadToken("operator")).toBe(hello.auth.deviceToken);
    expect(hello.auth.deviceToken).not.toBe(old);
    expect(await client.request("health")).toMatchObject({ ok: true });
  });

  it("without a shared token: deletes it and says how to pair again", async () => {
    const { stateDir, store, revoke } = await paired();
    await revoke();
    client = new ClawClient({ url: gw?.url ?? "", stateDir, reconnect: { enabled: false } });
    const err = await client.connect().then(
      () => undefined,
      (e: unknown) => e,
    );
    expect(err).toBeInstanceOf(GatewayRequestError);
    expect((err as Error).message).toMatch(/rejected this device's stored operator token/);
    expect((err as Error).message).toContain("run `claw tui` with --token");
    expect((err as Error).message).toContain(store.tokenPath);
    expect((err as GatewayRequestError).details).toMatchObject({ code: "DEVICE_TOKEN_INVALID" });
    expect(store.loadToken("operator")).toBeUndefined();
  });

  it("a live socket whose token is revoked is closed, and reconnects with the shared token", async () => {
    const { stateDir, store, revoke } = await paired();
    let hellos = 0;
    let second: () => void = () => {};
    const reconnected = new Promise<void>((r) => {
      second = r;
    });
    client = new ClawClient({
      url: gw?.url ?? "",
      token: TOKEN,
      stateDir,
      reconnect: { initialDelayMs: 10, maxDelayMs: 50 },
      onHello: () => {
        if (++hellos === 2) second();
      },
    });
    expect((await client.connect()).auth.method).toBe("device-token");
    await revoke();
    await reconnected;
    expect(client.hello?.auth.method).toBe("token");
    expect(store.loadToken("operator")).toBe(client.hello?.auth.deviceToken);
    expect(await client.request("health")).toMatchObject({ ok: true });
  });
});

describe("gap detection", () => {
  it("calls onGap when seq skips", async () => {
    const wss = new WebSocketServer({ port: 0, host: "127.0.0.1" });
    wss.on("connection", (ws) => {
      ws.send(JSON.stringify({ type: "event", event: "connect.challenge", payload: { nonce: "n", ts: 1 } }));
      ws.on("message", (data) => {
        const req = JSON.parse(String(data)) as { id: string };
        const hello = {
          type: "hello-ok",
          protocol: 4,
          server: { version: "x", connId: "c" },
          features: { methods: [], events: [] },
          snapshot: {},
          auth: { role: "operator", scopes: [] },
          policy: { maxPayload: 1, maxBufferedBytes: 1, tickIntervalMs: 1 },
        };
        ws.send(JSON.stringify({ type: "res", id: req.id, ok: true, payload: hello }));
        for (const seq of [1, 2, 5])
          ws.send(JSON.stringify({ type: "event", event: "tick", payload: { ts: seq }, seq }));
      });
    });
    await new Promise((r) => wss.once("listening", r));
    const gaps: GapInfo[] = [];
    const port = (wss.address() as { port: number }).port;
    const seen = new Promise<void>((resolve) => {
      client = new ClawClient({
        url: `ws://127.0.0.1:${port}`,
        reconnect: { enabled: false },
        onGap: (g) => {
          gaps.push(g);
          resolve();
        },
      });
    });
    await client?.connect();
    await seen;
    expect(gaps).toEqual([{ reason: "seq", expected: 3, received: 5 }]);
    await client?.close();
    client = undefined;
    await new Promise((r) => wss.close(r));
  });
});
