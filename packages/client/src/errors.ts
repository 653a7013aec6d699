import type { ErrorShape } from "@claw/protocol";

/** A request the gateway answered with `ok: false` (or that timed out / lost its connection). */
export class GatewayRequestError extends Error {
  override name = "GatewayRequestError";
  readonly code: string;
  readonly details: unknown;
  readonly retryable: boolean;
  readonly retryAfterMs?: number;

  constructor(method: string, error: ErrorShape) {
    super(`${method}: ${error.message} (${error.code})`);
    this.code = error.code;
    this.details = error.details;
    this.retryable = error.retryable ?? false;
    if (error.retryAfterMs !== undefined) this.retryAfterMs = error.retryAfterMs;
  }
}
