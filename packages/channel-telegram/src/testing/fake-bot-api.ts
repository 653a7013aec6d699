/**
 * A fake Telegram Bot API server on 127.0.0.1 for tests and benchmarks: the methods the channel
 * uses, answering with the JSON shapes of Telegram's Bot API documentation (`{ok:true,result}`,
 * `{ok:false,error_code,description}`, 429 with `parameters.retry_after`), plus fault injection:
 * error bursts, connections dropped mid-poll, and sends held before they are acknowledged. A
 * message counts as delivered only once its response is written (what Telegram acknowledged).
 */
import { createServer, type IncomingMessage, type Server, type ServerResponse } from "node:http";
import type { Message, Update, User } from "grammy/types";
import { htmlTextLength, validateTelegramHtml } from "./html-entities.js";

export interface SentMessage {
  chatId: string;
  text: string;
  parseMode?: string;
  threadId?: number;
  replyTo?: number;
  messageId: number;
  /** The inline keyboard sent with it, as `{text, data}` rows. */
  buttons?: { text: string; data: string }[][];
}

function buttonsOf(markup: unknown): { text: string; data: string }[][] | undefined {
  const parsed = typeof markup === "string" ? (JSON.parse(markup) as unknown) : markup;
  const rows = (parsed as { inline_keyboard?: { text: string; callback_data?: string }[][] } | undefined)
    ?.inline_keyboard;
  return rows?.map((row) => row.map((b) => ({ text: b.text, data: b.callback_data ?? "" })));
}

export interface Fault {
  status: number;
  description: string;
  retryAfter?: number;
}

type Params = Record<string, unknown>;

const MAX_TEXT = 4096;

function ok(res: ServerResponse, result: unknown) {
  res.writeHead(200, { "content-type": "application/json" }).end(JSON.stringify({ ok: true, result }));
}

function fail(res: ServerResponse, fault: Fault) {
  res.writeHead(fault.status, { "content-type": "application/json" }).end(
    JSON.stringify({
      ok: false,
      error_code: fault.status,
      description: fault.description,
      ...(fault.retryAfter !== undefined ? { parameters: { retry_after: fault.retryAfter } } : {}),
    }),
  );
}

async function readParams(req: IncomingMessage): Promise<Params> {
  const chunks: Buffer[] = [];
  for await (const chunk of req) chunks.push(chunk as Buffer);
  const body = Buffer.concat(chunks).toString("utf8");
  const url = new URL(req.url ?? "/", "http://x");
  const query = Object.fromEntries(url.searchParams);
  if (!body) return query;
  if ((req.headers["content-type"] ?? "").includes("json"))
    return { ...query, ...(JSON.parse(body) as Params) };
  return { ...query, ...Object.fromEntries(new URLSearchParams(body)) };
}

export class FakeBotApi {
  readonly bot: User & { username: string };
  readonly token: string;
  /** Every message the bot sent and Telegram acknowledged, in order. */
  readonly sent: SentMessage[] = [];
  readonly edits: { chatId: string; messageId: number; text: string }[] = [];
  /** Messages the bot deleted (deleteMessage), in order. */
  readonly deleted: { chatId: string; messageId: number }[] = [];
  readonly actions: { chatId: string; action: string; threadId?: number }[] = [];
  readonly reactions: { chatId: string; messageId: number; emoji: string }[] = [];
  /** Every answerCallbackQuery, in order. */
  readonly callbackAnswers: { callbackQueryId: string; text?: string }[] = [];
  /** Every call, by method name. */
  readonly calls = new Map<string, number>();
  webhook: { url: string; secretToken?: string } | undefined;
  /** Offsets received by getUpdates, in order (to check the offset survives restarts). */
  readonly offsets: number[] = [];
  private readonly updates: Update[] = [];
  private nextUpdateId = 1;
  private nextMessageId = 1000;
  private readonly faults = new Map<string, Fault[]>();
  private dropPolls = 0;
  private holding = false;
  private holdAfter = 0;
  private readonly held: (() => void)[] = [];
  private readonly pollWaiters = new Set<() => void>();
  private readonly files = new Map<string, { path: string; content: Buffer }>();
  /** Current text of every message the bot sent, by chat and message id (edits change it). */
  private readonly texts = new Map<string, string>();
  /** Current inline keyboard of every message the bot sent (an edit without one removes it). */
  private readonly keyboards = new Map<string, { text: string; data: string }[][]>();
  private nextCallbackId = 1;
  private server: Server | undefined;
  /** Called when a send is held (the test can kill the client now). */
  onHeld?: (method: string, params: Params) => void;
  /** Called when a Bot API call arrives, before it is answered (what the client did by then). */
  onCall?: (method: string, params: Params) => void;

  constructor(options: { token?: string; username?: string } = {}) {
    this.token = options.token ?? "123456:TEST-token";
    this.bot = {
      id: Number(this.token.split(":")[0]),
      is_bot: true,
      first_name: "Claw",
      username: options.username ?? "claw_test_bot",
    };
  }

  /** The `apiRoot` to give the channel. */
  url = "";

  async start(): Promise<this> {
    this.server = createServer((req, res) => {
      void this.route(req, res).catch((error: unknown) => {
        if (!res.headersSent)
          fail(res, { status: 500, description: `Internal Server Error: ${String(error)}` });
      });
    });
    await new Promise<void>((resolve) => this.server?.listen(0, "127.0.0.1", resolve));
    const address = this.server.address();
    this.url = `http://127.0.0.1:${typeof address === "object" && address ? address.port : 0}`;
    return this;
  }

  async close(): Promise<void> {
    for (const wake of this.pollWaiters) wake();
    this.releaseHeld();
    this.server?.closeAllConnections();
    await new Promise<void>((resolve) => (this.server ? this.server.close(() => resolve()) : resolve()));
  }

  /** A person writes to the bot. Returns the update. */
  pushMessage(message: Partial<Message> & { chat: Message["chat"]; text?: string }): Update {
    const from = message.from ?? { id: Number(message.chat.id), is_bot: false, first_name: "Person" };
    const full = {
      message_id: this.nextMessageId++,
      date: Math.floor(Date.now() / 1000),
      ...message,
      from,
    } as Message;
    const update = { update_id: this.nextUpdateId++, message: full } as Update;
    this.updates.push(update);
    for (const wake of this.pollWaiters) wake();
    return update;
  }

  /** A direct message from user `userId`. */
  dm(userId: number, text: string, extra: Partial<Message> = {}): Update {
    return this.pushMessage({
      chat: { id: userId, type: "private", first_name: `User${userId}` },
      from: { id: userId, is_bot: false, first_name: `User${userId}`, username: `user${userId}` },
      text,
      ...extra,
    });
  }

  /** A group message; `mention` adds an @bot mention entity. */
  groupMessage(
    chatId: number,
    userId: number,
    text: string,
    options: { mention?: boolean; topic?: number } = {},
  ): Update {
    const body = options.mention ? `@${this.bot.username} ${text}` : text;
    return this.pushMessage({
      chat: {
        id: chatId,
        type: "supergroup",
        title: "Group",
        ...(options.topic ? { is_forum: true } : {}),
      } as Message["chat"],
      from: { id: userId, is_bot: false, first_name: `User${userId}` },
      text: body,
      ...(options.mention
        ? { entities: [{ type: "mention", offset: 0, length: this.bot.username.length + 1 }] }
        : {}),
      ...(options.topic ? { is_topic_message: true, message_thread_id: options.topic } : {}),
    });
  }

  /** User `userId` presses the button carrying `data` under the bot's message `messageId` in `chatId`. */
  pressButton(chatId: number, userId: number, messageId: number, data: string): Update {
    const text = this.texts.get(`${chatId}:${messageId}`) ?? "";
    const update = {
      update_id: this.nextUpdateId++,
      callback_query: {
        id: String(this.nextCallbackId++),
        from: { id: userId, is_bot: false, first_name: `User${userId}`, username: `user${userId}` },
        chat_instance: String(chatId),
        data,
        message: {
          message_id: messageId,
          date: Math.floor(Date.now() / 1000),
          chat:
            chatId > 0
              ? { id: chatId, type: "private", first_name: `User${chatId}` }
              : { id: chatId, type: "supergroup", title: "Group" },
          from: this.bot,
          text,
        },
      },
    } as Update;
    this.updates.push(update);
    for (const wake of this.pollWaiters) wake();
    return update;
  }

  /** The buttons a message of the bot shows now. */
  currentButtons(chatId: string, messageId: number): { text: string; data: string }[][] | undefined {
    return this.keyboards.get(`${chatId}:${messageId}`);
  }

  /** Makes a file downloadable through getFile. */
  addFile(fileId: string, content: Buffer, path = `documents/${fileId}.bin`): void {
    this.files.set(fileId, { path, content });
  }

  /** The next `times` calls of `method` fail with `fault`. */
  failNext(method: string, fault: Fault, times = 1): void {
    const queue = this.faults.get(method) ?? [];
    for (let i = 0; i < times; i++) queue.push(fault);
    this.faults.set(method, queue);
  }

  /** The next `count` getUpdates connections are dropped without an answer. */
  dropNextPolls(count: number): void {
    this.dropPolls += count;
  }

  /** Holds sends (not yet acknowledged) until `releaseHeld()`; a send whose client died meanwhile is lost. */
  holdSends(hold = true, options: { afterDelivered?: number } = {}): void {
    this.holding = hold;
    this.holdAfter = options.afterDelivered ?? 0;
  }

  releaseHeld(): void {
    this.holding = false;
    for (const release of this.held.splice(0)) release();
  }

  /** The text a chat shows for a message the bot sent (after edits), as Telegram would render it. */
  currentText(chatId: string, messageId: number): string | undefined {
    return this.texts.get(`${chatId}:${messageId}`);
  }

  pendingUpdates(): number {
    return this.updates.length;
  }

  private async route(req: IncomingMessage, res: ServerResponse): Promise<void> {
    const url = new URL(req.url ?? "/", "http://x");
    const file = /^\/file\/bot([^/]+)\/(.+)$/.exec(url.pathname);
    if (file) {
      const found = [...this.files.values()].find((f) => f.path === file[2]);
      if (file[1] !== this.token || !found) res.writeHead(404).end("Not Found");
      else res.writeHead(200, { "content-type": "application/octet-stream" }).end(found.content);
      return;
    }
    const call = /^\/bot([^/]+)\/([A-Za-z]+)$/.exec(url.pathname);
    if (!call) return fail(res, { status: 404, description: "Not Found" });
    if (call[1] !== this.token) return fail(res, { status: 401, description: "Unauthorized" });
    const method = call[2] as string;
    this.calls.set(method, (this.calls.get(method) ?? 0) + 1);
    const params = await readParams(req);
    this.onCall?.(method, params);
    const fault = this.faults.get(method)?.shift();
    if (fault) return fail(res, fault);
    if (method === "getUpdates" && this.dropPolls > 0) {
      this.dropPolls--;
      req.socket.destroy();
      return;
    }
    await this.answer(method, params, req, res);
  }

  private async answer(
    method: string,
    params: Params,
    req: IncomingMessage,
    res: ServerResponse,
  ): Promise<void> {
    switch (method) {
      case "getMe":
        return ok(res, {
          ...this.bot,
          can_join_groups: true,
          can_read_all_group_messages: false,
          supports_inline_queries: false,
        });
      case "getUpdates":
        return this.getUpdates(params, res);
      case "deleteWebhook":
        this.webhook = undefined;
        return ok(res, true);
      case "setWebhook":
        this.webhook = {
          url: String(params.url),
          ...(params.secret_token ? { secretToken: String(params.secret_token) } : {}),
        };
        return ok(res, true);
      case "sendMessage":
        return this.sendMessage(params, req, res);
      case "editMessageText": {
        const text = String(params.text ?? "");
        if (params.parse_mode === "HTML" && validateTelegramHtml(text))
          return fail(res, {
            status: 400,
            description: `Bad Request: can't parse entities: ${validateTelegramHtml(text)}`,
          });
        const key = `${String(params.chat_id)}:${Number(params.message_id)}`;
        if (!this.texts.has(key))
          return fail(res, { status: 400, description: "Bad Request: message to edit not found" });
        const sameKeyboard =
          JSON.stringify(buttonsOf(params.reply_markup)) === JSON.stringify(this.keyboards.get(key));
        if (this.texts.get(key) === text && sameKeyboard)
          return fail(res, {
            status: 400,
            description:
              "Bad Request: message is not modified: specified new message content and reply markup are exactly the same as a current content and reply markup of the message",
          });
        this.texts.set(key, text);
        const editedButtons = buttonsOf(params.reply_markup);
        if (editedButtons) this.keyboards.set(key, editedButtons);
        else this.keyboards.delete(key);
        this.edits.push({ chatId: String(params.chat_id), messageId: Number(params.message_id), text });
        return ok(res, {
          message_id: Number(params.message_id),
          date: 0,
          chat: { id: Number(params.chat_id), type: "private" },
          text,
        });
      }
      case "deleteMessage": {
        const key = `${String(params.chat_id)}:${Number(params.message_id)}`;
        if (!this.texts.delete(key))
          return fail(res, { status: 400, description: "Bad Request: message to delete not found" });
        this.keyboards.delete(key);
        this.deleted.push({ chatId: String(params.chat_id), messageId: Number(params.message_id) });
        return ok(res, true);
      }
      case "sendChatAction":
        this.actions.push({
          chatId: String(params.chat_id),
          action: String(params.action),
          ...(params.message_thread_id ? { threadId: Number(params.message_thread_id) } : {}),
        });
        return ok(res, true);
      case "setMessageReaction": {
        const reaction = (params.reaction as { emoji?: string }[] | undefined)?.[0];
        this.reactions.push({
          chatId: String(params.chat_id),
          messageId: Number(params.message_id),
          emoji: reaction?.emoji ?? "",
        });
        return ok(res, true);
      }
      case "answerCallbackQuery":
        this.callbackAnswers.push({
          callbackQueryId: String(params.callback_query_id),
          ...(params.text ? { text: String(params.text) } : {}),
        });
        return ok(res, true);
      case "getFile": {
        const found = this.files.get(String(params.file_id));
        if (!found) return fail(res, { status: 400, description: "Bad Request: invalid file_id" });
        return ok(res, {
          file_id: String(params.file_id),
          file_unique_id: String(params.file_id),
          file_size: found.content.length,
          file_path: found.path,
        });
      }
      default:
        return fail(res, { status: 404, description: "Not Found: method not found" });
    }
  }

  private async getUpdates(params: Params, res: ServerResponse): Promise<void> {
    const offset = Number(params.offset ?? 0);
    this.offsets.push(offset);
    if (offset > 0) while (this.updates[0] && this.updates[0].update_id < offset) this.updates.shift();
    const limit = Math.min(100, Number(params.limit ?? 100));
    if (this.updates.length === 0 && Number(params.timeout ?? 0) > 0) {
      await new Promise<void>((resolve) => {
        const timer = setTimeout(done, Number(params.timeout) * 1000);
        function done() {
          clearTimeout(timer);
          resolve();
        }
        this.pollWaiters.add(done);
        res.on("close", done);
      }).finally(() => this.pollWaiters.clear());
    }
    if (res.destroyed) return;
    ok(res, this.updates.slice(0, limit));
  }

  private async sendMessage(params: Params, req: IncomingMessage, res: ServerResponse): Promise<void> {
    const text = String(params.text ?? "");
    if (text.trim() === "")
      return fail(res, { status: 400, description: "Bad Request: message text is empty" });
    if (params.parse_mode === "HTML") {
      const problem = validateTelegramHtml(text);
      if (problem)
        return fail(res, { status: 400, description: `Bad Request: can't parse entities: ${problem}` });
    }
    const length = params.parse_mode === "HTML" ? htmlTextLength(text) : text.length;
    if (length > MAX_TEXT) return fail(res, { status: 400, description: "Bad Request: message is too long" });
    if (this.holding && this.sent.length >= this.holdAfter) {
      this.onHeld?.("sendMessage", params);
      await new Promise<void>((resolve) => this.held.push(resolve));
      if (req.socket.destroyed || res.destroyed) return; // the client died before Telegram answered
    }
    const message: SentMessage = {
      chatId: String(params.chat_id),
      text,
      messageId: this.nextMessageId++,
      ...(params.parse_mode ? { parseMode: String(params.parse_mode) } : {}),
      ...(params.message_thread_id ? { threadId: Number(params.message_thread_id) } : {}),
      ...((params.reply_parameters as { message_id?: number } | undefined)?.message_id
        ? { replyTo: (params.reply_parameters as { message_id: number }).message_id }
        : {}),
    };
    const buttons = buttonsOf(params.reply_markup);
    if (buttons) {
      message.buttons = buttons;
      this.keyboards.set(`${message.chatId}:${message.messageId}`, buttons);
    }
    this.sent.push(message);
    this.texts.set(`${message.chatId}:${message.messageId}`, text);
    ok(res, {
      message_id: message.messageId,
      date: Math.floor(Date.now() / 1000),
      chat: { id: Number(params.chat_id), type: Number(params.chat_id) < 0 ? "supergroup" : "private" },
      from: this.bot,
      text,
      ...(message.threadId ? { message_thread_id: message.threadId, is_topic_message: true } : {}),
    });
  }
}
