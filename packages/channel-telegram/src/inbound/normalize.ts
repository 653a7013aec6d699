/**
 * A Telegram update as the layer's one inbound shape: private chat → direct, group/supergroup →
 * group, channel post → channel; forum topics become a `topic` thread; `mentioned` is true when
 * the bot is @-named, text-mentioned, or replied to. Updates that carry no message (edits,
 * reactions, …) normalise to nothing.
 */
import type { ChannelInbound, ChannelPeer } from "@claw/channels";
import type { Message, Update } from "grammy/types";

export interface BotIdentity {
  id: number;
  username: string;
}

/** The media of a message the channel may download: its kind, file id and declared size. */
export interface MediaCandidate {
  kind: "photo" | "document" | "voice" | "audio" | "video" | "sticker";
  fileId: string;
  /** Telegram's stable id of the file itself (the same for every message and bot that carries it). */
  fileUniqueId?: string;
  sizeBytes?: number;
  mimeType?: string;
}

function peerOf(message: Message): ChannelPeer {
  const id = String(message.chat.id);
  if (message.chat.type === "private") return { kind: "direct", id };
  if (message.chat.type === "channel") return { kind: "channel", id };
  return { kind: "group", id };
}

function mentionsBot(message: Message, bot: BotIdentity): boolean {
  if (message.reply_to_message?.from?.id === bot.id) return true;
  const text = message.text ?? message.caption ?? "";
  const entities = message.entities ?? message.caption_entities ?? [];
  const handle = `@${bot.username}`.toLowerCase();
  for (const entity of entities) {
    if (
      entity.type === "mention" &&
      text.slice(entity.offset, entity.offset + entity.length).toLowerCase() === handle
    )
      return true;
    if (entity.type === "text_mention" && entity.user.id === bot.id) return true;
  }
  return text.toLowerCase().includes(handle);
}

export function mediaOf(message: Message): MediaCandidate[] {
  const media: MediaCandidate[] = [];
  const largest = message.photo?.at(-1);
  if (largest)
    media.push({
      kind: "photo",
      fileId: largest.file_id,
      fileUniqueId: largest.file_unique_id,
      ...(largest.file_size ? { sizeBytes: largest.file_size } : {}),
    });
  for (const [kind, file] of [
    ["document", message.document],
    ["voice", message.voice],
    ["audio", message.audio],
    ["video", message.video],
  ] as const)
    if (file)
      media.push({
        kind,
        fileId: file.file_id,
        fileUniqueId: file.file_unique_id,
        ...(file.file_size ? { sizeBytes: file.file_size } : {}),
        ...(file.mime_type ? { mimeType: file.mime_type } : {}),
      });
  return media;
}

/** The message an update carries, or undefined for updates the channel does not handle. */
export function messageOf(update: Update): Message | undefined {
  return update.message ?? update.channel_post;
}

/**
 * @example
 * normalizeMessage(update.message, { id: 1, username: "claw_bot" });
 * // → { peer: { kind: "direct", id: "42" }, sender: { id: "42", username: "alice" }, text: "hi", messageId: "7", … }
 */
export function normalizeMessage(message: Message, bot: BotIdentity): Omit<ChannelInbound, "media"> {
  const peer = peerOf(message);
  const from = message.from ?? message.sender_chat;
  const sender =
    from && "first_name" in from
      ? {
          id: String(from.id),
          name: [from.first_name, from.last_name].filter(Boolean).join(" "),
          ...(from.username ? { username: from.username } : {}),
        }
      : { id: String(from?.id ?? message.chat.id) };
  const topic = message.is_topic_message && message.message_thread_id !== undefined;
  return {
    peer,
    sender,
    text: message.text ?? message.caption ?? "",
    messageId: String(message.message_id),
    sentAt: message.date * 1000,
    ...(peer.kind !== "direct" ? { mentioned: mentionsBot(message, bot) } : {}),
    ...(topic ? { thread: { kind: "topic" as const, id: String(message.message_thread_id) } } : {}),
    ...(message.reply_to_message && !topic
      ? { replyToMessageId: String(message.reply_to_message.message_id) }
      : {}),
  };
}
