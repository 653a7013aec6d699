/**
 * A Discord message (the gateway's MESSAGE_CREATE payload or a message read back from REST) as
 * the layer's one inbound shape: a DM → `direct` with the author as peer, a guild text channel →
 * `channel`, a thread → its parent channel as peer with a `thread` (so a thread gets its own
 * session key under the channel's). `mentioned` is true when the bot is @-mentioned or replied
 * to; the bot's own mention becomes `@name` in the text the model reads.
 */
import type { ChannelInbound, MediaRef } from "@claw/channels";
import type { APIAttachment, APIMessage } from "discord.js";

export interface BotIdentity {
  id: string;
  username: string;
}

/** Where a message was written, as the channel resolves it from its cache or REST. */
export type ChannelPlace =
  | { kind: "dm" }
  | { kind: "guild-channel"; guildId: string }
  | { kind: "thread"; guildId: string; parentId: string };

/** What the gateway adds to a message (REST reads carry neither). */
export type InboundMessage = APIMessage & { guild_id?: string };

/** An attachment the channel may download: its kind for the layer, and where Discord serves it. */
export interface AttachmentCandidate {
  kind: MediaRef["kind"];
  url: string;
  filename: string;
  sizeBytes: number;
  mimeType?: string;
}

function kindOf(contentType: string | undefined): MediaRef["kind"] {
  if (contentType?.startsWith("image/")) return "photo";
  if (contentType?.startsWith("audio/")) return "audio";
  if (contentType?.startsWith("video/")) return "video";
  return "document";
}

export function attachmentsOf(message: Pick<APIMessage, "attachments">): AttachmentCandidate[] {
  return (message.attachments ?? []).map((a: APIAttachment) => ({
    kind: kindOf(a.content_type),
    url: a.url,
    filename: a.filename,
    sizeBytes: a.size,
    ...(a.content_type ? { mimeType: a.content_type } : {}),
  }));
}

/** Messages the layer never sees: the bot's own, other bots', and system notices (joins, pins). */
export function isIgnored(message: InboundMessage, bot: BotIdentity): boolean {
  if (message.author.id === bot.id || message.author.bot) return true;
  // 0 is a default message, 19 a reply; everything else is a system notice.
  return message.type !== 0 && message.type !== 19;
}

function mentionsBot(message: InboundMessage, bot: BotIdentity): boolean {
  if (message.mentions?.some((user) => user.id === bot.id)) return true;
  if (message.referenced_message?.author.id === bot.id) return true;
  return message.content.includes(`<@${bot.id}>`) || message.content.includes(`<@!${bot.id}>`);
}

/** The text the model reads: user mentions become `@username`. */
function readableText(message: InboundMessage): string {
  const names = new Map((message.mentions ?? []).map((user) => [user.id, user.username]));
  return message.content.replace(/<@!?(\d+)>/g, (whole, id: string) => {
    const name = names.get(id);
    return name ? `@${name}` : whole;
  });
}

/**
 * @example
 * normalizeMessage(data, { kind: "thread", guildId: "1", parentId: "2" }, { id: "9", username: "claw" });
 * // → { peer: { kind: "channel", id: "2" }, thread: { kind: "thread", id: data.channel_id }, guildId: "1", … }
 */
export function normalizeMessage(
  message: InboundMessage,
  place: ChannelPlace,
  bot: BotIdentity,
): Omit<ChannelInbound, "media"> {
  const author = message.author;
  const sender = {
    id: author.id,
    username: author.username,
    ...(author.global_name ? { name: author.global_name } : {}),
  };
  const common = {
    sender,
    text: readableText(message),
    messageId: message.id,
    sentAt: Date.parse(message.timestamp),
    ...(message.message_reference?.message_id
      ? { replyToMessageId: message.message_reference.message_id }
      : {}),
  };
  if (place.kind === "dm") return { ...common, peer: { kind: "direct", id: author.id } };
  const mentioned = mentionsBot(message, bot);
  if (place.kind === "guild-channel")
    return {
      ...common,
      peer: { kind: "channel", id: message.channel_id },
      guildId: place.guildId,
      mentioned,
    };
  return {
    ...common,
    peer: { kind: "channel", id: place.parentId },
    parentPeer: { kind: "channel", id: place.parentId },
    thread: { kind: "thread", id: message.channel_id },
    guildId: place.guildId,
    mentioned,
  };
}
