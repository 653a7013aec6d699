/**
 * A Slack event as the layer's one inbound shape: `im` → direct, channels, private channels and
 * group DMs → group; a reply in a thread (`thread_ts`) carries a `thread`, so each thread is its
 * own session; `mentioned` when the bot is `<@mentioned>`, the event is an `app_mention`, or the
 * thread was started by the bot. The bot's own messages, edits, deletions and joins normalise to
 * nothing.
 */
import type { ChannelInbound, ChannelPeer } from "@claw/channels";
import { slackTextToPlain } from "../format/markdown-to-mrkdwn.js";

export interface SlackBotIdentity {
  userId: string;
  botId?: string;
  /** The bot user's name (`claw`), shown for `<@bot>` in inbound text. */
  name: string;
  teamId?: string;
}

/** A file attached to a message, as Slack's event carries it. */
export interface SlackFile {
  id: string;
  name?: string;
  mimetype?: string;
  size?: number;
  url_private?: string;
  url_private_download?: string;
  /** `hidden_by_limit`, `tombstone`, `external`: nothing to download. */
  mode?: string;
}

/** The fields of `message` and `app_mention` events the channel reads. */
export interface SlackMessageEvent {
  type: string;
  subtype?: string;
  channel?: string;
  channel_type?: string;
  user?: string;
  bot_id?: string;
  text?: string;
  ts?: string;
  event_ts?: string;
  thread_ts?: string;
  parent_user_id?: string;
  team?: string;
  files?: SlackFile[];
}

/** Message subtypes that are a person saying something; every other subtype is ignored. */
const SPOKEN_SUBTYPES = new Set([undefined, "file_share", "thread_broadcast", "me_message"]);

function peerOf(event: SlackMessageEvent, channel: string): ChannelPeer {
  const direct = event.channel_type ? event.channel_type === "im" : channel.startsWith("D");
  return { kind: direct ? "direct" : "group", id: channel };
}

function mentionsBot(event: SlackMessageEvent, bot: SlackBotIdentity): boolean {
  if (event.type === "app_mention") return true;
  if (event.thread_ts && event.parent_user_id === bot.userId) return true;
  return new RegExp(`<@${bot.userId}(\\|[^>]*)?>`).test(event.text ?? "");
}

/**
 * @example
 * normalizeSlackEvent({ type: "message", channel: "D1", channel_type: "im", user: "U7", text: "hi", ts: "1.2" }, { userId: "UBOT", name: "claw" });
 * // → { peer: { kind: "direct", id: "D1" }, sender: { id: "U7" }, text: "hi", messageId: "1.2", sentAt: 1200 }
 */
export function normalizeSlackEvent(
  event: SlackMessageEvent,
  bot: SlackBotIdentity,
  teamId?: string,
): Omit<ChannelInbound, "media"> | undefined {
  if (event.type !== "message" && event.type !== "app_mention") return undefined;
  if (!SPOKEN_SUBTYPES.has(event.subtype)) return undefined;
  if (!event.channel || !event.ts || !event.user) return undefined;
  if (event.user === bot.userId || (bot.botId !== undefined && event.bot_id === bot.botId)) return undefined;
  const peer = peerOf(event, event.channel);
  const inThread = event.thread_ts !== undefined && event.thread_ts !== event.ts;
  const team = event.team ?? teamId;
  return {
    peer,
    sender: { id: event.user },
    text: slackTextToPlain(event.text ?? "", { [bot.userId]: bot.name }),
    messageId: event.ts,
    sentAt: Math.round(Number(event.ts) * 1000),
    ...(team ? { teamId: team } : {}),
    ...(peer.kind !== "direct" ? { mentioned: mentionsBot(event, bot) } : {}),
    ...(inThread ? { thread: { kind: "thread" as const, id: event.thread_ts as string } } : {}),
  };
}
