/**
 * @claw/channel-discord — Discord for Claw: a `Channel` on discord.js with DMs, guild channels and
 * threads (a thread gets its own session), mention gating per guild and channel, replies as
 * Discord replies, edits, reactions, typing, attachments in and out, 429s handed to the outbox,
 * a configurable REST base URL, and gateway resume plus REST backfill without loss or repeats.
 */

// Commonly used: the channel and its limits.
export {
  createDiscordChannel,
  DEFAULT_MAX_LINES_PER_MESSAGE,
  DEFAULT_REST_API,
  DISCORD_INTENTS,
  DISCORD_TEXT_LIMIT,
  type DiscordChannel,
  type DiscordChannelOptions,
} from "./discord-channel.js";

// Access: mention gating and allowlists per guild, channel and thread.
export {
  type DiscordGuildSettings,
  type DiscordGuilds,
  discordGroupSettings,
} from "./access/guild-settings.js";

// Outbound and errors, for other Discord code.
export {
  createDiscordOutbound,
  type DiscordOutbound,
  type OutboundFile,
} from "./outbound/discord-outbound.js";
export { toSendError } from "./errors.js";

// Advanced: the inbound pieces (normalising, ordering, backfill).
export {
  attachmentsOf,
  type BotIdentity,
  type ChannelPlace,
  type InboundMessage,
  isIgnored,
  normalizeMessage,
} from "./inbound/normalize.js";
export {
  compareSnowflakes,
  createInboundSequencer,
  type InboundSequencer,
  LAST_SEEN_KEY,
} from "./inbound/inbound-sequencer.js";
export { backfillChannel, backfillChannels, type BackfillOptions, backfillPlan } from "./inbound/backfill.js";
export { createChannelPlaces, placeOf } from "./inbound/channel-places.js";
export { downloadAttachment } from "./inbound/download-attachment.js";
