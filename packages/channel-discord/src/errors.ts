/**
 * Discord failures as the outbox understands them: a 429 (per route, or global) → rate-limited
 * with Discord's `retry_after`, 5xx → unavailable, network → network (all retried); other 4xx →
 * rejected (not retried). @discordjs/rest is told to throw on rate limits instead of waiting, so
 * the outbox, not a hidden queue, owns every retry.
 */
import { ChannelSendError } from "@claw/channels";
import { DiscordAPIError, HTTPError, RateLimitError } from "discord.js";

/**
 * @example
 * try { await rest.post(Routes.channelMessages(id), { body }); } catch (e) { throw toSendError(e); }
 */
export function toSendError(error: unknown): ChannelSendError {
  if (error instanceof ChannelSendError) return error;
  if (error instanceof RateLimitError) {
    const scope = error.global ? "global" : `route ${error.method.toUpperCase()} ${error.route}`;
    return new ChannelSendError("rate-limited", `discord: 429 rate limited (${scope})`, {
      status: 429,
      retryAfterMs: Math.max(0, Math.ceil(error.retryAfter)),
    });
  }
  if (error instanceof DiscordAPIError) {
    const message = `discord ${error.method.toUpperCase()} ${new URL(error.url).pathname}: ${error.status} ${error.message}`;
    if (error.status >= 500) return new ChannelSendError("unavailable", message, { status: error.status });
    return new ChannelSendError("rejected", message, { status: error.status });
  }
  if (error instanceof HTTPError) {
    const kind = error.status >= 500 ? "unavailable" : "rejected";
    return new ChannelSendError(kind, `discord: HTTP ${error.status} ${error.message}`, {
      status: error.status,
    });
  }
  return new ChannelSendError(
    "network",
    `discord: network error: ${error instanceof Error ? error.message : String(error)}`,
  );
}
