import { afterAll, beforeAll, describe, expect, it } from "vitest";
import type { GatewayHandle } from "../src/index.js";
import { connected, connectParams, nextId, RawClient } from "./helpers/client.js";
import { startTestGateway, TOKEN } from "./helpers/gateway.js";
import { validateServerFrame } from "./helpers/oracle.js";

let gw: GatewayHandle;
beforeAll(async () => {
  ({ gw } = await startTestGateway({ limits: { handshakeTimeoutMs: 300, maxPreAuthFrameBytes: 1024 } }));
});
afterAll(() => gw.close());

const auth = { auth: { token: TOKEN } };

describe("handshake", () => {
  it("sends connect.challenge first, unsequenced", async () => {
    const c = await RawClient.open(gw.url);
    const first = await c.next(() => true);
    expect(first).toMatchObject({ type: "event", event: "connect.challenge" });
    expect(first.seq).toBeUndefined();
    expect(validateServerFrame(first)).toEqual([]);
    c.close();
  });

  it("answers hello-ok with the highest common protocol", async () => {
    for (const [min, max, expected] of [
      [3, 4, 4],
      [3, 3, 3],
      [4, 9, 4],
      [1, 3, 3],
    ] as const) {
      const { c, hello } = await connected(gw.url, { ...auth, minProtocol: min, maxProtocol: max });
      expect(hello.ok).toBe(true);
      expect((hello.payload as { protocol: number }).protocol).toBe(expected);
      expect(validateServerFrame(hello)).toEqual([]);
      c.close();
    }
  });

  it("closes 1002 with PROTOCOL_MISMATCH when ranges do not overlap", async () => {
    const { c, hello } = await connected(gw.url, { ...auth, minProtocol: 99, maxProtocol: 99 });
    expect(hello).toMatchObject({
      ok: false,
      error: {
        code: "INVALID_REQUEST",
        message: "protocol mismatch",
        details: { code: "PROTOCOL_MISMATCH" },
      },
    });
    expect(validateServerFrame(hello)).toEqual([]);
    expect((await c.whenClosed()).code).toBe(1002);
  });

  it("closes 1008 when the first request is not connect", async () => {
    const c = await RawClient.open(gw.url);
    await c.challenge();
    c.send({ type: "req", id: "h0", method: "health", params: {} });
    const res = await c.res("h0");
    expect(res).toMatchObject({
      ok: false,
      error: { code: "INVALID_REQUEST", message: "invalid handshake: first request must be connect" },
    });
    expect(await c.whenClosed()).toMatchObject({ code: 1008 });
  });

  it("closes silently on non-JSON", async () => {
    const c = await RawClient.open(gw.url);
    await c.challenge();
    c.send("hello not json");
    await c.whenClosed();
    expect(c.frames.filter((f) => f.type === "res")).toEqual([]);
  });

  it("closes 1008 naming the field for bad connect params", async () => {
    const { c, hello } = await connected(gw.url, {
      ...auth,
      client: { id: "cli", version: "1", platform: "linux", mode: "wizard" },
    });
    expect(hello.ok).toBe(false);
    expect((hello.error as { message: string }).message).toMatch(
      /^invalid connect params: at \/client\/mode/,
    );
    expect((await c.whenClosed()).code).toBe(1008);
  });

  it("accepts a connect sent before the challenge arrives", async () => {
    const c = await RawClient.open(gw.url);
    c.send({ type: "req", id: "c1", method: "connect", params: connectParams(auth) });
    expect((await c.res("c1")).ok).toBe(true);
    c.close();
  });

  it("closes a socket that never sends connect", async () => {
    const c = await RawClient.open(gw.url);
    const closed = await c.whenClosed();
    expect(closed.code).toBe(1008);
    expect(closed.reason).toContain("handshake timeout");
  });

  it("caps pre-connect frames", async () => {
    const c = await RawClient.open(gw.url);
    await c.challenge();
    c.send({
      type: "req",
      id: "c1",
      method: "connect",
      params: { ...connectParams(auth), userAgent: "x".repeat(2000) },
    });
    expect((await c.whenClosed()).code).toBe(1009);
  });

  it("refuses tokens in the URL and foreign browser origins", async () => {
    await expect(RawClient.open(`${gw.url}/?token=${TOKEN}`)).rejects.toThrow("HTTP 400");
    await expect(RawClient.open(gw.url, { origin: "https://evil.example" })).rejects.toThrow("HTTP 403");
    const ok = await RawClient.open(gw.url, { origin: "http://localhost:5173" });
    ok.close();
  });

  it("rejects a second connect and keeps the connection", async () => {
    const { c } = await connected(gw.url, auth);
    const id = nextId();
    c.send({ type: "req", id, method: "connect", params: connectParams(auth) });
    expect(await c.res(id)).toMatchObject({ ok: false, error: { code: "INVALID_REQUEST" } });
    expect(c.closed).toBeUndefined();
    c.close();
  });
});
