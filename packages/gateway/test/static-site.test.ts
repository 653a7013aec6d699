/**
 * The Control UI's static serving on the gateway port: content types, gzip, ETags, a strict CSP,
 * SPA routes, no directory traversal (raw request lines, not URL-normalised ones), the Origin
 * rule of the WebSocket, and /v1 left to the API.
 */
import { mkdirSync, mkdtempSync, writeFileSync } from "node:fs";
import { request } from "node:http";
import { connect } from "node:net";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { gunzipSync } from "node:zlib";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import type { GatewayHandle } from "../src/index.js";
import { CONTROL_UI_CSP } from "../src/index.js";
import { startTestGateway } from "./helpers/gateway.js";

const root = mkdtempSync(join(tmpdir(), "claw-site-"));
const outside = join(root, "..", `secret-${process.pid}.txt`);
const INDEX = `<!doctype html><title>Claw</title><script type="module" src="/assets/app-ABCDEFGH12.js"></script>${"<!-- pad -->".repeat(100)}`;
const APP_JS = `console.log(${JSON.stringify("x".repeat(4000))});`;
let gw: GatewayHandle;

interface Reply {
  status: number;
  headers: Record<string, string | string[] | undefined>;
  body: Buffer;
}

function get(path: string, headers: Record<string, string> = {}, method = "GET"): Promise<Reply> {
  return new Promise((resolve, reject) => {
    const req = request({ host: "127.0.0.1", port: gw.port, path, method, headers }, (res) => {
      const chunks: Buffer[] = [];
      res.on("data", (c: Buffer) => chunks.push(c));
      res.on("end", () =>
        resolve({ status: res.statusCode ?? 0, headers: res.headers, body: Buffer.concat(chunks) }),
      );
    });
    req.on("error", reject);
    req.end();
  });
}

/** Sends a request line exactly as written (http.request would not normalise, but be explicit). */
function rawStatus(requestLine: string): Promise<string> {
  return new Promise((resolve, reject) => {
    const socket = connect(gw.port, "127.0.0.1", () =>
      socket.write(`${requestLine}\r\nHost: 127.0.0.1\r\nConnection: close\r\n\r\n`),
    );
    let text = "";
    socket.on("data", (c) => {
      text += String(c);
    });
    socket.on("end", () => resolve(text));
    socket.on("error", reject);
  });
}

beforeAll(async () => {
  mkdirSync(join(root, "assets"));
  writeFileSync(join(root, "index.html"), INDEX);
  writeFileSync(join(root, "assets", "app-ABCDEFGH12.js"), APP_JS);
  writeFileSync(join(root, "assets", "style.css"), "body{color:red}");
  writeFileSync(join(root, "notes.unknownext"), "not served");
  writeFileSync(outside, "do not serve me");
  ({ gw } = await startTestGateway({ controlUi: { root } }));
});
afterAll(() => gw.close());

describe("control UI static files", () => {
  it("serves index.html at / with a strict CSP and no-cache", async () => {
    const res = await get("/");
    expect(res.status).toBe(200);
    expect(res.headers["content-type"]).toBe("text/html; charset=utf-8");
    expect(res.headers["content-security-policy"]).toBe(CONTROL_UI_CSP);
    expect(CONTROL_UI_CSP).toContain("script-src 'self'");
    expect(CONTROL_UI_CSP).not.toContain("unsafe-inline");
    expect(res.headers["x-content-type-options"]).toBe("nosniff");
    expect(res.headers["cache-control"]).toBe("no-cache");
    expect(String(res.body)).toBe(INDEX);
  });

  it("gzips text for browsers that accept it, caches hashed assets, answers 304 on a matching ETag", async () => {
    const res = await get("/assets/app-ABCDEFGH12.js", { "accept-encoding": "gzip, br" });
    expect(res.status).toBe(200);
    expect(res.headers["content-type"]).toBe("text/javascript; charset=utf-8");
    expect(res.headers["content-encoding"]).toBe("gzip");
    expect(res.headers["cache-control"]).toContain("immutable");
    expect(String(gunzipSync(res.body))).toBe(APP_JS);
    expect(res.body.length).toBeLessThan(APP_JS.length / 10);
    const again = await get("/assets/app-ABCDEFGH12.js", { "if-none-match": String(res.headers.etag) });
    expect(again.status).toBe(304);
    const css = await get("/assets/style.css");
    expect(css.headers["content-type"]).toBe("text/css; charset=utf-8");
    expect(css.headers["content-encoding"]).toBeUndefined();
  });

  it("answers app routes with index.html and missing files with 404", async () => {
    expect(String((await get("/sessions")).body)).toBe(INDEX);
    expect((await get("/assets/missing.js")).status).toBe(404);
    expect((await get("/notes.unknownext")).status).toBe(404);
  });

  it("never leaves the site directory, however the path is spelled", async () => {
    const name = outside.split("/").at(-1);
    for (const line of [
      `GET /../${name} HTTP/1.1`,
      `GET /assets/../../${name} HTTP/1.1`,
      `GET /%2e%2e/${name} HTTP/1.1`,
      `GET /assets/%2E%2E%2F%2E%2E%2F${name} HTTP/1.1`,
      `GET /..%5c${name} HTTP/1.1`,
      `GET /%00 HTTP/1.1`,
      `GET /%E0%A4%A HTTP/1.1`,
    ]) {
      const reply = await rawStatus(line);
      expect(reply, line).not.toContain("do not serve me");
      expect(reply, line).toMatch(/^HTTP\/1\.1 (400|404) /);
    }
  });

  it("refuses pages from a foreign origin, as the WebSocket does, and methods other than GET/HEAD", async () => {
    const foreign = await get("/", { origin: "http://evil.example" });
    expect(foreign.status).toBe(403);
    expect(String(foreign.body)).toContain("not allowed");
    expect((await get("/", { "sec-fetch-site": "cross-site", "sec-fetch-mode": "no-cors" })).status).toBe(
      403,
    );
    expect((await get("/", { origin: "http://127.0.0.1:5173" })).status).toBe(200);
    const post = await get("/", {}, "POST");
    expect(post.status).toBe(405);
    expect(post.headers.allow).toBe("GET, HEAD");
    const head = await get("/", {}, "HEAD");
    expect(head.status).toBe(200);
    expect(head.body.length).toBe(0);
  });

  it("leaves /v1 to the OpenAI-compatible API", async () => {
    const res = await get("/v1/models");
    expect(res.status).toBe(401);
    expect(res.headers["content-type"]).toBe("application/json");
  });

  it("refuses to start on a directory without index.html", async () => {
    const empty = mkdtempSync(join(tmpdir(), "claw-site-empty-"));
    await expect(startTestGateway({ controlUi: { root: empty } })).rejects.toThrow(/has no index.html/);
  });
});
