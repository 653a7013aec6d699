import { afterEach, describe, expect, it } from "vitest";
import { assertUsableAuth, GatewayConfigError, type GatewayHandle, startGateway } from "../src/index.js";
import { call, connected, connectParams, makeDevice, nextId, RawClient } from "./helpers/client.js";
import { createFakeRuntime } from "./helpers/fake-runtime.js";
import { startTestGateway, TOKEN } from "./helpers/gateway.js";
import { validateServerFrame } from "./helpers/oracle.js";

let gw: GatewayHandle | undefined;
afterEach(async () => {
  await gw?.close();
  gw = undefined;
});

/** Connects with a signed device block; returns the hello frame and the client. */
async function connectDevice(
  url: string,
  device: ReturnType<typeof makeDevice>,
  auth: Record<string, string>,
  overrides: Record<string, unknown> = {},
) {
  const c = await RawClient.open(url);
  const nonce = await c.challenge();
  const params = connectParams({ auth, ...overrides });
  const signWith = auth.token ?? auth.deviceToken;
  const id = nextId();
  c.send({
    type: "req",
    id,
    method: "connect",
    params: { ...params, device: device.block(nonce, params, signWith) },
  });
  return { c, hello: await c.res(id) };
}

describe("startup refuses unusable auth", () => {
  it.each(["", "undefined", "your-token", " NULL "])("token %j", (token) => {
    expect(() => assertUsableAuth({ mode: "token", token }, "127.0.0.1")).toThrow(GatewayConfigError);
  });
  it("refuses a non-loopback bind without auth", async () => {
    await expect(
      startGateway({
        ports: createFakeRuntime().ports,
        host: "0.0.0.0",
        port: 0,
        stateDbPath: ":memory:",
        auth: { mode: "none", acknowledgeNoAuth: true },
      }),
    ).rejects.toThrow(/refusing to bind 0\.0\.0\.0 without auth/);
  });
  it("refuses no auth on loopback unless it is acknowledged", async () => {
    expect(() => assertUsableAuth({ mode: "none", acknowledgeNoAuth: false }, "127.0.0.1")).toThrow(
      /dangerouslyAllowNoAuth/,
    );
    expect(() => assertUsableAuth({ mode: "none", acknowledgeNoAuth: true }, "127.0.0.1")).not.toThrow();
  });
});

describe("auth matrix", () => {
  it.each([
    ["token ok", { mode: "token", token: TOKEN }, { token: TOKEN }, true, undefined],
    ["token wrong", { mode: "token", token: TOKEN }, { token: "nope" }, false, "AUTH_TOKEN_MISMATCH"],
    [
      "token missing, no device",
      { mode: "token", token: TOKEN },
      undefined,
      false,
      "DEVICE_IDENTITY_REQUIRED",
    ],
    [
      "password ok",
      { mode: "password", password: "hunter2-hunter2" },
      { password: "hunter2-hunter2" },
      true,
      undefined,
    ],
    [
      "password wrong",
      { mode: "password", password: "hunter2-hunter2" },
      { password: "x" },
      false,
      "AUTH_PASSWORD_MISMATCH",
    ],
    [
      "password sent as token",
      { mode: "password", password: "hunter2-hunter2" },
      { token: "hunter2-hunter2" },
      false,
      "DEVICE_IDENTITY_REQUIRED",
    ],
    ["no auth configured", { mode: "none", acknowledgeNoAuth: true }, undefined, true, undefined],
  ] as const)("%s", async (_name, auth, credentials, ok, detail) => {
    ({ gw } = await startTestGateway({ auth }));
    const { c, hello } = await connected(gw.url, credentials ? { auth: credentials } : {});
    expect(validateServerFrame(hello)).toEqual([]);
    expect(hello.ok).toBe(ok);
    if (!ok) {
      expect((hello.error as { details: { code: string } }).details.code).toBe(detail);
      expect((await c.whenClosed()).code).toBe(1008);
    } else c.close();
  });

  it("rate-limits failed attempts with back-off, yet never refuses the right token", async () => {
    ({ gw } = await startTestGateway({ limits: { authMaxFailures: 3, authBaseLockMs: 60_000 } }));
    for (let i = 0; i < 3; i++) await connected(gw.url, { auth: { token: "bad" } });
    const owner = await connected(gw.url, { auth: { token: TOKEN } });
    expect(owner.hello.ok).toBe(true);
    owner.c.close();
    for (let i = 0; i < 3; i++) await connected(gw.url, { auth: { token: "bad" } });
    const { hello } = await connected(gw.url, { auth: { token: "still-bad" } });
    expect(hello).toMatchObject({
      ok: false,
      error: { code: "UNAVAILABLE", retryable: true, details: { code: "AUTH_RATE_LIMITED" } },
    });
    expect((hello.error as { retryAfterMs: number }).retryAfterMs).toBeGreaterThan(50_000);
  });
});

describe("device identity and pairing", () => {
  it("auto-approves a loopback device, issues a token that works on reconnect, rotates and revokes it", async () => {
    ({ gw } = await startTestGateway());
    const device = makeDevice();
    const first = await connectDevice(gw.url, device, { token: TOKEN });
    expect(validateServerFrame(first.hello)).toEqual([]);
    const token = (first.hello.payload as { auth: { deviceToken: string } }).auth.deviceToken;
    expect(token).toBeTruthy();
    const again = await connectDevice(gw.url, device, { deviceToken: token });
    expect(again.hello.payload).toMatchObject({ auth: { method: "device-token" } });
    again.c.close();

    const rotated = await call(first.c, "device.token.rotate", { deviceId: device.id, role: "operator" });
    expect(rotated.payload).toMatchObject({ deviceId: device.id, tokenDelivery: "in-band" });
    const stale = await connectDevice(gw.url, device, { deviceToken: token });
    expect(stale.hello).toMatchObject({ ok: false, error: { details: { code: "DEVICE_TOKEN_INVALID" } } });
    const fresh = await connectDevice(gw.url, device, {
      deviceToken: (rotated.payload as { token: string }).token,
    });
    expect(fresh.hello.ok).toBe(true);
    fresh.c.close();

    await call(first.c, "device.token.revoke", { deviceId: device.id, role: "operator" });
    const revoked = await connectDevice(gw.url, device, {
      deviceToken: (rotated.payload as { token: string }).token,
    });
    expect(revoked.hello.ok).toBe(false);
    first.c.close();
  });

  it("revoking a device token closes the sockets logged in with it (1008), not the others", async () => {
    ({ gw } = await startTestGateway());
    const { c: admin } = await connected(gw.url, { auth: { token: TOKEN } });
    const device = makeDevice();
    const first = await connectDevice(gw.url, device, { token: TOKEN });
    const token = (first.hello.payload as { auth: { deviceToken: string } }).auth.deviceToken;
    const viaToken = await connectDevice(gw.url, device, { deviceToken: token });
    const viaToken2 = await connectDevice(gw.url, device, { deviceToken: token });
    expect(viaToken.hello.payload).toMatchObject({ auth: { method: "device-token" } });

    const res = await call(admin, "device.token.revoke", { deviceId: device.id, role: "operator" });
    expect(res.payload).toMatchObject({ revoked: true });
    for (const c of [viaToken.c, viaToken2.c]) {
      const closed = await c.whenClosed();
      expect(closed.code).toBe(1008);
      expect(closed.reason).toMatch(/device token revoked/);
    }
    // The same device's socket that logged in with the gateway token, and the admin, stay.
    expect((await call(first.c, "health")).ok).toBe(true);
    expect((await call(admin, "health")).ok).toBe(true);
    const again = await connectDevice(gw.url, device, { deviceToken: token });
    expect(again.hello).toMatchObject({ ok: false, error: { details: { code: "DEVICE_TOKEN_INVALID" } } });
    first.c.close();
    admin.close();
  });

  it("a socket revoking its own device token gets the answer, then the close", async () => {
    ({ gw } = await startTestGateway());
    const device = makeDevice();
    const first = await connectDevice(gw.url, device, { token: TOKEN });
    first.c.close();
    const token = (first.hello.payload as { auth: { deviceToken: string } }).auth.deviceToken;
    const self = await connectDevice(gw.url, device, { deviceToken: token });
    const res = await call(self.c, "device.token.revoke", { deviceId: device.id, role: "operator" });
    expect(res).toMatchObject({ ok: true, payload: { revoked: true } });
    expect(await self.c.whenClosed()).toMatchObject({ code: 1008, reason: expect.stringMatching(/revoked/) });
  });

  it("rotating keeps live sockets but the old token no longer connects", async () => {
    ({ gw } = await startTestGateway());
    const device = makeDevice();
    const first = await connectDevice(gw.url, device, { token: TOKEN });
    const old = (first.hello.payload as { auth: { deviceToken: string } }).auth.deviceToken;
    const live = await connectDevice(gw.url, device, { deviceToken: old });
    const rotated = await call(live.c, "device.token.rotate", { deviceId: device.id, role: "operator" });
    const fresh = (rotated.payload as { token: string }).token;
    expect(fresh).not.toBe(old);
    expect((await call(live.c, "health")).ok).toBe(true);
    const stale = await connectDevice(gw.url, device, { deviceToken: old });
    expect(stale.hello).toMatchObject({ ok: false, error: { details: { code: "DEVICE_TOKEN_INVALID" } } });
    expect((await stale.c.whenClosed()).code).toBe(1008);
    const next = await connectDevice(gw.url, device, { deviceToken: fresh });
    expect(next.hello.ok).toBe(true);
    for (const c of [first.c, live.c, next.c]) c.close();
  });

  it("rejects bad signatures, foreign nonces and wrong ids", async () => {
    ({ gw } = await startTestGateway());
    const device = makeDevice();
    const c = await RawClient.open(gw.url);
    await c.challenge();
    const params = connectParams({ auth: { token: TOKEN } });
    const block = device.block("some-other-nonce", params, TOKEN);
    c.send({ type: "req", id: "c1", method: "connect", params: { ...params, device: block } });
    expect(await c.res("c1")).toMatchObject({
      ok: false,
      error: { details: { code: "DEVICE_SIGNATURE_INVALID" } },
    });

    const c2 = await RawClient.open(gw.url);
    const nonce = await c2.challenge();
    const good = device.block(nonce, params, TOKEN);
    c2.send({
      type: "req",
      id: "c2",
      method: "connect",
      params: {
        ...params,
        device: { ...good, signature: good.signature.replace(/^./, (ch) => (ch === "A" ? "B" : "A")) },
      },
    });
    expect(await c2.res("c2")).toMatchObject({
      ok: false,
      error: { details: { code: "DEVICE_SIGNATURE_INVALID" } },
    });
  });

  it("requires approval for non-local devices; device.pair.approve admits them", async () => {
    ({ gw } = await startTestGateway({ autoApproveLoopback: false }));
    const { c: admin } = await connected(gw.url, { auth: { token: TOKEN } });
    const device = makeDevice();
    const first = await connectDevice(gw.url, device, { token: TOKEN });
    expect(first.hello).toMatchObject({
      ok: false,
      error: { code: "NOT_PAIRED", details: { code: "PAIRING_REQUIRED" } },
    });
    const requested = await admin.event("device.pair.requested");
    expect(validateServerFrame(requested)).toEqual([]);
    const requestId = (first.hello.error as { details: { requestId: string } }).details.requestId;
    const list = await call(admin, "device.pair.list", {});
    expect((list.payload as { pending: { requestId: string }[] }).pending.map((p) => p.requestId)).toEqual([
      requestId,
    ]);
    expect((await call(admin, "device.pair.approve", { requestId })).payload).toMatchObject({
      decision: "approved",
    });
    const second = await connectDevice(gw.url, device, { token: TOKEN });
    expect(second.hello.ok).toBe(true);
    second.c.close();
    admin.close();
  });

  it("still demands the gateway token from a paired device without a device token", async () => {
    ({ gw } = await startTestGateway());
    const device = makeDevice();
    (await connectDevice(gw.url, device, { token: TOKEN })).c.close();
    const noToken = await connectDevice(gw.url, device, {});
    expect(noToken.hello).toMatchObject({ ok: false, error: { details: { code: "AUTH_TOKEN_MISMATCH" } } });
  });
});
