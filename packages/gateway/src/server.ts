import { randomUUID } from "node:crypto";
import { createServer, type IncomingMessage, type Server } from "node:http";
import type { AddressInfo } from "node:net";
import type { Duplex } from "node:stream";
import { DEFAULT_MAIN_KEY } from "@claw/ids";
import { CLOSE_CODES, checkRequest, PROTOCOL_LIMITS } from "@claw/protocol";
import { type RawData, type WebSocket, WebSocketServer } from "ws";
import { isLoopbackHost } from "./auth/loopback.js";
import { isAllowedOrigin } from "./auth/origin.js";
import { AuthRateLimiter } from "./auth/rate-limit.js";
import { assertUsableAuth, type GatewayAuth } from "./auth/shared-secret.js";
import { Connection } from "./connection.js";
import { type GatewayContext, type GatewayLogger, silentLogger } from "./context.js";
import { forwardApprovalEvents } from "./events/approval-events.js";
import { EventHub } from "./events/hub.js";
import { SessionEvents } from "./events/session-events.js";
import { handleConnect } from "./handshake/connect.js";
import { handleOpenAiHttp } from "./http/openai/router.js";
import { createStaticSite, type StaticSiteOptions } from "./http/static/static-site.js";
import { DEFAULT_LIMITS, type GatewayLimits } from "./limits.js";
import { IdempotencyCache } from "./methods/idempotency.js";
import { dispatch } from "./methods/registry.js";
import { RunFanout } from "./methods/runs.js";
import { PairingStore } from "./pairing/store.js";
import type { GatewayPorts } from "./runtime.js";
import { openStateDb } from "./state/db.js";

export interface GatewayOptions {
  /** The capability ports the methods reach the runtime through. */
  ports: GatewayPorts;
  /** Default 127.0.0.1. Binding beyond loopback requires token or password auth. */
  host?: string;
  /** Default 18789; 0 picks a free port. */
  port?: number;
  /** Required: `{ mode: "token", token }` in almost every case. */
  auth: GatewayAuth;
  /** Browser origins allowed besides loopback pages ("*" for any), for WebSocket and HTTP alike. */
  allowedOrigins?: string[];
  /** SQLite file for pairing, device tokens and idempotency (":memory:" allowed). */
  stateDbPath: string;
  /** Shown to clients in hello-ok `snapshot.stateDir`. */
  stateDir?: string;
  tickIntervalMs?: number;
  logger?: GatewayLogger;
  limits?: Partial<GatewayLimits>;
  /** Auto-approve pairing of devices connecting from loopback (default true). */
  autoApproveLoopback?: boolean;
  /** Reported as hello-ok `server.version`. */
  version?: string;
  /** `session.mainKey`: the main session is `agent:<id>:<mainKey>` (default "main"). */
  mainKey?: string;
  /** Serve a built web app (the Control UI) over HTTP on the same port; omit to serve none. */
  controlUi?: StaticSiteOptions;
}

export interface GatewayHandle {
  url: string;
  port: number;
  host: string;
  /** Sends an event to every connected operator. */
  broadcast(event: string, payload: unknown): void;
  /** Connections that completed the handshake and are still open. */
  connectionCount(): number;
  /** Sockets the gateway still holds in any state (a dropped client must leave this count). */
  socketCount(): number;
  /** Re-reads runtime health and sends a `health` event. */
  refreshHealth(): Promise<void>;
  /** Says `shutdown`, drains runs (then aborts the rest), closes sockets and the database. */
  close(options?: { reason?: string; restartExpectedMs?: number }): Promise<void>;
}

/**
 * Starts the gateway: WebSocket protocol and OpenAI-compatible HTTP on one port.
 *
 * @example
 * const gw = await startGateway({ ports, stateDbPath: "/home/me/.claw/state.db",
 *   auth: { mode: "token", token: process.env.CLAW_GATEWAY_TOKEN ?? "" } });
 * console.log(`listening on ${gw.url}`);
 */
export async function startGateway(options: GatewayOptions): Promise<GatewayHandle> {
  const host = options.host ?? "127.0.0.1";
  const auth = options.auth;
  assertUsableAuth(auth, host);
  // Loaded before anything opens, so a missing or broken build leaks nothing.
  const site = options.controlUi ? await createStaticSite(options.controlUi) : undefined;
  const limits = { ...DEFAULT_LIMITS, ...options.limits };
  const logger = options.logger ?? silentLogger;
  const db = await openStateDb(options.stateDbPath);
  const hub = new EventHub(options.ports.status, limits.presenceTtlMs, limits.presenceMaxEntries);
  const ctx: GatewayContext = {
    auth,
    allowedOrigins: options.allowedOrigins ?? [],
    limits,
    tickIntervalMs: options.tickIntervalMs ?? PROTOCOL_LIMITS.tickIntervalMs,
    ports: options.ports,
    hub,
    sessionEvents: new SessionEvents(hub),
    pairing: new PairingStore(db),
    idempotency: new IdempotencyCache(db, limits.dedupeTtlMs, limits.dedupeMaxEntries),
    rateLimiter: new AuthRateLimiter(limits),
    fanout: new RunFanout(options.ports.runs, hub, logger, limits.chatDeltaWindowMs),
    logger,
    version: options.version ?? "0.1.0",
    bootId: randomUUID(),
    startedAt: Date.now(),
    shuttingDown: false,
    autoApproveLoopback: options.autoApproveLoopback ?? true,
    mainKey: options.mainKey ?? DEFAULT_MAIN_KEY,
    ...(options.stateDir ? { stateDir: options.stateDir } : {}),
  };
  ctx.fanout.onRunChange = (change) => ctx.sessionEvents.publish(change);
  hub.presence.upsert(`gateway-${ctx.bootId}`, {
    host: "gateway",
    mode: "gateway",
    reason: "self",
    version: ctx.version,
    platform: process.platform,
  });

  const http = createServer((req, res) => {
    if (site?.handles(req)) site.serve(ctx, req, res);
    else void handleOpenAiHttp(ctx, req, res);
  });
  const wss = new WebSocketServer({
    noServer: true,
    maxPayload: limits.maxPayloadBytes,
    perMessageDeflate: false,
  });
  http.on("upgrade", (req, socket, head) => upgrade(ctx, wss, req, socket, head));
  wss.on("connection", (ws, req) => onConnection(ctx, ws, req));

  // Frame validators compile on the first frame (one-off ~50 ms), not here: an idle gateway
  // then never loads typebox/compile.
  await listen(http, options.port ?? 18789, host);
  const port = (http.address() as AddressInfo).port;
  const tick = setInterval(
    () => hub.broadcast("tick", { ts: Date.now() }, { dropIfSlow: true }),
    ctx.tickIntervalMs,
  );
  tick.unref();
  const stopApprovalEvents = forwardApprovalEvents(hub, options.ports.approvals);
  logger.info("gateway: listening", { host, port });

  let closing: Promise<void> | undefined;
  return {
    url: `ws://${host.includes(":") ? `[${host}]` : host}:${port}`,
    port,
    host,
    broadcast: (event, payload) => hub.broadcast(event, payload),
    connectionCount: () => [...hub.connections].filter((c) => c.state === "open").length,
    socketCount: () => hub.connections.size,
    refreshHealth: async () => {
      await hub.refreshHealth();
    },
    close(closeOptions = {}) {
      stopApprovalEvents();
      closing ??= shutdown(ctx, http, wss, db, tick, closeOptions);
      return closing;
    },
  };
}

function listen(http: Server, port: number, host: string): Promise<void> {
  return new Promise((resolve, reject) => {
    http.once("error", reject);
    http.listen(port, host, () => {
      http.off("error", reject);
      resolve();
    });
  });
}

/** Why an upgrade is refused, or undefined to accept it. */
function refuseUpgrade(ctx: GatewayContext, req: IncomingMessage): [number, string] | undefined {
  if (ctx.shuttingDown) return [400, "gateway is shutting down"];
  const query = new URL(req.url ?? "/", "http://x").searchParams;
  if (query.has("token") || query.has("password")) {
    return [
      400,
      "credentials in the URL are refused (they leak into logs); send them in connect.params.auth",
    ];
  }
  if (!isAllowedOrigin(req.headers.origin, ctx.allowedOrigins)) {
    return [
      403,
      `origin ${req.headers.origin} is not allowed; add it to allowedOrigins to permit browser access`,
    ];
  }
  return undefined;
}

function upgrade(
  ctx: GatewayContext,
  wss: WebSocketServer,
  req: IncomingMessage,
  socket: Duplex,
  head: Buffer,
): void {
  const refusal = refuseUpgrade(ctx, req);
  if (refusal) {
    const [status, message] = refusal;
    ctx.logger.warn("gateway: upgrade refused", { status, message, origin: req.headers.origin });
    const text = status === 403 ? "Forbidden" : "Bad Request";
    socket.end(
      `HTTP/1.1 ${status} ${text}\r\nContent-Type: text/plain\r\nConnection: close\r\n\r\n${message}\n`,
    );
    return;
  }
  wss.handleUpgrade(req, socket, head, (ws) => wss.emit("connection", ws, req));
}

function onConnection(ctx: GatewayContext, ws: WebSocket, req: IncomingMessage): void {
  const ip = (req.socket.remoteAddress ?? "unknown").replace(/^::ffff:/, "");
  const conn = new Connection(ws, ip, isLoopbackHost(ip), {
    maxBufferedBytes: ctx.limits.maxBufferedBytes,
    maxDroppedEvents: ctx.limits.slowConsumerMaxDroppedEvents,
    maxSlowMs: ctx.limits.slowConsumerMaxSlowMs,
  });
  if (req.headers.origin !== undefined) conn.origin = req.headers.origin;
  conn.onSlowConsumer = (report) =>
    ctx.logger.warn("gateway: slow consumer disconnected", {
      connId: conn.id,
      clientId: conn.client?.id,
      clientName: conn.client?.displayName ?? conn.client?.id,
      ip,
      ...report,
      limitBytes: ctx.limits.maxBufferedBytes,
    });
  ctx.hub.connections.add(conn);
  conn.sendUnsequenced("connect.challenge", { nonce: conn.nonce, ts: Date.now() });
  const timer = setTimeout(() => {
    if (conn.state === "handshake")
      conn.close(CLOSE_CODES.policyViolation, "handshake timeout: send connect within the time limit");
  }, ctx.limits.handshakeTimeoutMs);
  timer.unref();
  ws.on("message", (data, isBinary) => onMessage(ctx, conn, data, isBinary));
  ws.on("error", (err) => ctx.logger.warn("gateway: socket error", { conn: conn.id, error: err.message }));
  ws.on("close", () => {
    clearTimeout(timer);
    conn.state = "closed";
    ctx.hub.connections.delete(conn);
    const instance = conn.client?.instanceId ?? conn.id;
    if (conn.client && ctx.hub.presence.remove(instance)) ctx.hub.broadcastPresence();
  });
}

function onMessage(ctx: GatewayContext, conn: Connection, data: RawData, isBinary: boolean): void {
  if (conn.state === "closed") return;
  const buf = Array.isArray(data) ? Buffer.concat(data) : Buffer.from(data as ArrayBuffer);
  if (conn.state === "handshake" && buf.length > ctx.limits.maxPreAuthFrameBytes) {
    conn.close(
      CLOSE_CODES.messageTooBig,
      `frame of ${buf.length} bytes before connect (limit ${ctx.limits.maxPreAuthFrameBytes})`,
    );
    return;
  }
  let value: unknown;
  try {
    if (isBinary) throw new Error("binary");
    value = JSON.parse(buf.toString("utf8"));
  } catch {
    // Not JSON: close without a reply, as the real gateway does.
    conn.close(CLOSE_CODES.normal, "");
    return;
  }
  const frame = checkRequest(value);
  if (conn.state === "handshake") {
    const id = frame.ok
      ? frame.value.id
      : typeof (value as { id?: unknown })?.id === "string"
        ? (value as { id: string }).id
        : "";
    if (!frame.ok || frame.value.method !== "connect") {
      const message = "invalid handshake: first request must be connect";
      if (id) conn.fail(id, { code: "INVALID_REQUEST", message });
      conn.close(CLOSE_CODES.policyViolation, message);
      return;
    }
    void handleConnect(ctx, conn, frame.value).catch((err: unknown) => {
      ctx.logger.error("gateway: connect failed", { error: String(err) });
      conn.close(CLOSE_CODES.policyViolation, "connect failed");
    });
    return;
  }
  if (!frame.ok) {
    const id =
      typeof (value as { id?: unknown })?.id === "string" && (value as { id: string }).id
        ? (value as { id: string }).id
        : "invalid";
    conn.fail(id, {
      code: "INVALID_REQUEST",
      message: `invalid request frame: ${frame.message}`,
      details: { code: "INVALID_FRAME", path: frame.path },
    });
    return;
  }
  void dispatch(ctx, conn, frame.value);
}

async function shutdown(
  ctx: GatewayContext,
  http: Server,
  wss: WebSocketServer,
  db: { close(): void },
  tick: NodeJS.Timeout,
  options: { reason?: string; restartExpectedMs?: number },
): Promise<void> {
  ctx.shuttingDown = true;
  clearInterval(tick);
  ctx.hub.broadcast("shutdown", {
    reason: options.reason ?? "gateway stopping",
    restartExpectedMs: options.restartExpectedMs ?? ctx.limits.restartExpectedMs,
  });
  const drained = await ctx.fanout.drain(ctx.limits.drainTimeoutMs);
  ctx.logger.info("gateway: runs drained", drained);
  // Let final responses of drained runs flush before closing sockets.
  await new Promise((r) => setImmediate(r));
  for (const conn of ctx.hub.connections) conn.close(CLOSE_CODES.serviceRestart, "gateway shutting down");
  await new Promise<void>((resolve) => wss.close(() => resolve()));
  http.closeAllConnections?.();
  await new Promise<void>((resolve) => http.close(() => resolve()));
  for (const conn of ctx.hub.connections) conn.ws.terminate();
  db.close();
}
