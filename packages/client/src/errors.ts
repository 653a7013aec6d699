import type { ErrorShape } from "@claw/protocol";

/** `details.code` values the client itself sets on errors no gateway sent. */
export const CLIENT_ERROR_CODES = {
  NOT_CONNECTED: "NOT_CONNECTED",
  CONNECTION_CLOSED: "CONNECTION_CLOSED",
  REQUEST_TIMEOUT: "REQUEST_TIMEOUT",
} as const;

/**
 * A request the gateway answered with `ok: false` (or that timed out / lost its connection).
 * Decide on `code` and `detailCode`, never on the message text.
 *
 * @example
 * catch (e) { if (e instanceof GatewayRequestError && e.detailCode === "UNKNOWN_AGENT_ID") … }
 */
export class GatewayRequestError extends Error {
  override name = "GatewayRequestError";
  /** The method that failed. */
  readonly method: string;
  /** Top-level code: INVALID_REQUEST, FORBIDDEN, UNAVAILABLE, … (or TIMEOUT for a client timeout). */
  readonly code: string;
  readonly details: unknown;
  /** The gateway's own message, without the method prefix and code suffix of `message`. */
  readonly reason: string;
  readonly retryable: boolean;
  readonly retryAfterMs?: number;

  constructor(method: string, error: ErrorShape) {
    // Many gateway messages already start with the method ("agent: …"): name it once.
    const named = error.message.startsWith(`${method}: `) ? error.message : `${method}: ${error.message}`;
    super(`${named} (${error.code})`);
    this.method = method;
    this.code = error.code;
    this.details = error.details;
    this.reason = error.message;
    this.retryable = error.retryable ?? false;
    if (error.retryAfterMs !== undefined) this.retryAfterMs = error.retryAfterMs;
  }

  /** `details.code` when the gateway (or the client) set one: MISSING_SCOPE, UNKNOWN_AGENT_ID, … */
  get detailCode(): string | undefined {
    const code = (this.details as { code?: unknown } | null | undefined)?.code;
    return typeof code === "string" ? code : undefined;
  }
}

/** The socket never reached the handshake: nothing listens at the URL, or no challenge came. */
export class GatewayConnectError extends Error {
  override name = "GatewayConnectError";

  constructor(
    readonly kind: "unreachable" | "no_challenge",
    readonly url: string,
    message: string,
    override readonly cause?: Error,
  ) {
    super(message);
  }
}
