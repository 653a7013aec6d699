import { randomUUID } from "node:crypto";
import { CLOSE_CODES, type ClientInfo, type ErrorShape, type StateVersion } from "@claw/protocol";
import type WebSocket from "ws";
import { rateLimitKey } from "./auth/rate-limit.js";

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
  onSlowConsumer?: (bufferedBytes: number) => void;
  /** How the handshake authenticated; revoking a device token closes its "device-token" sockets. */
  authMethod?: "none" | "token" | "password" | "device-token";
  private seq = 0;

  /** Failed-auth attempts are counted per address and browser origin, never across origins. */
  get rateLimitKey(): string {
    return rateLimitKey(this.ip, this.origin);
  }

  constructor(
    readonly ws: WebSocket,
    readonly ip: string,
    readonly isLoopback: boolean,
    private readonly maxBufferedBytes: number,
  ) {}

  /** Sends a frame; returns false when the socket is gone or was closed for being slow. */
  sendFrame(frame: object): boolean {
    if (this.state === "closed" || this.ws.readyState !== this.ws.OPEN) return false;
    if (this.ws.bufferedAmount > this.maxBufferedBytes) {
      this.onSlowConsumer?.(this.ws.bufferedAmount);
      this.close(
        CLOSE_CODES.policyViolation,
        `slow consumer: more than ${this.maxBufferedBytes} bytes unsent`,
      );
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
    if (options.dropIfSlow && this.ws.bufferedAmount > this.maxBufferedBytes / 2) return false;
    const frame: Record<string, unknown> = { type: "event", event, payload, seq: this.seq };
    if (options.stateVersion) frame.stateVersion = options.stateVersion;
    return this.sendFrame(frame);
  }

  /** Sends an event outside the sequence (only `connect.challenge`, before the handshake). */
  sendUnsequenced(event: string, payload: unknown): boolean {
    return this.sendFrame({ type: "event", event, payload });
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
