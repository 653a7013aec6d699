/**
 * @claw/channel-telegram — Telegram for Claw: a `Channel` on grammY with long polling (offset
 * persisted) or webhooks, groups with mention gating, forum topics, HTML replies with a plain
 * text fallback, 429 `retry_after` handed to the outbox, media downloads, several bots.
 */

// Commonly used: the channel.
export {
  createTelegramChannel,
  DEFAULT_API_ROOT,
  TELEGRAM_TEXT_LIMIT,
  type TelegramChannelOptions,
} from "./telegram-channel.js";

// Formatting and errors, for other Telegram code.
export { markdownToTelegramHtml } from "./format/markdown-to-html.js";
export { isEntityError, toSendError } from "./errors.js";

// Advanced: the pieces the channel is made of.
export { type BotIdentity, mediaOf, messageOf, normalizeMessage } from "./inbound/normalize.js";
export { OFFSET_KEY, type PollingOptions, runPolling } from "./transport/polling.js";
export { startWebhookListener, type WebhookListenerOptions } from "./transport/webhook.js";
