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

/** The peer a bare chat id names: a negative id is a group chat, anything else a direct chat. */
export function peerOf(to: string): ChannelPeer {
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
    to: peerOf(request.to),
    ...(request.accountId ? { accountId: request.accountId } : {}),
    ...(thread ? { thread } : {}),
    ...(request.replyToId ? { replyToMessageId: request.replyToId } : {}),
  };
}
