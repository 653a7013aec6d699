/**
 * @claw/channel-telegram/testing — a fake Telegram Bot API server on 127.0.0.1 (real JSON shapes,
 * fault injection) for tests and benchmarks of anything that talks to Telegram.
 */

// Commonly used: the fake server.
export { FakeBotApi, type Fault, type SentMessage } from "./fake-bot-api.js";

// Advanced: Telegram's HTML rules as the fake enforces them.
export { htmlTextLength, validateTelegramHtml } from "./html-entities.js";
