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

/**
 * The layer could not store an inbound message durably (state.db refused the write: disk full,
 * SQLITE_BUSY, a closed database), so it did not accept it. `ctx.receive` rejects with this, and
 * the channel must NOT acknowledge the platform's update: the platform (or a backfill) delivers
 * it again later, when the store may have recovered. Any other rejection is not retryable.
 *
 * @example
 * try { await ctx.receive(message); }
 * catch (error) { if (isInboundNotStored(error)) return retryLater(); throw error; }
 */
export class InboundNotStoredError extends Error {
  readonly retryable = true;

  constructor(
    readonly channel: string,
    readonly accountId: string,
    readonly messageKey: string,
    cause: unknown,
  ) {
    super(
      `${channel}/${accountId}: inbound message ${messageKey} was not stored (${cause instanceof Error ? cause.message : String(cause)}); it is left unacknowledged so the platform delivers it again`,
      { cause },
    );
    this.name = "InboundNotStoredError";
  }
}

/** Whether `error` (from `ctx.receive`) means "not stored: do not acknowledge, deliver again later". */
export function isInboundNotStored(error: unknown): error is InboundNotStoredError {
  // By name too: a channel package may load a second copy of this module (source and dist).
  return (
    error instanceof InboundNotStoredError ||
    (error instanceof Error && error.name === "InboundNotStoredError")
  );
}
