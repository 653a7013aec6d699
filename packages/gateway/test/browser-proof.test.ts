/**
 * A web page must not reach the gateway: look-alike origins are foreign, simple cross-site
 * requests are refused over HTTP as over WebSocket, and foreign pages cannot lock the owner out.
 */
import { afterEach, describe, expect, it } from "vitest";
import type { GatewayHandle } from "../src/index.js";
import { isAllowedOrigin, isLoopbackHost } from "../src/index.js";
import { connected, RawClient } from "./helpers/client.js";
import { startTestGateway, TOKEN } from "./helpers/gateway.js";

let gw: GatewayHandle | undefined;
afterEach(async () => {
  await gw?.close();
  gw = undefined;
});

const LOOK_ALIKES = [
  "http://127.evil.example",
  "http://127.0.0.1.nip.io",
  "http://localhost.evil.example",
  "http://evil.example#127.0.0.1",
  "http://127.0.0.1@evil.example",
  "https://evil.example",
  "null",
  "file://",
  "chrome-extension://abcdef",
  "http://[::2]",
  "http://0.0.0.0",
];

describe("isAllowedOrigin", () => {
  it.each(LOOK_ALIKES)("%s is foreign", (origin) => {
    expect(isAllowedOrigin(origin, [])).toBe(false);
  });
  it.each([
    "http://localhost:5173",
    "http://127.0.0.1:18789",
    "http://127.1",
    "http://2130706433",
    "http://0x7f000001",
    "http://[::1]:3000",
    "http://[::ffff:127.0.0.1]",
    "HTTP://LOCALHOST",
  ])("%s is a loopback page", (origin) => {
    expect(isAllowedOrigin(origin, [])).toBe(true);
  });
  it("configured origins are compared as parsed origins, not prefixes", () => {
    expect(isAllowedOrigin("https://app.example", ["https://APP.example/"])).toBe(true);
    expect(isAllowedOrigin("https://app.example.evil", ["https://app.example"])).toBe(false);
    expect(isAllowedOrigin(undefined, [])).toBe(true);
  });
  it("loopback hosts are IPs in 127/8, ::1, or exactly localhost", () => {
    expect(["127.0.0.1", "127.255.0.9", "::1", "::ffff:127.0.0.1", "localhost"].map(isLoopbackHost)).toEqual([
      true,
      true,
      true,
      true,
      true,
    ]);
    expect(["127.evil", "127.0.0.1.nip.io", "128.0.0.1", "::2", "localhostx"].map(isLoopbackHost)).toEqual([
      false,
      false,
      false,
      false,
      false,
    ]);
  });
});

async function post(
  url: string,
  headers: Record<string, string>,
  body = '{"model":"claw","messages":[{"role":"user","content":"hi"}]}',
) {
  return fetch(`${url.replace(/^ws/, "http")}/v1/chat/completions`, { method: "POST", headers, body });
}

describe("HTTP endpoints check what the WebSocket checks", () => {
  it("refuses a cross-site text/plain POST even with auth off, and runs nothing", async () => {
    const started = await startTestGateway({ auth: { mode: "none", acknowledgeNoAuth: true } });
    gw = started.gw;
    const foreign = await post(gw.url, { origin: "https://evil.example", "content-type": "text/plain" });
    expect(foreign.status).toBe(403);
    const lookalike = await post(gw.url, {
      origin: "http://127.0.0.1.nip.io",
      "content-type": "application/json",
    });
    expect(lookalike.status).toBe(403);
    const plain = await post(gw.url, { "content-type": "text/plain" });
    expect(plain.status).toBe(415);
    expect(((await plain.json()) as { error: { message: string } }).error.message).toContain(
      "application/json",
    );
    expect(started.fake.runs).toHaveLength(0);
    const allowed = await post(gw.url, {
      origin: "http://localhost:5173",
      "content-type": "application/json",
    });
    expect(allowed.status).toBe(200);
    expect(started.fake.runs).toHaveLength(1);
  });

  it("refuses look-alike origins on the WebSocket upgrade", async () => {
    ({ gw } = await startTestGateway());
    for (const origin of ["http://127.evil.example", "http://127.0.0.1.nip.io"])
      await expect(RawClient.open(gw.url, { origin })).rejects.toThrow("HTTP 403");
    const ok = await RawClient.open(gw.url, { origin: "http://localhost:5173" });
    ok.close();
  });
});

describe("nobody can lock the owner out", () => {
  it("a foreign page's failed requests are refused before counting; the owner still connects", async () => {
    ({ gw } = await startTestGateway({ limits: { authMaxFailures: 3, authBaseLockMs: 60_000 } }));
    for (let i = 0; i < 10; i++) {
      const res = await post(gw.url, {
        origin: "https://evil.example",
        "content-type": "application/json",
        authorization: "Bearer wrong",
      });
      expect(res.status).toBe(403);
    }
    for (let i = 0; i < 16; i++) {
      const { c, hello } = await connected(gw.url, { auth: { token: TOKEN } });
      expect(hello.ok).toBe(true);
      c.close();
    }
  });

  it("bad guesses over HTTP are limited, the right bearer token still works", async () => {
    ({ gw } = await startTestGateway({ limits: { authMaxFailures: 2, authBaseLockMs: 60_000 } }));
    const models = (token: string) =>
      fetch(`${gw?.url.replace(/^ws/, "http")}/v1/models`, { headers: { authorization: `Bearer ${token}` } });
    expect((await models("bad")).status).toBe(401);
    expect((await models("bad")).status).toBe(401);
    expect((await models("bad")).status).toBe(429);
    expect((await models(TOKEN)).status).toBe(200);
  });
});
