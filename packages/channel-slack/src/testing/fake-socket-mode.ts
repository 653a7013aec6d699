/**
 * The Socket Mode side of the fake: a `ws` server for the URL `apps.connections.open` hands out
 * (one-use tickets), which says `hello`, carries `events_api` envelopes, expects each to be
 * acknowledged by `envelope_id`, and, as Slack does, delivers an unacknowledged envelope again
 * (`retry_attempt` + 1, `retry_reason: "timeout"`) after `ackTimeoutMs`. Faults: `disconnect`
 * messages (refresh), dropped sockets, and held acknowledgements.
 */
import { randomUUID } from "node:crypto";
import type { IncomingMessage } from "node:http";
import type { Duplex } from "node:stream";
import { type WebSocket, WebSocketServer } from "ws";
import type { SlackEventCallback } from "../inbound/event-router.js";
import type { SocketEnvelope } from "./slack-events.js";

export interface FakeSocketModeOptions {
  /** Redeliver an envelope not acknowledged within this long (default 3 000, as Slack). */
  ackTimeoutMs?: number;
  /** How many times an envelope is delivered again at most (default 3, as Slack). */
  maxRetries?: number;
  /** Server pings every this long (default 5 000). */
  pingIntervalMs?: number;
}

interface Pending {
  envelope: SocketEnvelope;
  timer?: ReturnType<typeof setTimeout>;
}

export class FakeSocketMode {
  /** Every envelope sent (retries included), in order. */
  readonly delivered: SocketEnvelope[] = [];
  /** Envelope ids the client acknowledged, in order. */
  readonly acks: string[] = [];
  /** How many WebSocket connections were opened. */
  connections = 0;
  private readonly wss = new WebSocketServer({ noServer: true });
  private readonly tickets = new Set<string>();
  private readonly pending = new Map<string, Pending>();
  private socket: WebSocket | undefined;
  private pinger: ReturnType<typeof setInterval> | undefined;

  constructor(private readonly options: FakeSocketModeOptions = {}) {}

  /** A one-use ticket for the URL `apps.connections.open` returns. */
  issueTicket(): string {
    const ticket = randomUUID();
    this.tickets.add(ticket);
    return ticket;
  }

  /** Takes an HTTP upgrade on `/link/`; refuses unknown or used tickets. */
  upgrade(req: IncomingMessage, socket: Duplex, head: Buffer): void {
    const ticket = new URL(req.url ?? "/", "http://x").searchParams.get("ticket") ?? "";
    if (!this.tickets.delete(ticket)) {
      socket.end("HTTP/1.1 401 Unauthorized\r\n\r\n");
      return;
    }
    this.wss.handleUpgrade(req, socket, head, (ws) => this.accept(ws));
  }

  get connected(): boolean {
    return this.socket?.readyState === 1;
  }

  /** Sends an event callback in a new envelope; returns the envelope id. */
  push(payload: SlackEventCallback & Record<string, unknown>): string {
    const envelope: SocketEnvelope = {
      envelope_id: randomUUID(),
      type: "events_api",
      payload,
      accepts_response_payload: false,
      retry_attempt: 0,
      retry_reason: "",
    };
    this.pending.set(envelope.envelope_id, { envelope });
    this.send(envelope.envelope_id);
    return envelope.envelope_id;
  }

  /** Slack's "this connection will close soon" (`refresh_requested`, `warning`, `link_disabled`). */
  requestDisconnect(reason = "refresh_requested"): void {
    this.socket?.send(JSON.stringify({ type: "disconnect", reason, debug_info: { host: "fake-slack" } }));
  }

  /** Drops the socket without a close handshake (a network failure). */
  dropConnection(): void {
    this.socket?.terminate();
  }

  /** Envelopes not acknowledged yet. */
  unacknowledged(): number {
    return this.pending.size;
  }

  close(): void {
    clearInterval(this.pinger);
    for (const pending of this.pending.values()) clearTimeout(pending.timer);
    for (const client of this.wss.clients) client.terminate();
    this.wss.close();
  }

  private accept(ws: WebSocket): void {
    this.socket?.terminate();
    this.socket = ws;
    this.connections++;
    ws.on("message", (data) => this.onClientMessage(String(data)));
    ws.send(
      JSON.stringify({
        type: "hello",
        num_connections: 1,
        debug_info: { host: "fake-slack", approximate_connection_time: 18060 },
        connection_info: { app_id: "A0FAKE" },
      }),
    );
    clearInterval(this.pinger);
    this.pinger = setInterval(() => {
      if (this.socket?.readyState === 1) this.socket.ping();
    }, this.options.pingIntervalMs ?? 5_000);
    this.pinger.unref();
    // What was not acknowledged on the old connection is delivered again on the new one.
    for (const id of this.pending.keys()) this.send(id, "connection_reset");
  }

  private onClientMessage(text: string): void {
    let message: { envelope_id?: unknown };
    try {
      message = JSON.parse(text) as typeof message;
    } catch {
      return;
    }
    if (typeof message.envelope_id !== "string") return;
    this.acks.push(message.envelope_id);
    clearTimeout(this.pending.get(message.envelope_id)?.timer);
    this.pending.delete(message.envelope_id);
  }

  private send(id: string, retryReason?: string): void {
    const pending = this.pending.get(id);
    if (!pending) return;
    clearTimeout(pending.timer);
    if (retryReason && pending.envelope.retry_attempt >= (this.options.maxRetries ?? 3)) {
      this.pending.delete(id);
      return;
    }
    if (retryReason)
      pending.envelope = {
        ...pending.envelope,
        retry_attempt: pending.envelope.retry_attempt + 1,
        retry_reason: retryReason,
      };
    if (this.socket?.readyState === 1) {
      this.delivered.push(pending.envelope);
      this.socket.send(JSON.stringify(pending.envelope));
    }
    pending.timer = setTimeout(() => this.send(id, "timeout"), this.options.ackTimeoutMs ?? 3_000);
    pending.timer.unref();
  }
}
