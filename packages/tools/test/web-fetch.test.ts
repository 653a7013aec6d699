import { createServer, type Server } from "node:http";
import type { AddressInfo } from "node:net";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { createWebFetchTool, unwrapUntrusted, type WebFetchOptions } from "../src/index.js";
import { call, text } from "./helpers.js";

/** The test server is on loopback, which web_fetch refuses unless the host is allowed by name. */
const fetchTool = (options: WebFetchOptions = {}) =>
  createWebFetchTool({ allowPrivate: ["127.0.0.1"], ...options });
const page = (result: Parameters<typeof text>[0]) => unwrapUntrusted(text(result));

let server: Server;
let base = "";

beforeAll(async () => {
  server = createServer((req, res) => {
    if (req.url === "/page") {
      res.setHeader("content-type", "text/html; charset=utf-8");
      res.end(
        "<html><head><script>evil()</script><style>p{}</style></head><body><h1>Title</h1><p>Some <b>bold</b> text.</p></body></html>",
      );
    } else if (req.url === "/big") {
      res.setHeader("content-type", "text/plain");
      res.end("z".repeat(50_000));
    } else if (req.url === "/image") {
      res.setHeader("content-type", "image/png");
      res.end(Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a, 0, 0, 0, 0x0d, 0xff, 0xfe]));
    } else if (req.url === "/untyped-binary") {
      res.end(Buffer.from([0x7f, 0x45, 0x4c, 0x46, 2, 1, 1, 0, 0, 0, 0, 0, 0xff]));
    } else if (req.url === "/json") {
      res.setHeader("content-type", "application/json");
      res.end('{"ok":true}');
    } else if (req.url === "/slow") {
      setTimeout(() => res.end("late"), 2000);
    } else {
      res.statusCode = 404;
      res.end("not here");
    }
  });
  await new Promise<void>((resolve) => server.listen(0, "127.0.0.1", resolve));
  base = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
});
afterAll(() => {
  server.closeAllConnections();
  server.close();
});

describe("web_fetch", () => {
  it("turns HTML into markdown without scripts or styles", async () => {
    const out = page(await call(fetchTool(), { url: `${base}/page` }));
    expect(out).toBe("# Title\n\nSome **bold** text.");
  });

  it("caps the response size", async () => {
    const out = text(await call(fetchTool({ maxBytes: 1000 }), { url: `${base}/big` }));
    expect(out).toContain("[response cut at the size limit]");
  });

  it("times out", async () => {
    await expect(call(fetchTool({ timeoutMs: 100 }), { url: `${base}/slow` })).rejects.toThrow(/timed out/);
  });

  it("reports HTTP errors as error results", async () => {
    const result = await call(fetchTool(), { url: `${base}/missing` });
    expect(result.isError).toBe(true);
    expect(text(result)).toMatch(/^HTTP 404/);
  });

  it.each([
    ["/image", /image\/png/],
    ["/untyped-binary", /binary/],
  ])("refuses binary content from %s instead of dumping its bytes", async (path, kind) => {
    const error = await call(fetchTool(), { url: `${base}${path}` }).catch((e: Error) => e);
    expect(error).toBeInstanceOf(Error);
    expect((error as Error).message).toMatch(kind);
    expect((error as Error).message).toMatch(/\d+ bytes/);
    expect((error as Error).message).not.toMatch(/[\0\uFFFD]/);
  });

  it("returns JSON as text", async () => {
    expect(page(await call(fetchTool(), { url: `${base}/json` }))).toBe('{"ok":true}');
  });

  it.each([["file:///etc/passwd"], ["not a url"]])("refuses %j", async (url) => {
    await expect(call(fetchTool(), { url })).rejects.toThrow(/Only http and https|not a valid URL/);
  });
});
