/**
 * The browser's only way out: Chromium is launched with this local HTTP proxy (loopback
 * included), so every connection it makes — navigations, redirect hops, subresources, WebSockets,
 * service workers — is judged by the SSRF rule of `@claw/tools` and then opened to exactly the
 * address that was checked (no DNS rebinding between check and connect).
 */
import { createServer, request as httpRequest, type IncomingMessage, type ServerResponse } from "node:http";
import { type AddressInfo, connect, type Socket } from "node:net";
import { type HostVerdict, resolveAllowedHost } from "@claw/tools";

export interface GuardProxyOptions {
  allowPrivate?: readonly string[];
  /** Told about every refused connection (URL or host:port, and why). */
  onBlocked?: (target: string, reason: string) => void;
}

export interface GuardProxy {
  /** `http://127.0.0.1:<port>`, for Chromium's proxy setting. */
  url: string;
  /** Why a URL's host may not be reached, or undefined (the same rule the proxy applies). */
  judge(url: URL): Promise<string | undefined>;
  close(): Promise<void>;
}

/** Hop-by-hop and proxy headers that must not travel upstream. */
const HOP_HEADERS = ["proxy-connection", "proxy-authorization", "connection", "keep-alive", "te", "trailer"];

/**
 * @example
 * const proxy = await startGuardProxy({ allowPrivate: ["127.0.0.1"] });
 * chromium.launch({ proxy: { server: proxy.url } });
 */
export async function startGuardProxy(options: GuardProxyOptions = {}): Promise<GuardProxy> {
  const verdictFor = (host: string): Promise<HostVerdict> =>
    resolveAllowedHost(host, { allowPrivate: options.allowPrivate });
  const sockets = new Set<Socket>();
  const server = createServer((req, res) => void forward(req, res));

  async function forward(req: IncomingMessage, res: ServerResponse) {
    let target: URL;
    try {
      target = new URL(req.url ?? "");
    } catch {
      return refuse(res, 400, `not a proxy request: ${req.url}`);
    }
    if (target.protocol !== "http:") return refuse(res, 400, `${target.protocol} is not proxied`);
    const verdict = await verdictFor(target.hostname);
    if ("reason" in verdict) {
      options.onBlocked?.(target.href, verdict.reason);
      return refuse(res, 403, `Blocked by Claw's address guard: ${verdict.reason}`);
    }
    const headers = { ...req.headers };
    for (const name of HOP_HEADERS) delete headers[name];
    const upstream = httpRequest({
      host: verdict.address,
      family: verdict.family,
      port: target.port || 80,
      method: req.method,
      path: `${target.pathname}${target.search}`,
      headers,
    });
    upstream.on("response", (response) => {
      res.writeHead(response.statusCode ?? 502, response.headers);
      response.pipe(res);
    });
    upstream.on("error", (error) => refuse(res, 502, `upstream failed: ${error.message}`));
    res.on("close", () => upstream.destroy());
    req.pipe(upstream);
  }

  // HTTPS and WebSockets arrive as CONNECT host:port tunnels.
  server.on("connect", async (req: IncomingMessage, client: Socket, head: Buffer) => {
    client.on("error", () => client.destroy());
    const { hostname, port } = new URL(`http://${req.url ?? ""}`);
    const verdict = await verdictFor(hostname);
    if ("reason" in verdict) {
      options.onBlocked?.(req.url ?? hostname, verdict.reason);
      client.end("HTTP/1.1 403 Forbidden\r\ncontent-length: 0\r\n\r\n");
      return;
    }
    const upstream = connect({ host: verdict.address, family: verdict.family, port: Number(port || 443) });
    sockets.add(upstream);
    upstream.on("close", () => sockets.delete(upstream));
    upstream.on("connect", () => {
      client.write("HTTP/1.1 200 Connection Established\r\n\r\n");
      if (head.length > 0) upstream.write(head);
      upstream.pipe(client);
      client.pipe(upstream);
    });
    upstream.on("error", () => client.destroy());
    client.on("close", () => upstream.destroy());
  });
  server.on("connection", (socket: Socket) => {
    sockets.add(socket);
    socket.on("close", () => sockets.delete(socket));
  });

  await new Promise<void>((resolve) => server.listen(0, "127.0.0.1", resolve));
  const { port } = server.address() as AddressInfo;
  return {
    url: `http://127.0.0.1:${port}`,
    judge: async (url) => {
      const verdict = await verdictFor(url.hostname);
      return "reason" in verdict ? verdict.reason : undefined;
    },
    close: () =>
      new Promise((resolve) => {
        for (const socket of sockets) socket.destroy();
        server.close(() => resolve());
      }),
  };
}

function refuse(res: ServerResponse, status: number, message: string): void {
  if (res.headersSent) return void res.destroy();
  res.writeHead(status, { "content-type": "text/plain; charset=utf-8" });
  res.end(message);
}
