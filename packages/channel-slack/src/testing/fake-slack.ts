/**
 * A fake Slack on 127.0.0.1 for tests and benchmarks: the Web API methods the channel calls
 * (`POST /api/<method>`, form, JSON or multipart bodies, `{ok:true,…}` / `{ok:false,error}`
 * answers, 429 with `Retry-After`), file downloads and uploads, and Socket Mode behind
 * `apps.connections.open`. Give the channel `slackApiUrl: fake.apiUrl`. A message counts as sent
 * only once its answer is written (what Slack acknowledged).
 */
import { randomUUID } from "node:crypto";
import { createServer, type IncomingMessage, type Server, type ServerResponse } from "node:http";
import type { SlackFile } from "../inbound/normalize.js";
import { FakeSocketMode, type FakeSocketModeOptions } from "./fake-socket-mode.js";
import { eventCallback, type MessageOptions, messageEvent, nextTs } from "./slack-events.js";

export interface SentSlackMessage {
  channel: string;
  text: string;
  ts: string;
  threadTs?: string;
  mrkdwn?: boolean;
}

/** A Web API fault: an HTTP status (429 → `Retry-After: retryAfter`) or a platform `error`. */
export interface SlackFault {
  status?: number;
  error?: string;
  retryAfter?: number;
}

type Params = Record<string, unknown>;

/** Slack truncates past 40,000 characters; the fake refuses instead, so a test notices. */
const HARD_TEXT_LIMIT = 40_000;
const BOT_METHODS_ALLOWED_FOR_APP_TOKEN = new Set(["apps.connections.open"]);

async function readParams(req: IncomingMessage): Promise<Params> {
  const chunks: Buffer[] = [];
  for await (const chunk of req) chunks.push(chunk as Buffer);
  const body = Buffer.concat(chunks);
  const type = req.headers["content-type"] ?? "";
  if (body.length === 0) return {};
  if (type.includes("json")) return JSON.parse(body.toString("utf8")) as Params;
  if (type.includes("multipart/form-data")) {
    const form = await new Response(body, { headers: { "content-type": type } }).formData();
    const params: Params = {};
    for (const [k, v] of form.entries())
      params[k] = typeof v === "string" ? v : Buffer.from(await (v as Blob).arrayBuffer());
    return params;
  }
  return Object.fromEntries(new URLSearchParams(body.toString("utf8")));
}

const answer = (
  res: ServerResponse,
  body: Params,
  status = 200,
  headers: Record<string, string> = {},
): void =>
  void res.writeHead(status, { "content-type": "application/json", ...headers }).end(JSON.stringify(body));

export class FakeSlack {
  readonly botToken: string;
  readonly appToken: string;
  readonly teamId = "T0FAKE";
  readonly appId = "A0FAKE";
  readonly botUserId = "U0BOT";
  readonly botId = "B0BOT";
  readonly botName: string;
  readonly socketMode: FakeSocketMode;
  readonly sent: SentSlackMessage[] = [];
  readonly edits: { channel: string; ts: string; text: string }[] = [];
  readonly reactions: { channel: string; timestamp: string; name: string }[] = [];
  readonly statuses: { channelId: string; threadTs: string; status: string }[] = [];
  readonly uploads: {
    id: string;
    channel: string;
    filename: string;
    content: Buffer;
    threadTs?: string;
    comment?: string;
  }[] = [];
  /** Every Web API call, by method name. */
  readonly calls = new Map<string, number>();
  /** The base URL to give the channel as `slackApiUrl` (ends in `/api/`). */
  apiUrl = "";
  /** The server's origin (`http://127.0.0.1:PORT`). */
  url = "";
  /** Called when a send is held (the test can kill the client now). */
  onHeld?: (method: string, params: Params) => void;
  private readonly faults = new Map<string, SlackFault[]>();
  private readonly files = new Map<string, { name: string; content: Buffer }>();
  private readonly staged = new Map<string, { filename: string; content?: Buffer }>();
  private holding = false;
  private holdAfter = 0;
  private readonly held: (() => void)[] = [];
  private server: Server | undefined;

  constructor(
    options: { botToken?: string; appToken?: string; botName?: string; socket?: FakeSocketModeOptions } = {},
  ) {
    this.botToken = options.botToken ?? "xoxb-fake-bot-token";
    this.appToken = options.appToken ?? "xapp-1-fake-app-token";
    this.botName = options.botName ?? "claw";
    this.socketMode = new FakeSocketMode(options.socket);
  }

  async start(): Promise<this> {
    this.server = createServer((req, res) => {
      void this.route(req, res).catch((error: unknown) => {
        if (!res.headersSent) answer(res, { ok: false, error: "internal_error", detail: String(error) }, 500);
      });
    });
    this.server.on("upgrade", (req, socket, head) => {
      if ((req.url ?? "").startsWith("/link")) this.socketMode.upgrade(req, socket, head);
      else socket.destroy();
    });
    await new Promise<void>((resolve) => this.server?.listen(0, "127.0.0.1", resolve));
    const address = this.server.address();
    this.url = `http://127.0.0.1:${typeof address === "object" && address ? address.port : 0}`;
    this.apiUrl = `${this.url}/api/`;
    return this;
  }

  async close(): Promise<void> {
    this.releaseHeld();
    this.socketMode.close();
    this.server?.closeAllConnections();
    await new Promise<void>((resolve) => (this.server ? this.server.close(() => resolve()) : resolve()));
  }

  /** Pushes an event over Socket Mode; returns its `event_id`. */
  pushEvent(event: Parameters<typeof eventCallback>[0], eventId?: string): string {
    const callback = this.callbackOf(event, eventId);
    this.socketMode.push(callback);
    return callback.event_id as string;
  }

  /** The `event_callback` Slack would send for `event` (for the HTTP Events API). */
  callbackOf(event: Parameters<typeof eventCallback>[0], eventId?: string) {
    return eventCallback(event, { teamId: this.teamId, appId: this.appId, ...(eventId ? { eventId } : {}) });
  }

  /** A person's DM to the bot, over Socket Mode. Returns the event. */
  dm(user: string, text: string, options: MessageOptions = {}) {
    const event = messageEvent(`D${user}`, "im", user, text, options);
    this.pushEvent(event);
    return event;
  }

  /** A message in a channel; `mention` puts `<@bot>` first. Returns the event. */
  channelMessage(
    channel: string,
    user: string,
    text: string,
    options: MessageOptions & { mention?: boolean } = {},
  ) {
    const body = options.mention ? `<@${this.botUserId}> ${text}` : text;
    const event = messageEvent(channel, "channel", user, body, options);
    this.pushEvent(event);
    return event;
  }

  /** Makes a file downloadable; returns the file object an event carries. */
  addFile(name: string, content: Buffer, mimetype = "application/octet-stream"): SlackFile {
    const id = `F${randomUUID().slice(0, 8).toUpperCase()}`;
    this.files.set(id, { name, content });
    const url = `${this.url}/files-pri/${this.teamId}-${id}/${encodeURIComponent(name)}`;
    return {
      id,
      name,
      mimetype,
      size: content.length,
      url_private: url,
      url_private_download: `${url}?download=1`,
      mode: "hosted",
    };
  }

  /** The next `times` calls of `method` fail with `fault`. */
  failNext(method: string, fault: SlackFault, times = 1): void {
    const queue = this.faults.get(method) ?? [];
    for (let i = 0; i < times; i++) queue.push(fault);
    this.faults.set(method, queue);
  }

  /** Holds `chat.postMessage` answers until `releaseHeld()`; a post whose client died meanwhile is lost. */
  holdSends(hold = true, options: { afterDelivered?: number } = {}): void {
    this.holding = hold;
    this.holdAfter = options.afterDelivered ?? 0;
  }

  releaseHeld(): void {
    this.holding = false;
    for (const release of this.held.splice(0)) release();
  }

  private async route(req: IncomingMessage, res: ServerResponse): Promise<void> {
    const url = new URL(req.url ?? "/", "http://x");
    const token = (req.headers.authorization ?? "").replace(/^Bearer /, "");
    const download = /^\/files-pri\/[^/]+-(F[A-Z0-9]+)\//.exec(url.pathname);
    if (download) {
      const file = this.files.get(download[1] as string);
      if (token !== this.botToken || !file) return void res.writeHead(404).end("Not Found");
      return void res.writeHead(200, { "content-type": "application/octet-stream" }).end(file.content);
    }
    const upload = /^\/upload\/(F[A-Z0-9]+)$/.exec(url.pathname);
    if (upload) return this.receiveUpload(upload[1] as string, req, res);
    const call = /^\/api\/([A-Za-z.]+)$/.exec(url.pathname);
    if (!call) return answer(res, { ok: false, error: "unknown_method" }, 404);
    const method = call[1] as string;
    this.calls.set(method, (this.calls.get(method) ?? 0) + 1);
    const params = await readParams(req);
    const appCall = BOT_METHODS_ALLOWED_FOR_APP_TOKEN.has(method);
    if (!token) return answer(res, { ok: false, error: "not_authed" });
    if (appCall ? token !== this.appToken : token !== this.botToken)
      return answer(res, {
        ok: false,
        error: token.startsWith("xox") && appCall ? "not_allowed_token_type" : "invalid_auth",
      });
    const fault = this.faults.get(method)?.shift();
    if (fault) {
      if (fault.status === 429)
        return answer(res, { ok: false, error: "ratelimited" }, 429, {
          "retry-after": String(fault.retryAfter ?? 1),
        });
      return answer(res, { ok: false, error: fault.error ?? "internal_error" }, fault.status ?? 200);
    }
    return this.answerMethod(method, params, req, res);
  }

  private async answerMethod(method: string, params: Params, req: IncomingMessage, res: ServerResponse) {
    const channel = String(params.channel ?? params.channel_id ?? "");
    switch (method) {
      case "auth.test":
        return answer(res, {
          ok: true,
          url: "https://fake.slack.com/",
          team: "Fake Team",
          user: this.botName,
          team_id: this.teamId,
          user_id: this.botUserId,
          bot_id: this.botId,
          is_enterprise_install: false,
        });
      case "apps.connections.open":
        return answer(res, {
          ok: true,
          url: `${this.url.replace(/^http/, "ws")}/link/?ticket=${this.socketMode.issueTicket()}`,
        });
      case "chat.postMessage":
        return this.postMessage(params, channel, req, res);
      case "chat.update": {
        const text = String(params.text ?? "");
        if (!this.sent.some((m) => m.channel === channel && m.ts === params.ts))
          return answer(res, { ok: false, error: "message_not_found" });
        this.edits.push({ channel, ts: String(params.ts), text });
        return answer(res, { ok: true, channel, ts: String(params.ts), text });
      }
      case "reactions.add": {
        const reaction = { channel, timestamp: String(params.timestamp), name: String(params.name) };
        if (this.reactions.some((r) => JSON.stringify(r) === JSON.stringify(reaction)))
          return answer(res, { ok: false, error: "already_reacted" });
        this.reactions.push(reaction);
        return answer(res, { ok: true });
      }
      case "assistant.threads.setStatus":
        this.statuses.push({
          channelId: channel,
          threadTs: String(params.thread_ts),
          status: String(params.status),
        });
        return answer(res, { ok: true });
      case "files.getUploadURLExternal": {
        const id = `F${randomUUID().slice(0, 8).toUpperCase()}`;
        this.staged.set(id, { filename: String(params.filename) });
        return answer(res, { ok: true, upload_url: `${this.url}/upload/${id}`, file_id: id });
      }
      case "files.completeUploadExternal":
        return this.completeUpload(params, channel, res);
      default:
        return answer(res, { ok: false, error: "unknown_method" });
    }
  }

  private async postMessage(params: Params, channel: string, req: IncomingMessage, res: ServerResponse) {
    const text = String(params.text ?? "");
    if (!channel) return answer(res, { ok: false, error: "channel_not_found" });
    if (text.trim() === "") return answer(res, { ok: false, error: "no_text" });
    if (text.length > HARD_TEXT_LIMIT) return answer(res, { ok: false, error: "msg_too_long" });
    if (this.holding && this.sent.length >= this.holdAfter) {
      this.onHeld?.("chat.postMessage", params);
      await new Promise<void>((resolve) => this.held.push(resolve));
      if (req.socket.destroyed || res.destroyed) return; // the client died before Slack answered
    }
    const message: SentSlackMessage = {
      channel,
      text,
      ts: nextTs(),
      ...(params.thread_ts ? { threadTs: String(params.thread_ts) } : {}),
      ...(params.mrkdwn !== undefined ? { mrkdwn: String(params.mrkdwn) === "true" } : {}),
    };
    this.sent.push(message);
    answer(res, {
      ok: true,
      channel,
      ts: message.ts,
      message: { type: "message", user: this.botUserId, bot_id: this.botId, text, ts: message.ts },
    });
  }

  private async receiveUpload(id: string, req: IncomingMessage, res: ServerResponse) {
    const staged = this.staged.get(id);
    if (!staged) return void res.writeHead(404).end("Not Found");
    const params = await readParams(req);
    const content = params.body ?? params.file ?? params.filename;
    staged.content = Buffer.isBuffer(content) ? content : Buffer.from(String(content ?? ""));
    res.writeHead(200, { "content-type": "text/plain" }).end(`OK - ${staged.content.length}`);
  }

  private completeUpload(params: Params, channel: string, res: ServerResponse) {
    const files = JSON.parse(String(params.files ?? "[]")) as { id: string; title?: string }[];
    const done = [];
    for (const file of files) {
      const staged = this.staged.get(file.id);
      if (!staged?.content) return answer(res, { ok: false, error: "file_upload_not_found" });
      this.uploads.push({
        id: file.id,
        channel,
        filename: staged.filename,
        content: staged.content,
        ...(params.thread_ts ? { threadTs: String(params.thread_ts) } : {}),
        ...(params.initial_comment ? { comment: String(params.initial_comment) } : {}),
      });
      done.push({ id: file.id, title: file.title ?? staged.filename, name: staged.filename });
    }
    return answer(res, { ok: true, files: done });
  }
}
