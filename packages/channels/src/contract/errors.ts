/**
 * How a channel tells the outbox what went wrong with a send: retry later (429, 5xx, network),
 * optionally after a delay the platform asked for, or give up (bad request, blocked by user).
 */
export type SendFailureKind = "rate-limited" | "unavailable" | "network" | "rejected";

export class ChannelSendError extends Error {
  /**
   * @example
   * throw new ChannelSendError("rate-limited", "telegram: 429 Too Many Requests", { retryAfterMs: 3_000 });
   */
  constructor(
    readonly kind: SendFailureKind,
    message: string,
    readonly options: { retryAfterMs?: number; status?: number } = {},
  ) {
    super(message);
    this.name = "ChannelSendError";
  }

  get retryable(): boolean {
    return this.kind !== "rejected";
  }
}

/** Any thrown value as a send failure: unknown errors count as network failures (retried). */
export function asSendError(error: unknown): ChannelSendError {
  if (error instanceof ChannelSendError) return error;
  const message = error instanceof Error ? error.message : String(error);
  return new ChannelSendError("network", message);
}
