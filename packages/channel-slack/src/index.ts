/**
 * @claw/channel-slack — Slack for Claw: a `Channel` on `@slack/web-api` that receives over Socket
 * Mode (default) or the HTTP Events API (signed requests), handles Slack's retries once, answers
 * in threads as mrkdwn, edits, reacts, shows a status while working, and moves files both ways.
 */

// Commonly used: the channel.
export {
  createSlackChannel,
  createSlackMediaFetcher,
  SLACK_TEXT_LIMIT,
  type SlackChannel,
  type SlackChannelOptions,
  type SlackMediaFetcherOptions,
} from "./slack-channel.js";
export { DEFAULT_SLACK_API_URL } from "./api/slack-api.js";

// Formatting and errors, for other Slack code.
export { escapeMrkdwn, markdownToMrkdwn, slackTextToPlain } from "./format/markdown-to-mrkdwn.js";
export { SlackSendError, toSendError } from "./api/errors.js";
export { signSlackRequest, SIGNATURE_WINDOW_SECONDS, verifySlackSignature } from "./transport/signature.js";

// Advanced: the pieces the channel is made of.
export { createSlackApi, normalizeSlackApiUrl, type SlackApi } from "./api/slack-api.js";
export {
  createRateLimitGate,
  type MethodLimit,
  type RateLimitGate,
  SLACK_METHOD_LIMITS,
} from "./api/rate-limits.js";
export { createEventRouter, type EventRouter, type SlackEventCallback } from "./inbound/event-router.js";
export {
  normalizeSlackEvent,
  type SlackBotIdentity,
  type SlackFile,
  type SlackMessageEvent,
} from "./inbound/normalize.js";
export { deferSlackFile, downloadSlackFile, fetchDeferredSlackFile } from "./inbound/download-files.js";
export { type OutboundFile, sendSlackFile } from "./outbound/send-file.js";
export { SLACK_EMOJI_NAMES, slackEmojiName } from "./outbound/emoji-names.js";
export { startEventsApiListener, type EventsApiListenerOptions } from "./transport/events-api.js";
export { startSocketMode, type SocketModeOptions } from "./transport/socket-mode.js";
