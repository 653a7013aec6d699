import type { IncomingMessage, ServerResponse } from "node:http";
import { isAllowedOrigin } from "../../auth/origin.js";
import { rateLimitKey } from "../../auth/rate-limit.js";
import { secretMatches } from "../../auth/shared-secret.js";
import type { GatewayContext } from "../../context.js";
import { chatCompletions } from "./chat-completions.js";
import { listModels } from "./models.js";

/** An OpenAI-style error body. */
export function sendError(
  res: ServerResponse,
  status: number,
  message: string,
  type: string,
  code: string | null = null,
): void {
  sendJson(res, status, { error: { message, type, param: null, code } });
}

export function sendJson(res: ServerResponse, status: number, body: unknown): void {
  const text = JSON.stringify(body);
  res.writeHead(status, { "content-type": "application/json", "content-length": Buffer.byteLength(text) });
  res.end(text);
}

/** True when a POST body is declared as JSON: anything else is what a cross-site form can send. */
function isJsonBody(req: IncomingMessage): boolean {
  const type = (req.headers["content-type"] ?? "").split(";")[0]?.trim().toLowerCase();
  return type === "application/json";
}

/** Bearer auth against the gateway secret (token or password); any bearer when auth is off. */
function authorized(ctx: GatewayContext, req: IncomingMessage): boolean {
  if (ctx.auth.mode === "none") return true;
  const header = req.headers.authorization ?? "";
  const bearer = header.startsWith("Bearer ") ? header.slice(7).trim() : undefined;
  return secretMatches(ctx.auth.mode === "token" ? ctx.auth.token : ctx.auth.password, bearer);
}

/**
 * Routes the OpenAI-compatible HTTP API: `GET /v1/models`, `POST /v1/chat/completions`.
 * Everything else is 404, so the same port can serve the WebSocket protocol.
 */
export async function handleOpenAiHttp(
  ctx: GatewayContext,
  req: IncomingMessage,
  res: ServerResponse,
): Promise<void> {
  const path = new URL(req.url ?? "/", "http://x").pathname;
  try {
    if (path !== "/v1/models" && path !== "/v1/chat/completions") {
      return sendError(
        res,
        404,
        `no route ${req.method} ${path}; this port serves the gateway WebSocket and /v1/*`,
        "invalid_request_error",
      );
    }
    const origin = req.headers.origin;
    // Foreign pages are refused before anything is counted, so they cannot lock the owner out.
    if (!isAllowedOrigin(origin, ctx.allowedOrigins)) {
      ctx.logger.warn("gateway: http request from a foreign origin refused", { path, origin });
      return sendError(
        res,
        403,
        `origin ${origin} is not allowed; add it to gateway.allowedOrigins to permit browser access`,
        "permission_error",
      );
    }
    if (req.method === "POST" && !isJsonBody(req)) {
      return sendError(
        res,
        415,
        `send the body as JSON with \`Content-Type: application/json\` (got ${JSON.stringify(req.headers["content-type"] ?? "none")})`,
        "invalid_request_error",
      );
    }
    const ip = (req.socket.remoteAddress ?? "unknown").replace(/^::ffff:/, "");
    const rateKey = rateLimitKey(ip, origin);
    if (!authorized(ctx, req)) {
      const wait = ctx.rateLimiter.retryAfterMs(rateKey);
      ctx.rateLimiter.recordFailure(rateKey);
      if (wait > 0) {
        res.setHeader("retry-after", String(Math.ceil(wait / 1000)));
        return sendError(res, 429, "too many failed authentications; retry later", "rate_limit_error");
      }
      return sendError(
        res,
        401,
        "missing or wrong bearer token: send `Authorization: Bearer <gateway token>`",
        "authentication_error",
        "invalid_api_key",
      );
    }
    if (ctx.shuttingDown) return sendError(res, 503, "gateway is shutting down", "server_error");
    if (path === "/v1/models") {
      if (req.method !== "GET") return sendError(res, 405, "use GET /v1/models", "invalid_request_error");
      return sendJson(res, 200, await listModels(ctx));
    }
    if (req.method !== "POST")
      return sendError(res, 405, "use POST /v1/chat/completions", "invalid_request_error");
    await chatCompletions(ctx, req, res);
  } catch (err) {
    ctx.logger.error("gateway: http request failed", { path, error: String(err) });
    if (!res.headersSent)
      sendError(
        res,
        500,
        `internal error: ${err instanceof Error ? err.message : String(err)}`,
        "server_error",
      );
    else res.end();
  }
}
