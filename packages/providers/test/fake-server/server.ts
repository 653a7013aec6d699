/**
 * A local HTTP server (127.0.0.1, port 0) that answers provider SDKs with recorded or synthetic
 * wire bytes, and records every request it gets.
 */
import { createServer, type IncomingMessage } from "node:http";
import type { AddressInfo, Socket } from "node:net";
import { type RecordedRequest, type Responder, writeReply } from "./reply.js";
import { jsonReply } from "./responders.js";

/**
 * Routes by `"METHOD /path"` or `"/path"` (path without query; a trailing `*` matches a prefix;
 * `"*"` matches everything). A list answers its n-th request with its n-th responder. A bare
 * responder answers every request.
 */
export type Routes = Responder | Record<string, Responder | readonly Responder[]>;

export interface FakeServer {
  /** Base URL, e.g. `http://127.0.0.1:40123` (no trailing slash). */
  url: string;
  /** Every request received so far, in arrival order. */
  requests: RecordedRequest[];
  /** Stops listening and destroys open connections (stalled replies included). */
  close(): Promise<void>;
}

function matches(key: string, method: string, path: string): boolean {
  if (key === "*") return true;
  const space = key.indexOf(" ");
  const keyMethod = space > 0 ? key.slice(0, space).toUpperCase() : undefined;
  const keyPath = space > 0 ? key.slice(space + 1) : key;
  if (keyMethod && keyMethod !== method) return false;
  return keyPath.endsWith("*") ? path.startsWith(keyPath.slice(0, -1)) : path === keyPath;
}

function router(routes: Routes): (request: RecordedRequest) => Responder | undefined {
  if (typeof routes === "function") return () => routes;
  const counters = new Map<string, number>();
  return (request) => {
    const key = Object.keys(routes).find((k) => matches(k, request.method, request.path));
    if (key === undefined) return undefined;
    const route = routes[key];
    if (typeof route === "function") return route;
    const n = counters.get(key) ?? 0;
    counters.set(key, n + 1);
    return route?.[n];
  };
}

async function record(req: IncomingMessage): Promise<RecordedRequest> {
  const chunks: Buffer[] = [];
  for await (const chunk of req) chunks.push(chunk as Buffer);
  const body = Buffer.concat(chunks).toString("utf8");
  const url = req.url ?? "/";
  return {
    method: req.method ?? "GET",
    path: url.split("?")[0] ?? url,
    url,
    headers: req.headers,
    body,
    json: <T>() => JSON.parse(body) as T,
  };
}

/**
 * Starts a fake provider server.
 *
 * @example
 * const server = await startFakeServer({ "POST /api/chat": ndjson([{ done: true }]) });
 * const client = new Ollama({ host: server.url });
 * // … then: expect(server.requests[0]?.json()).toMatchObject({ model: "m" });
 * await server.close();
 */
export async function startFakeServer(routes: Routes): Promise<FakeServer> {
  const route = router(routes);
  const requests: RecordedRequest[] = [];
  const sockets = new Set<Socket>();
  const server = createServer((req, res) => {
    void (async () => {
      const request = await record(req);
      requests.push(request);
      const responder = route(request);
      const reply = responder
        ? await responder(request)
        : jsonReply(404, { error: `fake-server: no route for ${request.method} ${request.path}` });
      await writeReply(res, reply);
    })().catch((error: unknown) => {
      if (!res.headersSent) res.writeHead(500, { "content-type": "text/plain" });
      res.end(`fake-server: ${error instanceof Error ? error.message : String(error)}`);
    });
  });
  server.on("connection", (socket) => {
    sockets.add(socket);
    socket.on("close", () => sockets.delete(socket));
  });
  await new Promise<void>((resolve) => server.listen(0, "127.0.0.1", resolve));
  const { port } = server.address() as AddressInfo;
  return {
    url: `http://127.0.0.1:${port}`,
    requests,
    close: () =>
      new Promise<void>((resolve) => {
        for (const socket of sockets) socket.destroy();
        server.close(() => resolve());
      }),
  };
}
