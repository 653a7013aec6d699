/**
 * A Telegram bot account as a Claw `Channel`, on grammY's API client. `apiRoot` points it at
 * Telegram's self-hosted Bot API server, a proxy, or a local fake in tests.
 */
import type { Server } from "node:http";
import type { Channel, ChannelContext, ChannelTarget, MediaRef, SendOptions } from "@claw/channels";
import { Api } from "grammy";
import type { Update } from "grammy/types";
import { isEntityError, isNotModifiedError, toSendError } from "./errors.js";
import { markdownToTelegramHtml } from "./format/markdown-to-html.js";
import { actionOf, inlineKeyboardOf } from "./inbound/callback-query.js";
import { downloadMedia } from "./inbound/download-media.js";
import { type BotIdentity, mediaOf, messageOf, normalizeMessage } from "./inbound/normalize.js";
import { grammySignal } from "./transport/grammy-signal.js";
import { ALLOWED_UPDATES, runPolling } from "./transport/polling.js";
import { startWebhookListener } from "./transport/webhook.js";

export const TELEGRAM_TEXT_LIMIT = 4096;
export const DEFAULT_API_ROOT = "https://api.telegram.org";

export interface TelegramChannelOptions {
  botToken: string;
  accountId?: string;
  /** Bot API base URL (default https://api.telegram.org). */
  apiRoot?: string;
  /** `polling` (default) or `webhook`. */
  mode?: "polling" | "webhook";
  webhook?: { url: string; secretToken: string; host?: string; port: number; path?: string };
  /** Outbound formatting: model markdown → Telegram HTML (default), or plain text. */
  format?: "html" | "plain";
  /** Where inbound media is saved; omit to not download media. */
  mediaDir?: string;
  /** Largest media file downloaded (default 20 MB, the cloud Bot API's limit). */
  mediaMaxBytes?: number;
  pollTimeoutSeconds?: number;
  pollBackoff?: { minMs?: number; maxMs?: number };
}

function chatId(target: ChannelTarget): number | string {
  const n = Number(target.peer.id);
  return Number.isSafeInteger(n) ? n : target.peer.id;
}

function threadParams(target: ChannelTarget) {
  return target.thread ? { message_thread_id: Number(target.thread.id) } : {};
}

/**
 * @example
 * const telegram = createTelegramChannel({ botToken: process.env.TELEGRAM_BOT_TOKEN ?? "", apiRoot: "http://127.0.0.1:8081" });
 * const manager = createChannelManager({ accounts: [{ channel: "telegram", accountId: "default", enabled: true, configured: true, create: () => telegram }], … });
 */
export function createTelegramChannel(options: TelegramChannelOptions): Channel {
  const apiRoot = (options.apiRoot ?? DEFAULT_API_ROOT).replace(/\/+$/, "");
  const api = new Api(options.botToken, { apiRoot });
  const format = options.format ?? "html";
  let bot: BotIdentity | undefined;
  let loop: Promise<void> | undefined;
  let server: Server | undefined;

  const handleUpdate = (ctx: ChannelContext) => async (update: Update) => {
    if (update.callback_query) return handleCallback(ctx, update.callback_query);
    const message = messageOf(update);
    if (!message || !bot) return;
    const inbound = normalizeMessage(message, bot);
    const candidates = mediaOf(message);
    let media: MediaRef[] = [];
    if (candidates.length > 0)
      media = options.mediaDir
        ? await Promise.all(
            candidates.map((c) =>
              downloadMedia(c, {
                api,
                apiRoot,
                token: options.botToken,
                dir: options.mediaDir as string,
                maxBytes: options.mediaMaxBytes ?? 20 * 1024 * 1024,
              }),
            ),
          )
        : candidates.map((c) => ({ kind: c.kind, skipped: "media downloads are off (no mediaDir)" }));
    await ctx.receive({ ...inbound, ...(media.length > 0 ? { media } : {}) });
  };

  /** A button press: the layer decides, Telegram stops the button's spinner with its notice. */
  const handleCallback = async (ctx: ChannelContext, query: NonNullable<Update["callback_query"]>) => {
    const action = actionOf(query);
    const answer = action && ctx.action ? await ctx.action(action) : undefined;
    await api
      .answerCallbackQuery(query.id, answer?.text ? { text: answer.text } : {})
      .catch((error: unknown) =>
        ctx.log("warn", "telegram: answerCallbackQuery failed", { error: toSendError(error).message }),
      );
  };

  const sendText = async (target: ChannelTarget, text: string, sendOptions: SendOptions = {}) => {
    const common = {
      ...threadParams(target),
      ...(sendOptions.buttons?.length ? { reply_markup: inlineKeyboardOf(sendOptions.buttons) } : {}),
      ...(target.replyToMessageId
        ? {
            reply_parameters: {
              message_id: Number(target.replyToMessageId),
              allow_sending_without_reply: true,
            },
          }
        : {}),
    };
    const html = format === "html" ? markdownToTelegramHtml(text) : undefined;
    if (html !== undefined && html.length <= TELEGRAM_TEXT_LIMIT) {
      try {
        return await api.sendMessage(chatId(target), html, { ...common, parse_mode: "HTML" });
      } catch (error) {
        if (!isEntityError(error)) throw error;
      }
    }
    return api.sendMessage(chatId(target), text, common);
  };

  return {
    id: "telegram",
    accountId: options.accountId ?? "default",
    capabilities: {
      chatTypes: ["direct", "group", "channel"],
      maxTextLength: TELEGRAM_TEXT_LIMIT,
      markdown: "html",
      threads: true,
      reactions: true,
      edits: true,
      media: true,
      typing: true,
      buttons: true,
    },
    async start(ctx) {
      const me = await api.getMe(grammySignal(ctx.signal));
      bot = { id: me.id, username: me.username };
      const handle = handleUpdate(ctx);
      if (options.mode === "webhook") {
        const hook = options.webhook;
        if (!hook)
          throw new Error("telegram: webhook mode needs webhook.url, webhook.secretToken and webhook.port");
        server = (
          await startWebhookListener({
            host: hook.host ?? "127.0.0.1",
            port: hook.port,
            path: hook.path ?? new URL(hook.url).pathname,
            secretToken: hook.secretToken,
            handle,
            log: (level, message, fields) => ctx.log(level, message, fields),
          })
        ).server;
        await api.setWebhook(hook.url, {
          secret_token: hook.secretToken,
          allowed_updates: [...ALLOWED_UPDATES],
        });
        ctx.setConnected(true);
        return;
      }
      await api.deleteWebhook({ drop_pending_updates: false }, grammySignal(ctx.signal));
      ctx.setConnected(true);
      loop = runPolling({
        api,
        ctx,
        handle,
        ...(options.pollTimeoutSeconds !== undefined ? { timeoutSeconds: options.pollTimeoutSeconds } : {}),
        ...(options.pollBackoff ? { backoff: options.pollBackoff } : {}),
      }).catch((error: unknown) => ctx.crashed(error));
    },
    async stop() {
      await loop;
      loop = undefined;
      await new Promise<void>((resolve) => (server ? server.close(() => resolve()) : resolve()));
      server = undefined;
    },
    async send(target, text, sendOptions) {
      try {
        const sent = await sendText(target, text, sendOptions);
        return { messageId: String(sent.message_id) };
      } catch (error) {
        throw toSendError(error);
      }
    },
    async edit(target, messageId, text) {
      const editText = async (body: string, html: boolean) => {
        try {
          await api.editMessageText(
            chatId(target),
            Number(messageId),
            body,
            html ? { parse_mode: "HTML" } : {},
          );
        } catch (error) {
          if (!isNotModifiedError(error)) throw error;
        }
      };
      const html = format === "html" ? markdownToTelegramHtml(text) : undefined;
      try {
        if (html !== undefined && html.length <= TELEGRAM_TEXT_LIMIT) {
          try {
            return await editText(html, true);
          } catch (error) {
            if (!isEntityError(error)) throw error;
          }
        }
        await editText(text, false);
      } catch (error) {
        throw toSendError(error);
      }
    },
    async delete(target, messageId) {
      await api.deleteMessage(chatId(target), Number(messageId)).catch((error: unknown) => {
        throw toSendError(error);
      });
    },
    async react(target, messageId, emoji) {
      await api
        .setMessageReaction(chatId(target), Number(messageId), [{ type: "emoji", emoji: emoji as "👍" }])
        .catch((e: unknown) => {
          throw toSendError(e);
        });
    },
    async typing(target) {
      await api.sendChatAction(chatId(target), "typing", threadParams(target));
    },
    async probe() {
      try {
        const me = await api.getMe();
        return { ok: true, detail: `@${me.username}` };
      } catch (error) {
        return { ok: false, error: toSendError(error).message };
      }
    },
  };
}
