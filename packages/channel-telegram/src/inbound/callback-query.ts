/**
 * Inline keyboards both ways: outbound button rows as Telegram's `reply_markup.inline_keyboard`,
 * and a `callback_query` update (a person pressed one) as the layer's `ChannelAction`. Telegram
 * limits `callback_data` to 64 bytes; a longer one is refused before anything is sent.
 */
import type { ChannelAction, ChannelButton, SendOptions } from "@claw/channels";
import { ChannelSendError } from "@claw/channels";
import type { CallbackQuery, InlineKeyboardMarkup } from "grammy/types";

const MAX_CALLBACK_DATA_BYTES = 64;

/**
 * @example
 * inlineKeyboardOf([[{ text: "Allow", data: "exec:1:once" }]]);
 * // → { inline_keyboard: [[{ text: "Allow", callback_data: "exec:1:once" }]] }
 */
export function inlineKeyboardOf(buttons: NonNullable<SendOptions["buttons"]>): InlineKeyboardMarkup {
  return {
    inline_keyboard: buttons.map((row) =>
      row.map((button: ChannelButton) => {
        if (Buffer.byteLength(button.data) > MAX_CALLBACK_DATA_BYTES)
          throw new ChannelSendError(
            "rejected",
            `telegram: button "${button.text}" carries ${Buffer.byteLength(button.data)} bytes of data; Telegram allows ${MAX_CALLBACK_DATA_BYTES}`,
          );
        return { text: button.text, callback_data: button.data };
      }),
    ),
  };
}

/** The press a callback query reports, or undefined when it carries no data or message. */
export function actionOf(query: CallbackQuery): ChannelAction | undefined {
  const message = query.message;
  if (query.data === undefined || !message) return undefined;
  const chat = message.chat;
  const kind = chat.type === "private" ? "direct" : chat.type === "channel" ? "channel" : "group";
  const topic = "is_topic_message" in message && message.is_topic_message && message.message_thread_id;
  return {
    peer: { kind, id: String(chat.id) },
    ...(topic ? { thread: { kind: "topic" as const, id: String(message.message_thread_id) } } : {}),
    sender: {
      id: String(query.from.id),
      name: [query.from.first_name, query.from.last_name].filter(Boolean).join(" "),
      ...(query.from.username ? { username: query.from.username } : {}),
    },
    data: query.data,
    messageId: String(message.message_id),
    ...("text" in message && message.text !== undefined ? { messageText: message.text } : {}),
  };
}
