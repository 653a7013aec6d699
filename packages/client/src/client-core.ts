import {
  type AgentAccepted,
  type ClientInfo,
  type ConnectParams,
  type EventFrame,
  type EventName,
  type EventPayload,
  type HelloOk,
  type MethodName,
  type MethodParams,
  type MethodResult,
  MIN_PROTOCOL_VERSION,
  PROTOCOL_VERSION,
  type ResponseFrame,
} from "@claw/protocol";
import type { DeviceAuthority } from "./device.js";
import { CLIENT_ERROR_CODES, GatewayConnectError, GatewayRequestError } from "./errors.js";
import { randomId } from "./random-id.js";
import type { ClientSocket, SocketFactory } from "./socket.js";

export type GapInfo = { reason: "seq"; expected: number; received: number } | { reason: "reconnect" };

/** Options every client takes, whatever platform it runs on. */
export interface ClientCoreOptions {
  /** e.g. ws://127.0.0.1:18789 */
  url: string;
  token?: string;
  password?: string;
  client?: Partial<ClientInfo>;
  role?: "operator" | "node";
  scopes?: string[];
  /** Per-request timeout (default 30 s). */
  requestTimeoutMs?: number;
  /** Reconnect with exponential back-off after an unexpected close (default on). */
  reconnect?: { enabled?: boolean; initialDelayMs?: number; maxDelayMs?: number };
  /** Events were missed (seq gap, or a reconnect): re-fetch presence/health/sessions. */
  onGap?: (gap: GapInfo) => void;
  onHello?: (hello: HelloOk) => void;
  /** The connection closed unexpectedly (a reconnect follows unless it is disabled). */
  onDisconnect?: (info: { code: number; reason: string }) => void;
}

/** Options of one request. */
export interface RequestOptions {
  timeoutMs?: number;
  /** Wait past an `{status: "accepted"}` ack for the final response (`agent`). */
  expectFinal?: boolean;
  /** With `expectFinal`: called with the ack payload (e.g. `{runId, status, acceptedAt}`) first. */
  onAccepted?: (payload: AgentAccepted) => void;
}

/** `[params, options?]`, with params optional when the method's params are all optional. */
export type RequestArgs<M extends MethodName> =
  Record<string, never> extends MethodParams<M>
    ? [params?: MethodParams<M>, options?: RequestOptions]
    : [params: MethodParams<M>, options?: RequestOptions];

/** What a method finally answers once an `accepted` ack was waited past. */
export type FinalResult<M extends MethodName> = Exclude<MethodResult<M>, AgentAccepted>;

interface Pending {
  method: string;
  expectFinal: boolean;
  onAccepted?: (payload: AgentAccepted) => void;
  /** The ack payload, once the request was accepted. */
  accepted?: unknown;
  resolve(value: unknown): void;
  reject(err: Error): void;
  timer: ReturnType<typeof setTimeout>;
}

/** What a platform gives the client core: sockets, a device, and how it names itself. */
export interface ClientPlatform {
  openSocket: SocketFactory;
  /** Omit for a client without a device identity. */
  device?: DeviceAuthority;
  /** `client.platform` / `client.mode` / `client.id` defaults of connect. */
  clientDefaults: Pick<ClientInfo, "id" | "mode" | "platform">;
}

/** Lets a Node process exit while a timer waits (browsers have no such thing). */
function unrefTimer(timer: ReturnType<typeof setTimeout>): void {
  (timer as { unref?: () => void }).unref?.();
}

type Handler = (payload: unknown, frame: EventFrame) => void;

/**
 * The platform-neutral client: signed connect, requests with timeouts, event subscription,
 * reconnect with back-off, and gap detection through `seq`. `ClawClient` (Node) and
 * `BrowserClawClient` (`@claw/client/browser`) give it their sockets and device identity.
 */
export class ClawClientCore {
  private ws?: ClientSocket;
  private readonly pending = new Map<string, Pending>();
  private readonly handlers = new Map<string, Set<Handler>>();
  private lastSeq?: number;
  private closedByUser = false;
  private attempts = 0;
  private everConnected = false;
  private reconnectTimer?: ReturnType<typeof setTimeout>;
  private readonly device?: DeviceAuthority;
  hello?: HelloOk;

  constructor(
    private readonly options: ClientCoreOptions,
    private readonly platform: ClientPlatform,
  ) {
    if (platform.device) this.device = platform.device;
  }

  /**
   * Opens the socket, answers the challenge and resolves with hello-ok. A stored device token the
   * gateway rejects (revoked, or from another gateway) is deleted; then the shared token or
   * password, if given, is tried once, else the error says how to pair again.
   */
  async connect(): Promise<HelloOk> {
    try {
      return await this.open();
    } catch (err) {
      if (!(this.sentDeviceToken && isDeviceTokenRejection(err))) throw err;
      const role = this.options.role ?? "operator";
      this.device?.saveToken(role, undefined);
      if (this.options.token || this.options.password) return await this.open();
      throw new GatewayRequestError("connect", {
        code: err.code,
        message:
          `the gateway rejected this device's stored ${role} token (revoked, or issued by another gateway) ` +
          `and it was deleted from ${this.device?.tokenLocation ?? "the identity store"}. ` +
          "Pair again: run `claw tui` with --token <gateway token>, or approve the device (device.pair.approve)",
        ...(err.details === undefined ? {} : { details: err.details }),
      });
    }
  }

  /** Whether the last connect attempt authenticated with the stored device token. */
  private sentDeviceToken = false;

  private async open(): Promise<HelloOk> {
    this.closedByUser = false;
    const ws = this.platform.openSocket(this.options.url);
    this.ws = ws;
    let challenged = false;
    const nonce = await new Promise<string>((resolve, reject) => {
      const timer = setTimeout(
        () =>
          reject(
            new GatewayConnectError(
              "no_challenge",
              this.options.url,
              `connect: no connect.challenge from ${this.options.url} within 10 s`,
            ),
          ),
        10_000,
      );
      ws.onError((message) => {
        if (challenged) return;
        clearTimeout(timer);
        reject(
          new GatewayConnectError(
            "unreachable",
            this.options.url,
            `connect: cannot reach ${this.options.url}: ${message}`,
          ),
        );
      });
      ws.onMessage((text) => {
        const frame = JSON.parse(text) as EventFrame | ResponseFrame;
        if (!challenged && frame.type === "event" && frame.event === "connect.challenge") {
          challenged = true;
          clearTimeout(timer);
          resolve((frame.payload as { nonce: string }).nonce);
        } else this.onFrame(frame);
      });
      // A socket replaced by a retry (or a later connect) no longer speaks for the client.
      ws.onClose((code, reason) => {
        if (!challenged) {
          clearTimeout(timer);
          reject(
            new GatewayConnectError(
              "unreachable",
              this.options.url,
              `connect: ${this.options.url} closed the connection (${code} ${reason})`,
            ),
          );
        }
        if (challenged && this.ws === ws) this.onClose(code, reason);
      });
    });
    this.lastSeq = undefined;
    const hello = (await this.send("connect", await this.connectParams(nonce))) as HelloOk;
    this.hello = hello;
    this.attempts = 0;
    if (this.device && hello.auth.deviceToken) {
      this.device.saveToken(hello.auth.role, hello.auth.deviceToken, hello.auth.scopes);
    }
    if (this.everConnected) this.options.onGap?.({ reason: "reconnect" });
    this.everConnected = true;
    this.options.onHello?.(hello);
    return hello;
  }

  private async connectParams(nonce: string): Promise<ConnectParams> {
    const role = this.options.role ?? "operator";
    const params: ConnectParams = {
      minProtocol: MIN_PROTOCOL_VERSION,
      maxProtocol: PROTOCOL_VERSION,
      client: {
        ...this.platform.clientDefaults,
        version: "0.1.0",
        instanceId: randomId(),
        ...this.options.client,
      },
      role,
      scopes: this.options.scopes ?? (role === "node" ? [] : ["operator.read", "operator.write"]),
      caps: [],
    };
    const stored = this.device?.loadToken(role);
    const auth: NonNullable<ConnectParams["auth"]> = {};
    const hasSecret = Boolean(this.options.token || this.options.password);
    // The device token goes first (the shared secret then stays off the wire) unless it lacks a
    // scope we ask for: then the shared secret gets them, and a new device token with them.
    this.sentDeviceToken =
      stored !== undefined && (!hasSecret || coversScopes(stored.scopes, params.scopes ?? []));
    if (stored && this.sentDeviceToken) auth.deviceToken = stored.token;
    else {
      if (this.options.token) auth.token = this.options.token;
      if (this.options.password) auth.password = this.options.password;
    }
    if (Object.keys(auth).length) params.auth = auth;
    if (this.device) params.device = await this.device.sign(params, nonce, auth.token ?? auth.deviceToken);
    return params;
  }

  /**
   * Sends a request of the method table: params are checked and the result typed from
   * `METHODS` (`@claw/protocol`). Fails with a `GatewayRequestError` carrying the error code.
   *
   * @example
   * const { sessions } = await client.request("sessions.list", { limit: 20 });
   */
  request<M extends MethodName>(method: M, ...args: RequestArgs<M>): Promise<MethodResult<M>> {
    const [params, options] = args;
    return this.send(method, params, options) as Promise<MethodResult<M>>;
  }

  /**
   * Sends a request and waits past its `accepted` ack for the final response (`agent`);
   * `onAccepted` sees that ack, so the caller knows the run id while the run is still going.
   *
   * @example
   * const final = await client.requestFinal("agent", { message: "hi", idempotencyKey: randomUUID() },
   *   { onAccepted: (ack) => console.log("run", ack.runId) });
   */
  requestFinal<M extends MethodName>(
    method: M,
    params: MethodParams<M>,
    options: Omit<RequestOptions, "expectFinal"> = {},
  ): Promise<FinalResult<M>> {
    return this.send(method, params, { ...options, expectFinal: true }) as Promise<FinalResult<M>>;
  }

  /**
   * A method outside Claw's table (an OpenClaw gateway offers more; see hello-ok
   * `features.methods`): untyped params and result.
   */
  requestUnchecked(method: string, params?: unknown, options?: RequestOptions): Promise<unknown> {
    return this.send(method, params, options);
  }

  private send(method: string, params?: unknown, options: RequestOptions = {}): Promise<unknown> {
    const ws = this.ws;
    if (!ws?.isOpen())
      return Promise.reject(
        new GatewayRequestError(method, {
          code: "UNAVAILABLE",
          message: "not connected to the gateway",
          retryable: true,
          details: { code: CLIENT_ERROR_CODES.NOT_CONNECTED },
        }),
      );
    const id = randomId();
    const timeoutMs = options.timeoutMs ?? this.options.requestTimeoutMs ?? 30_000;
    return new Promise<unknown>((resolve, reject) => {
      const timer = setTimeout(() => {
        this.pending.delete(id);
        reject(
          new GatewayRequestError(method, {
            code: "TIMEOUT",
            message: `no response within ${timeoutMs} ms`,
            retryable: true,
            details: { code: CLIENT_ERROR_CODES.REQUEST_TIMEOUT },
          }),
        );
      }, timeoutMs);
      this.pending.set(id, {
        method,
        expectFinal: options.expectFinal ?? false,
        ...(options.onAccepted ? { onAccepted: options.onAccepted } : {}),
        resolve,
        reject,
        timer,
      });
      ws.send(JSON.stringify({ type: "req", id, method, ...(params === undefined ? {} : { params }) }));
    });
  }

  /**
   * Subscribes to an event, its payload typed from the protocol's `EVENTS` table (another name,
   * e.g. an OpenClaw-only event or "*" for every event, gets an untyped payload); returns the
   * unsubscribe function.
   *
   * @example
   * client.on("agent", (e) => { if (e.stream === "assistant" && e.data.kind === undefined) print(e.data.delta); });
   */
  on<E extends EventName>(
    event: E,
    handler: (payload: EventPayload<E>, frame: EventFrame) => void,
  ): () => void;
  on(event: string, handler: Handler): () => void;
  on(event: string, handler: (payload: never, frame: EventFrame) => void): () => void {
    // The gateway's payloads are its table's types; a handler for one event gets only that event.
    const typed = handler as Handler;
    const set = this.handlers.get(event) ?? new Set();
    set.add(typed);
    this.handlers.set(event, set);
    return () => set.delete(typed);
  }

  async close(): Promise<void> {
    this.closedByUser = true;
    clearTimeout(this.reconnectTimer);
    const ws = this.ws;
    if (!ws || ws.isClosed()) return;
    await new Promise<void>((resolve) => {
      ws.onClose(() => resolve());
      ws.close(1000);
    });
  }

  private onFrame(frame: EventFrame | ResponseFrame): void {
    if (frame.type === "res") {
      const p = this.pending.get(frame.id);
      if (!p) return;
      if (
        frame.ok &&
        p.expectFinal &&
        p.accepted === undefined &&
        (frame.payload as { status?: string } | undefined)?.status === "accepted"
      ) {
        p.accepted = frame.payload;
        this.accepted(frame.id, p, frame.payload as AgentAccepted);
        return;
      }
      this.pending.delete(frame.id);
      clearTimeout(p.timer);
      if (frame.ok) p.resolve(frame.payload);
      else
        p.reject(
          new GatewayRequestError(p.method, frame.error ?? { code: "UNKNOWN", message: "request failed" }),
        );
      return;
    }
    if (frame.type !== "event") return;
    if (typeof frame.seq === "number") {
      if (this.lastSeq !== undefined && frame.seq > this.lastSeq + 1) {
        this.options.onGap?.({ reason: "seq", expected: this.lastSeq + 1, received: frame.seq });
      }
      this.lastSeq = frame.seq;
    }
    if (frame.event === "shutdown")
      this.shutdownHintMs = (frame.payload as { restartExpectedMs?: number })?.restartExpectedMs;
    for (const key of [frame.event, "*"])
      for (const h of this.handlers.get(key) ?? []) h(frame.payload, frame);
  }

  /** Runs `onAccepted`; a throwing callback fails its request instead of the socket handler. */
  private accepted(id: string, p: Pending, payload: AgentAccepted): void {
    try {
      p.onAccepted?.(payload);
    } catch (err) {
      this.pending.delete(id);
      clearTimeout(p.timer);
      p.reject(err instanceof Error ? err : new Error(String(err)));
    }
  }

  private shutdownHintMs?: number;

  private onClose(code: number, reason: string): void {
    for (const [id, p] of this.pending) {
      clearTimeout(p.timer);
      const runId = (p.accepted as { runId?: unknown } | undefined)?.runId;
      const after =
        typeof runId === "string"
          ? ` after run ${runId} was accepted; it goes on in the gateway: reconnect and call agent.wait {runId: "${runId}"}`
          : "";
      p.reject(
        new GatewayRequestError(p.method, {
          code: "UNAVAILABLE",
          message: `connection closed (${code} ${reason})${after}`,
          retryable: true,
          details: {
            code: CLIENT_ERROR_CODES.CONNECTION_CLOSED,
            ...(typeof runId === "string" ? { runId } : {}),
          },
        }),
      );
      this.pending.delete(id);
    }
    if (!this.closedByUser) this.options.onDisconnect?.({ code, reason });
    const r = this.options.reconnect ?? {};
    if (this.closedByUser || r.enabled === false || !this.everConnected) return;
    const base = r.initialDelayMs ?? 500;
    clearTimeout(this.reconnectTimer);
    const delay = Math.max(
      this.shutdownHintMs ?? 0,
      Math.min(r.maxDelayMs ?? 30_000, base * 2 ** this.attempts++),
    );
    this.shutdownHintMs = undefined;
    this.reconnectTimer = setTimeout(
      () => {
        this.connect().catch(() => this.onClose(1006, "reconnect failed"));
      },
      delay * (0.8 + Math.random() * 0.4),
    );
    unrefTimer(this.reconnectTimer);
  }
}

/** A device token grants what it was issued with; `operator.admin` implies every operator scope. */
function coversScopes(granted: readonly string[], wanted: readonly string[]): boolean {
  return wanted.every((s) => granted.includes(s) || granted.includes("operator.admin"));
}

/** The gateway refused the device token itself (ours: DEVICE_TOKEN_INVALID; OpenClaw: *_MISMATCH). */
function isDeviceTokenRejection(err: unknown): err is GatewayRequestError {
  if (!(err instanceof GatewayRequestError)) return false;
  const code = (err.details as { code?: unknown } | undefined)?.code;
  return (
    code === "DEVICE_TOKEN_INVALID" ||
    code === "AUTH_TOKEN_MISMATCH" ||
    code === "AUTH_DEVICE_TOKEN_MISMATCH" ||
    /device token (mismatch|is invalid|revoked)/i.test(err.message)
  );
}
