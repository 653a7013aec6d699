/**
 * What the bot does on Discord over REST: send a message (a Discord reply when the target names
 * one), edit or delete it, react, show typing, upload a file, open a thread. A direct peer is a
 * user id; its DM channel is opened once (`POST /users/@me/channels`) and remembered (also in
 * `dms`, across restarts). Every failure
 * becomes a `ChannelSendError` the outbox knows how to retry.
 */
import { readFile } from "node:fs/promises";
import { basename } from "node:path";
import type { ChannelTarget } from "@claw/channels";
import { type APIChannel, type APIMessage, ChannelType, type REST, Routes } from "discord.js";
import { toSendError } from "../errors.js";

/** A file to upload: a local path, or bytes with a name. */
export type OutboundFile = { path: string; name?: string } | { data: Uint8Array; name: string };

export interface DiscordOutbound {
  /** The Discord channel a target writes to (the thread, the channel, or the user's DM channel). */
  channelIdOf(target: ChannelTarget): Promise<string>;
  /** With a `nonce`, Discord creates the message once however often it is retried (`enforce_nonce`). */
  send(target: ChannelTarget, text: string, nonce?: string): Promise<{ messageId: string }>;
  edit(target: ChannelTarget, messageId: string, text: string): Promise<void>;
  delete(target: ChannelTarget, messageId: string): Promise<void>;
  react(target: ChannelTarget, messageId: string, emoji: string): Promise<void>;
  typing(target: ChannelTarget): Promise<void>;
  sendFile(target: ChannelTarget, file: OutboundFile, caption?: string): Promise<{ messageId: string }>;
  /** Opens a public thread under a channel (or on one of its messages); returns the thread id. */
  createThread(parentChannelId: string, name: string, fromMessageId?: string): Promise<{ threadId: string }>;
}

/** Where the DM channels the bot knows are kept across restarts (the channel's `DmChannels`). */
export interface DmDirectory {
  channelOf(userId: string): string | undefined;
  remember(userId: string, channelId: string): void;
}

/** Mentions in the bot's text ping users only: never @everyone, @here or roles. */
const ALLOWED_MENTIONS = { parse: ["users"], replied_user: true };

function replyOf(target: ChannelTarget) {
  return target.replyToMessageId
    ? { message_reference: { message_id: target.replyToMessageId, fail_if_not_exists: false } }
    : {};
}

async function failuresAsSendErrors<T>(work: () => Promise<T>): Promise<T> {
  try {
    return await work();
  } catch (error) {
    throw toSendError(error);
  }
}

/**
 * @example
 * const outbound = createDiscordOutbound(client.rest);
 * await outbound.send({ peer: { kind: "channel", id: "123" }, replyToMessageId: "456" }, "Hello");
 */
export function createDiscordOutbound(rest: REST, dms?: () => DmDirectory | undefined): DiscordOutbound {
  const dmChannels = new Map<string, string>();

  const channelIdOf = async (target: ChannelTarget): Promise<string> => {
    if (target.thread) return target.thread.id;
    if (target.peer.kind !== "direct") return target.peer.id;
    const known = dmChannels.get(target.peer.id) ?? dms?.()?.channelOf(target.peer.id);
    if (known) return known;
    const dm = (await rest.post(Routes.userChannels(), {
      body: { recipient_id: target.peer.id },
    })) as APIChannel;
    dmChannels.set(target.peer.id, dm.id);
    // A reply there while the gateway is down is read back after a fresh session.
    dms?.()?.remember(target.peer.id, dm.id);
    return dm.id;
  };

  return {
    channelIdOf: (target) => failuresAsSendErrors(() => channelIdOf(target)),
    send: (target, text, nonce) =>
      failuresAsSendErrors(async () => {
        const channelId = await channelIdOf(target);
        const body = {
          content: text,
          allowed_mentions: ALLOWED_MENTIONS,
          ...replyOf(target),
          ...(nonce ? { nonce: nonce.slice(0, 25), enforce_nonce: true } : {}),
        };
        const sent = (await rest.post(Routes.channelMessages(channelId), { body })) as APIMessage;
        return { messageId: sent.id };
      }),
    edit: (target, messageId, text) =>
      failuresAsSendErrors(async () => {
        const channelId = await channelIdOf(target);
        await rest.patch(Routes.channelMessage(channelId, messageId), {
          body: { content: text, allowed_mentions: ALLOWED_MENTIONS },
        });
      }),
    delete: (target, messageId) =>
      failuresAsSendErrors(async () => {
        await rest.delete(Routes.channelMessage(await channelIdOf(target), messageId));
      }),
    react: (target, messageId, emoji) =>
      failuresAsSendErrors(async () => {
        const channelId = await channelIdOf(target);
        await rest.put(Routes.channelMessageOwnReaction(channelId, messageId, encodeURIComponent(emoji)));
      }),
    typing: (target) =>
      failuresAsSendErrors(async () => {
        await rest.post(Routes.channelTyping(await channelIdOf(target)));
      }),
    sendFile: (target, file, caption) =>
      failuresAsSendErrors(async () => {
        const channelId = await channelIdOf(target);
        const name = "data" in file ? file.name : (file.name ?? basename(file.path));
        const data = "data" in file ? file.data : await readFile(file.path);
        const body = {
          ...(caption ? { content: caption } : {}),
          allowed_mentions: ALLOWED_MENTIONS,
          attachments: [{ id: 0, filename: name }],
          ...replyOf(target),
        };
        const sent = (await rest.post(Routes.channelMessages(channelId), {
          body,
          files: [{ name, data, key: "files[0]" }],
        })) as APIMessage;
        return { messageId: sent.id };
      }),
    createThread: (parentChannelId, name, fromMessageId) =>
      failuresAsSendErrors(async () => {
        const thread = (await rest.post(Routes.threads(parentChannelId, fromMessageId), {
          body: {
            name: name.slice(0, 100),
            auto_archive_duration: 1440,
            ...(fromMessageId ? {} : { type: ChannelType.PublicThread }),
          },
        })) as APIChannel;
        return { threadId: thread.id };
      }),
  };
}
