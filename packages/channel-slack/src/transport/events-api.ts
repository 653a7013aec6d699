/**
 * The HTTP Events API: a small listener that accepts Slack's POSTs only with a valid v0
 * signature from the last five minutes, answers `url_verification` with its challenge, and
 * acknowledges each `event_callback` with 200 once the layer accepted it (at the latest at the
 * 3-second deadline), or answers 503 when the layer could not store it so that Slack retries. Slack's retries (`X-Slack-Retry-Num`) of an event id are handled once.
 */
import { createServer, type IncomingMessage, type Server, type ServerResponse } from "node:http";
import type { EventRouter, SlackEventCallback } from "../inbound/event-router.js";
import { acknowledgeWhenStored } from "./ack-deadline.js";
import { verifySlackSignature } from "./signature.js";

export interface EventsApiListenerOptions {
  host: string;
  port: number;
  path: string;
  signingSecret: string;
  router: EventRouter;
  /** Largest body accepted (default 1 MB). */
  maxBodyBytes?: number;
  /** Told about each refused request (bad signature, stale timestamp, bad JSON). */
  onRefused?(reason: string): void;
  now?: () => number;
}

const header = (req: IncomingMessage, name: string) => {
  const value = req.headers[name];
  return Array.isArray(value) ? value[0] : value;
};

function readBody(req: IncomingMessage, maxBytes: number): Promise<string | undefined> {
  return new Promise((resolve, reject) => {
    const chunks: Buffer[] = [];
    let size = 0;
    req.on("data", (chunk: Buffer) => {
      size += chunk.length;
      if (size > maxBytes) {
        resolve(undefined);
        req.destroy();
      } else chunks.push(chunk);
    });
    req.on("end", () => resolve(Buffer.concat(chunks).toString("utf8")));
    req.on("error", reject);
  });
}

const json = (res: ServerResponse, status: number, body: unknown) =>
  res.writeHead(status, { "content-type": "application/json" }).end(JSON.stringify(body));

/** Starts listening; resolves with the server and the port it got. */
export async function startEventsApiListener(
  options: EventsApiListenerOptions,
): Promise<{ server: Server; port: number }> {
  const refuse = (res: ServerResponse, status: number, reason: string) => {
    options.onRefused?.(reason);
    res.writeHead(status, { "content-type": "text/plain" }).end(reason);
  };
  const handle = async (req: IncomingMessage, res: ServerResponse) => {
    if (req.method !== "POST" || new URL(req.url ?? "/", "http://x").pathname !== options.path)
      return void res.writeHead(404).end();
    const rawBody = await readBody(req, options.maxBodyBytes ?? 1_000_000);
    if (rawBody === undefined) return refuse(res, 413, "body too large");
    const check = verifySlackSignature({
      signingSecret: options.signingSecret,
      rawBody,
      timestamp: header(req, "x-slack-request-timestamp"),
      signature: header(req, "x-slack-signature"),
      ...(options.now ? { nowMs: options.now() } : {}),
    });
    if (!check.ok) return refuse(res, 401, `slack: request refused: ${check.reason}`);
    if (!(header(req, "content-type") ?? "").includes("json")) return void res.writeHead(200).end(); // interactivity payloads are not handled by this channel
    let body: SlackEventCallback & { challenge?: unknown };
    try {
      body = JSON.parse(rawBody) as typeof body;
    } catch (error) {
      return refuse(
        res,
        400,
        `slack: bad JSON body: ${error instanceof Error ? error.message : String(error)}`,
      );
    }
    if (body.type === "url_verification") return json(res, 200, { challenge: String(body.challenge ?? "") });
    if (body.type !== "event_callback") return void res.writeHead(200).end();
    const retry = header(req, "x-slack-retry-num");
    const reason = header(req, "x-slack-retry-reason");
    const work = options.router.handle(body, {
      ...(retry !== undefined ? { retryNum: Number(retry) } : {}),
      ...(reason ? { retryReason: reason } : {}),
    });
    // Not stored: a 503 makes Slack retry the event (X-Slack-Retry-Num), when the store may be back.
    if (await acknowledgeWhenStored(work)) res.writeHead(200).end();
    else res.writeHead(503, { "content-type": "text/plain" }).end("not stored yet; retry");
  };
  const server = createServer((req, res) => {
    handle(req, res).catch(() => {
      if (!res.headersSent) res.writeHead(500).end();
    });
  });
  await new Promise<void>((resolve, reject) => {
    server.once("error", reject);
    server.listen(options.port, options.host, () => resolve());
  });
  const address = server.address();
  return { server, port: typeof address === "object" && address ? address.port : options.port };
}
