/**
 * Webhook mode: a small HTTP listener that accepts Telegram's POSTs only with the right
 * `X-Telegram-Bot-Api-Secret-Token` and answers 200 once the layer accepted the update (a non-200
 * makes Telegram deliver it again; the layer's dedupe drops the repeat), 503 when the layer could
 * not store it (state.db refused the write), so Telegram retries it. An update the channel cannot
 * handle at all is logged and answered 200, as polling passes over it: Telegram would only send
 * it again and fail again.
 */
import { timingSafeEqual } from "node:crypto";
import { createServer, type Server } from "node:http";
import { isInboundNotStored } from "@claw/channels";
import type { Update } from "grammy/types";

export interface WebhookListenerOptions {
  host: string;
  port: number;
  path: string;
  secretToken: string;
  handle(update: Update): Promise<void>;
  /** Largest body accepted (default 1 MB). */
  maxBodyBytes?: number;
  /** Where an update that could not be handled is reported. */
  log?(level: "error", message: string, fields?: Record<string, unknown>): void;
}

const sameSecret = (given: string | undefined, expected: string) => {
  if (given === undefined) return false;
  const a = Buffer.from(given);
  const b = Buffer.from(expected);
  return a.length === b.length && timingSafeEqual(a, b);
};

/** Starts listening; resolves with the server and the port it got. */
export async function startWebhookListener(
  options: WebhookListenerOptions,
): Promise<{ server: Server; port: number }> {
  const maxBody = options.maxBodyBytes ?? 1_000_000;
  const server = createServer((req, res) => {
    if (req.method !== "POST" || req.url !== options.path) {
      res.writeHead(404).end();
      return;
    }
    const header = req.headers["x-telegram-bot-api-secret-token"];
    if (!sameSecret(Array.isArray(header) ? header[0] : header, options.secretToken)) {
      res.writeHead(401).end("bad secret token");
      return;
    }
    const chunks: Buffer[] = [];
    let size = 0;
    req.on("data", (chunk: Buffer) => {
      size += chunk.length;
      if (size > maxBody) {
        res.writeHead(413).end();
        req.destroy();
      } else chunks.push(chunk);
    });
    req.on("end", () => {
      if (res.headersSent) return;
      let update: Update;
      try {
        update = JSON.parse(Buffer.concat(chunks).toString("utf8")) as Update;
        if (typeof update.update_id !== "number") throw new Error("update_id missing");
      } catch (error) {
        res.writeHead(400).end(`bad update: ${error instanceof Error ? error.message : String(error)}`);
        return;
      }
      const ok = () => res.writeHead(200, { "content-type": "application/json" }).end("{}");
      options.handle(update).then(ok, (error: unknown) => {
        // Not stored: 503 makes Telegram deliver it again later (it keeps later updates behind it).
        if (isInboundNotStored(error)) {
          res.writeHead(503, { "retry-after": "5" }).end("not stored yet; deliver again");
          return;
        }
        options.log?.("error", `telegram: update ${update.update_id} could not be handled; skipped`, {
          error: error instanceof Error ? error.message : String(error),
          fields: Object.keys(update).join(","),
        });
        ok();
      });
    });
  });
  await new Promise<void>((resolve, reject) => {
    server.once("error", reject);
    server.listen(options.port, options.host, () => resolve());
  });
  const address = server.address();
  return { server, port: typeof address === "object" && address ? address.port : options.port };
}
