/**
 * Slack's Events API shapes, built the way Slack sends them: `message` / `app_mention` events
 * inside an `event_callback`, inside a Socket Mode `events_api` envelope.
 */
import type { SlackEventCallback } from "../inbound/event-router.js";
import type { SlackFile, SlackMessageEvent } from "../inbound/normalize.js";

export interface SocketEnvelope {
  envelope_id: string;
  type: "events_api";
  payload: SlackEventCallback & Record<string, unknown>;
  accepts_response_payload: boolean;
  retry_attempt: number;
  retry_reason: string;
}

let clock = 0;

/** A fresh message `ts` (seconds.micro, unique and increasing, as Slack's are). */
export function nextTs(): string {
  const now = Math.max(Date.now() * 1000, clock + 1);
  clock = now;
  return `${Math.floor(now / 1_000_000)}.${String(now % 1_000_000).padStart(6, "0")}`;
}

let eventCounter = 0;

/** Wraps an event in the `event_callback` Slack posts (and Socket Mode carries). */
export function eventCallback(
  event: SlackMessageEvent & Record<string, unknown>,
  ids: { teamId: string; appId: string; eventId?: string },
): SlackEventCallback & Record<string, unknown> {
  eventCounter++;
  return {
    token: "verification-token-unused",
    team_id: ids.teamId,
    api_app_id: ids.appId,
    event: { ...event, event_ts: event.ts },
    type: "event_callback",
    event_id: ids.eventId ?? `Ev${Date.now().toString(36).toUpperCase()}${eventCounter}`,
    event_time: Math.floor(Date.now() / 1000),
    authorizations: [{ team_id: ids.teamId, is_bot: true }],
    is_ext_shared_channel: false,
  };
}

export interface MessageOptions {
  threadTs?: string;
  parentUserId?: string;
  files?: SlackFile[];
  subtype?: string;
}

/** A `message` event: `channelType` `im` for a DM, `channel` for a public channel. */
export function messageEvent(
  channel: string,
  channelType: "im" | "channel" | "group" | "mpim",
  user: string,
  text: string,
  options: MessageOptions = {},
): SlackMessageEvent & Record<string, unknown> {
  return {
    type: "message",
    channel,
    channel_type: channelType,
    user,
    text,
    ts: nextTs(),
    ...(options.subtype ? { subtype: options.subtype } : options.files ? { subtype: "file_share" } : {}),
    ...(options.threadTs ? { thread_ts: options.threadTs } : {}),
    ...(options.parentUserId ? { parent_user_id: options.parentUserId } : {}),
    ...(options.files ? { files: options.files } : {}),
  };
}
