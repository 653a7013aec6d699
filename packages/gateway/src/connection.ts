import { randomUUID } from "node:crypto";
import { CLOSE_CODES, type ClientInfo, type ErrorShape, type StateVersion } from "@claw/protocol";
import type WebSocket from "ws";
import { rateLimitKey } from "./auth/rate-limit.js";

/** When a client that is behind stops getting droppable events and is dropped instead. */
export interface SlowConsumerPolicy {
  /** Unsent bytes above which the socket is closed at once (and droppable events skipped above half). */
  maxBufferedBytes: number;
  /** Droppable events skipped in a row before the client is dropped. */
  maxDroppedEvents: number;
  /** How long a client may keep skipping droppable events before it is dropped. */
  maxSlowMs: number;
}

/** What the gateway logs (once) when it drops a client that stopped reading. */
export interface SlowConsumerReport {
  bufferedBytes: number;
  droppedEvents: number;
  reason: string;
}

export interface SendOptions {
  stateVersion?: StateVersion;
  /** Skip (but still count in `seq`, so the client sees a gap) when the client is behind. */
  dropIfSlow?: boolean;
}

/**
 * One WebSocket client. All output goes through `send`, which enforces the buffered-bytes cap: a
 * client that stops reading is disconnected with a reason instead of growing gateway memory.
 */
export class Connection {
  readonly id = randomUUID();
  readonly nonce = randomUUID();
  readonly openedAt = Date.now();
  state: "handshake" | "open" | "closed" = "handshake";
  client?: ClientInfo;
  role = "operator";
  scopes: string[] = [];
  deviceId?: string;
  /** The browser Origin the socket was opened from (absent for non-browser clients). */
  origin?: string;
  /** Told when the socket is closed for not reading (to log who and how much was unsent). */
  onSlowConsumer?: (report: SlowConsumerReport) => void;
  /** How the handshake authenticated; revoking a device token closes its "device-token" sockets. */
  authMethod?: "none" | "token" | "password" | "device-token";
  private seq = 0;
  /** Droppable events skipped since the client last caught up, and when skipping began. */
  private dropped = 0;
  private slowSince = 0;

  /** Failed-auth attempts are counted per address and browser origin, never across origins. */
  get rateLimitKey(): string {
    return rateLimitKey(this.ip, this.origin);
  }

  constructor(
    readonly ws: WebSocket,
    readonly ip: string,
    readonly isLoopback: boolean,
    private readonly policy: SlowConsumerPolicy,
    private readonly now: () => number = Date.now,
  ) {}

  /** Sends a frame; returns false when the socket is gone or was closed for being slow. */
  sendFrame(frame: object): boolean {
    if (this.state === "closed" || this.ws.readyState !== this.ws.OPEN) return false;
    if (this.ws.bufferedAmount > this.policy.maxBufferedBytes) {
      this.dropSlow(`slow consumer: more than ${this.policy.maxBufferedBytes} bytes unsent`);
      return false;
    }
    this.ws.send(JSON.stringify(frame));
    return true;
  }

  respond(id: string, payload: unknown): boolean {
    return this.sendFrame({ type: "res", id, ok: true, payload });
  }

  fail(id: string, error: ErrorShape): boolean {
    return this.sendFrame({ type: "res", id, ok: false, error });
  }

  /** Sends an event with the next per-connection `seq`. */
  sendEvent(event: string, payload: unknown, options: SendOptions = {}): boolean {
    this.seq++;
    if (options.dropIfSlow && this.skipWhileBehind()) return false;
    const frame: Record<string, unknown> = { type: "event", event, payload, seq: this.seq };
    if (options.stateVersion) frame.stateVersion = options.stateVersion;
    return this.sendFrame(frame);
  }

  /** Sends an event outside the sequence (only `connect.challenge`, before the handshake). */
  sendUnsequenced(event: string, payload: unknown): boolean {
    return this.sendFrame({ type: "event", event, payload });
  }

  /**
   * True when a droppable event must be skipped (more than half the cap is unsent). A client that
   * keeps skipping for `maxDroppedEvents` events or `maxSlowMs` is dropped: without this it could
   * sit just under the cap forever, holding that much gateway memory.
   */
  private skipWhileBehind(): boolean {
    if (this.ws.bufferedAmount <= this.policy.maxBufferedBytes / 2) {
      this.dropped = 0;
      return false;
    }
    if (this.dropped++ === 0) this.slowSince = this.now();
    const { maxDroppedEvents, maxSlowMs } = this.policy;
    const slowMs = this.now() - this.slowSince;
    if (this.dropped > maxDroppedEvents || slowMs > maxSlowMs) {
      this.dropSlow(
        `slow consumer: ${this.ws.bufferedAmount} bytes unsent, ${this.dropped} events skipped in ${slowMs} ms`,
      );
    }
    return true;
  }

  /** Closes a client that stopped reading; reports it once (a closed connection sends nothing more). */
  private dropSlow(reason: string): void {
    if (this.state === "closed") return;
    this.onSlowConsumer?.({ bufferedBytes: this.ws.bufferedAmount, droppedEvents: this.dropped, reason });
    this.close(CLOSE_CODES.policyViolation, reason);
  }

  close(code: number, reason: string): void {
    if (this.state === "closed") return;
    this.state = "closed";
    // Close reasons are capped at 123 bytes by the WebSocket spec.
    this.ws.close(code, Buffer.from(reason).subarray(0, 123).toString());
    // A client that never reads never answers the close handshake either.
    setTimeout(() => this.ws.terminate(), 2_000).unref();
  }
}
