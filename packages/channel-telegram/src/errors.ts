/**
 * Telegram failures as the outbox understands them: 429 → rate-limited with `retry_after`,
 * 5xx → unavailable, network → network (all retried); other 4xx → rejected (not retried).
 */
import { ChannelSendError } from "@claw/channels";
import { GrammyError, HttpError } from "grammy";

export function toSendError(error: unknown): ChannelSendError {
  if (error instanceof ChannelSendError) return error;
  if (error instanceof GrammyError) {
    const message = `telegram ${error.method}: ${error.error_code} ${error.description}`;
    if (error.error_code === 429)
      return new ChannelSendError("rate-limited", message, {
        status: 429,
        retryAfterMs: (error.parameters.retry_after ?? 1) * 1000,
      });
    if (error.error_code >= 500)
      return new ChannelSendError("unavailable", message, { status: error.error_code });
    return new ChannelSendError("rejected", message, { status: error.error_code });
  }
  if (error instanceof HttpError)
    return new ChannelSendError("network", `telegram: network error: ${String(error.error)}`);
  return new ChannelSendError("network", error instanceof Error ? error.message : String(error));
}

/** Telegram refused the formatting (bad entities): the text is sent again as plain text. */
export function isEntityError(error: unknown): boolean {
  return (
    error instanceof GrammyError &&
    error.error_code === 400 &&
    /can't parse entities|parse entities/i.test(error.description)
  );
}

/** Telegram refused an edit that changes nothing (a retried final edit of a streamed draft): done. */
export function isNotModifiedError(error: unknown): boolean {
  return (
    error instanceof GrammyError &&
    error.error_code === 400 &&
    /message is not modified/i.test(error.description)
  );
}
