/**
 * A Slack app as a Claw `Channel`, on `@slack/web-api`: events arrive over Socket Mode (the
 * default, with an app-level token) or the HTTP Events API (signed requests); replies go out as
 * mrkdwn with `chat.postMessage`, into the thread they belong to. `slackApiUrl` points the Web
 * API (and so the Socket Mode URL from `apps.connections.open`) at a proxy or a local fake.
 */
import type { Server } from "node:http";
import type { Channel, ChannelContext, ChannelTarget, MediaFetcher, SendResult } from "@claw/channels";
import { ChannelSendError } from "@claw/channels";
import { SlackSendError } from "./api/errors.js";
import { createSlackApi, normalizeSlackApiUrl } from "./api/slack-api.js";
import { escapeMrkdwn, markdownToMrkdwn } from "./format/markdown-to-mrkdwn.js";
import { fetchDeferredSlackFile } from "./inbound/download-files.js";
import { createEventRouter } from "./inbound/event-router.js";
import type { SlackBotIdentity } from "./inbound/normalize.js";
import { slackEmojiName } from "./outbound/emoji-names.js";
import { type OutboundFile, sendSlackFile, threadTsOf } from "./outbound/send-file.js";
import { settledOrDeadline } from "./transport/ack-deadline.js";
import { startEventsApiListener } from "./transport/events-api.js";
import { startSocketMode } from "./transport/socket-mode.js";

/** Slack's advice: keep a message's text within 4,000 characters (it truncates past 40,000). */
export const SLACK_TEXT_LIMIT = 4_000;

export interface SlackChannelOptions {
  /** Bot token (`xoxb-…`): every Web API call. */
  botToken: string;
  accountId?: string;
  /** Web API base URL (default https://slack.com/api/); Socket Mode's URL comes from it too. */
  slackApiUrl?: string;
  /** `socket` (default, needs `appToken`) or `http` (the Events API, needs `signingSecret` and `http`). */
  mode?: "socket" | "http";
  /** App-level token (`xapp-…`) with `connections:write`, for Socket Mode. */
  appToken?: string;
  signingSecret?: string;
  http?: { host?: string; port: number; path?: string };
  /** Outbound formatting: model markdown → mrkdwn (default), or plain text (escaped only). */
  format?: "mrkdwn" | "plain";
  /** Where inbound files are saved; omit to not download files. */
  mediaDir?: string;
  /** Largest inbound file downloaded (default 20 MB). */
  mediaMaxBytes?: number;
  /** Socket Mode timing (tests shorten it). */
  socket?: { clientPingTimeoutMs?: number; serverPingTimeoutMs?: number };
}

/** What downloading the files of stored messages needs (the channel's own options fit). */
export type SlackMediaFetcherOptions = Pick<
  SlackChannelOptions,
  "botToken" | "slackApiUrl" | "mediaDir" | "mediaMaxBytes"
>;

/**
 * Downloads the files the channel deferred (`MediaRef.remote`) from a journalled message; needs
 * no running channel, so a restarted gateway fetches them before the account reconnects.
 * @example
 * createChannelPipeline({ …, fetchMedia: (channel, accountId, media) => slackFiles(media) });
 */
export function createSlackMediaFetcher(options: SlackMediaFetcherOptions): MediaFetcher {
  const apiOrigin = new URL(normalizeSlackApiUrl(options.slackApiUrl)).origin;
  return async (media) => {
    if (!options.mediaDir) return { kind: media.kind, skipped: "file downloads are off (no mediaDir)" };
    return fetchDeferredSlackFile(media, {
      botToken: options.botToken,
      dir: options.mediaDir,
      maxBytes: options.mediaMaxBytes ?? 20 * 1024 * 1024,
      apiOrigin,
    });
  };
}

/** The Slack channel: the `Channel` contract plus files out. */
export interface SlackChannel extends Channel {
  /** Downloads a deferred inbound file of a stored message (see `createSlackMediaFetcher`). */
  fetchMedia: MediaFetcher;
  /** Uploads a file into the target's conversation (or thread); returns the file id. */
  sendFile(target: ChannelTarget, file: OutboundFile): Promise<SendResult>;
  /** The port the Events API listener got (http mode, once started). */
  eventsApiPort(): number | undefined;
}

/** Errors of `assistant.threads.setStatus` that mean the app cannot show a status here. */
const STATUS_UNAVAILABLE = new Set([
  "missing_scope",
  "not_allowed_token_type",
  "unknown_method",
  "not_allowed",
]);

/**
 * @example
 * const slack = createSlackChannel({ botToken: "xoxb-…", appToken: "xapp-…" });
 * const manager = createChannelManager({ accounts: [{ channel: "slack", accountId: "default", enabled: true, configured: true, create: () => slack }], … });
 */
export function createSlackChannel(options: SlackChannelOptions): SlackChannel {
  const api = createSlackApi({
    botToken: options.botToken,
    ...(options.slackApiUrl ? { slackApiUrl: options.slackApiUrl } : {}),
  });
  const format = options.format ?? "mrkdwn";
  let bot: SlackBotIdentity | undefined;
  let socket: { stop(): Promise<void> } | undefined;
  let server: Server | undefined;
  let eventsPort: number | undefined;
  let statusAvailable = true;

  const render = (text: string) => (format === "mrkdwn" ? markdownToMrkdwn(text) : escapeMrkdwn(text));

  const identify = async (): Promise<SlackBotIdentity> => {
    const me = await api.call<{
      user_id?: string;
      user?: string;
      bot_id?: string;
      team_id?: string;
      team?: string;
    }>("auth.test", {});
    if (!me.user_id) throw new Error("slack auth.test: no user_id in the answer");
    return {
      userId: me.user_id,
      name: me.user ?? me.user_id,
      ...(me.bot_id ? { botId: me.bot_id } : {}),
      ...(me.team_id ? { teamId: me.team_id } : {}),
    };
  };

  const startTransport = async (ctx: ChannelContext) => {
    const router = createEventRouter({ ctx, bot: () => bot, downloadFiles: options.mediaDir !== undefined });
    if ((options.mode ?? "socket") === "http") {
      if (!options.signingSecret || !options.http)
        throw new Error("slack: http mode needs signingSecret and http.port (channels.slack.webhookListen)");
      const listener = await startEventsApiListener({
        host: options.http.host ?? "127.0.0.1",
        port: options.http.port,
        path: options.http.path ?? "/slack/events",
        signingSecret: options.signingSecret,
        router,
        onRefused: (reason) => ctx.log("warn", reason),
      });
      server = listener.server;
      eventsPort = listener.port;
      ctx.setConnected(true);
      return;
    }
    if (!options.appToken)
      throw new Error(
        "slack: Socket Mode needs an app-level token (appToken, xapp-…) with connections:write",
      );
    socket = await startSocketMode({
      appToken: options.appToken,
      ...(options.slackApiUrl ? { slackApiUrl: options.slackApiUrl } : {}),
      ctx,
      router,
      ...(options.socket?.clientPingTimeoutMs !== undefined
        ? { clientPingTimeoutMs: options.socket.clientPingTimeoutMs }
        : {}),
      ...(options.socket?.serverPingTimeoutMs !== undefined
        ? { serverPingTimeoutMs: options.socket.serverPingTimeoutMs }
        : {}),
    });
    ctx.setConnected(true);
  };

  return {
    id: "slack",
    accountId: options.accountId ?? "default",
    capabilities: {
      chatTypes: ["direct", "group"],
      maxTextLength: SLACK_TEXT_LIMIT,
      markdown: "markdown",
      threads: true,
      reactions: true,
      edits: true,
      media: true,
      typing: true,
    },
    async start(ctx) {
      bot = await identify();
      await startTransport(ctx);
    },
    async stop() {
      await socket?.stop();
      socket = undefined;
      if (server) {
        const listening = server;
        // In-flight acknowledgements get a moment to finish; idle keep-alive sockets go at once.
        const closed = new Promise<void>((resolve) => listening.close(() => resolve()));
        listening.closeIdleConnections();
        await settledOrDeadline(closed, 2_000);
        listening.closeAllConnections();
      }
      server = undefined;
      eventsPort = undefined;
    },
    async send(target, text) {
      const threadTs = threadTsOf(target);
      const sent = await api.call<{ ts?: string }>(
        "chat.postMessage",
        {
          channel: target.peer.id,
          text: render(text),
          mrkdwn: format === "mrkdwn",
          ...(threadTs ? { thread_ts: threadTs } : {}),
        },
        target.peer.id,
      );
      if (!sent.ts) throw new ChannelSendError("rejected", "slack chat.postMessage: Slack returned no ts");
      return { messageId: sent.ts };
    },
    async edit(target, messageId, text) {
      await api.call(
        "chat.update",
        { channel: target.peer.id, ts: messageId, text: render(text) },
        target.peer.id,
      );
    },
    async delete(target, messageId) {
      await api.call("chat.delete", { channel: target.peer.id, ts: messageId }, target.peer.id);
    },
    async react(target, messageId, emoji) {
      const name = slackEmojiName(emoji);
      if (!name)
        throw new ChannelSendError("rejected", `slack reactions.add: no Slack name for emoji ${emoji}`);
      try {
        await api.call(
          "reactions.add",
          { channel: target.peer.id, timestamp: messageId, name },
          target.peer.id,
        );
      } catch (error) {
        if (!(error instanceof SlackSendError && error.slackError === "already_reacted")) throw error;
      }
    },
    async typing(target) {
      // Slack shows "is typing…" for apps only as an assistant thread status.
      const threadTs = threadTsOf(target);
      if (!statusAvailable || !threadTs) return;
      await api
        .call("assistant.threads.setStatus", {
          channel_id: target.peer.id,
          thread_ts: threadTs,
          status: "is typing…",
        })
        .catch((error: unknown) => {
          if (error instanceof SlackSendError && STATUS_UNAVAILABLE.has(error.slackError ?? ""))
            statusAvailable = false;
        });
    },
    sendFile: (target, file) => sendSlackFile(api, target, file),
    fetchMedia: createSlackMediaFetcher(options),
    eventsApiPort: () => eventsPort,
    async probe() {
      try {
        const me = await identify();
        return { ok: true, detail: `@${me.name}${me.teamId ? ` (${me.teamId})` : ""}` };
      } catch (error) {
        return { ok: false, error: error instanceof Error ? error.message : String(error) };
      }
    },
  };
}
