/**
 * How a plain chat id and thread id (from `send`, cron announcements and route explanations)
 * become a channel target. One rule for every caller: Telegram's threads are forum topics and
 * its group chat ids are negative; other platforms call threads threads.
 */
import type { ChannelPeer, DeliveryTarget } from "@claw/channels";

/** The thread part of a target, or nothing when no thread id is given. */
export function threadOf(channel: string, threadId: string | number | undefined): DeliveryTarget["thread"] {
  if (threadId === undefined || threadId === "") return undefined;
  return { kind: channel === "telegram" ? "topic" : "thread", id: String(threadId) };
}

const PREFIXED = /^(user|dm|direct|group|channel):(.+)$/;

/**
 * A bare Slack id says its kind in its first letter: D… a DM, C… a channel (public or private),
 * G… a group (older private channels and group DMs), U…/W… a user (a send opens the DM).
 */
function slackPeerKind(id: string): ChannelPeer["kind"] {
  if (id.startsWith("C")) return "channel";
  if (id.startsWith("G")) return "group";
  return "direct";
}

/**
 * The peer a chat id names on `channel`: `channel:<id>`, `group:<id>` and `user:<id>` (or `dm:`)
 * say it outright (Discord's channel and user ids look alike); a bare Slack id by its prefix
 * letter; any other bare negative id is a group chat (Telegram), anything else a direct chat.
 */
export function peerOf(to: string, channel?: string): ChannelPeer {
  const prefixed = PREFIXED.exec(to);
  if (prefixed) {
    const kind = prefixed[1] === "channel" ? "channel" : prefixed[1] === "group" ? "group" : "direct";
    return { kind, id: prefixed[2] as string };
  }
  if (channel === "slack") return { kind: slackPeerKind(to), id: to };
  return { kind: to.startsWith("-") ? "group" : "direct", id: to };
}

/** An outbox target for a bare chat id, with an optional account, thread and reply. */
export function outboundTarget(request: {
  channel: string;
  to: string;
  accountId?: string;
  threadId?: string | number;
  replyToId?: string;
}): DeliveryTarget {
  const thread = threadOf(request.channel, request.threadId);
  return {
    channel: request.channel,
    to: peerOf(request.to, request.channel),
    ...(request.accountId ? { accountId: request.accountId } : {}),
    ...(thread ? { thread } : {}),
    ...(request.replyToId ? { replyToMessageId: request.replyToId } : {}),
  };
}
