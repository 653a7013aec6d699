/**
 * A fake Slack on 127.0.0.1 for tests and benchmarks: the Web API methods the channel calls
 * (`POST /api/<method>`, form, JSON or multipart bodies, `{ok:true,…}` / `{ok:false,error}`
 * answers, 429 with `Retry-After`), file downloads and uploads, and Socket Mode behind
 * `apps.connections.open`. Give the channel `slackApiUrl: fake.apiUrl`. A message counts as sent
 * only once its answer is written (what Slack acknowledged).
 */
import { createServer, type IncomingMessage, type Server, type ServerResponse } from "node:http";
import type { SlackFile } from "../inbound/normalize.js";
import { FakeFiles, type FakeUpload } from "./fake-files.js";
import { FakeSocketMode, type FakeSocketModeOptions } from "./fake-socket-mode.js";
import { eventCallback, type MessageOptions, messageEvent, nextTs } from "./slack-events.js";
import { answer, type Params, readParams } from "./web-api-wire.js";

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

/** Slack truncates past 40,000 characters; the fake refuses instead, so a test notices. */
const HARD_TEXT_LIMIT = 40_000;
const BOT_METHODS_ALLOWED_FOR_APP_TOKEN = new Set(["apps.connections.open"]);

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
  /** Messages the bot deleted (chat.delete), in order. */
  readonly deleted: { channel: string; ts: string }[] = [];
  readonly reactions: { channel: string; timestamp: string; name: string }[] = [];
  readonly statuses: { channelId: string; threadTs: string; status: string }[] = [];
  /** Files: `files.holding = true` makes downloads wait until `files.releaseDownloads()`. */
  readonly files = new FakeFiles(() => this.url);
  /** Every file uploaded by the bot, in order. */
  readonly uploads: FakeUpload[] = this.files.uploads;
  /** Every Web API call, by method name. */
  readonly calls = new Map<string, number>();
  /** The base URL to give the channel as `slackApiUrl` (ends in `/api/`). */
  apiUrl = "";
  /** The server's origin (`http://127.0.0.1:PORT`). */
  url = "";
  /** Called when a send is held (the test can kill the client now). */
  onHeld?: (method: string, params: Params) => void;
  private readonly faults = new Map<string, SlackFault[]>();
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
    this.files.releaseDownloads();
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
    return this.files.add(name, content, mimetype, this.teamId);
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
    if (this.files.serveDownload(url.pathname, token === this.botToken, res)) return;
    if (await this.files.receiveUpload(url.pathname, req, res)) return;
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
      case "chat.delete": {
        const ts = String(params.ts);
        const live = (m: SentSlackMessage) => m.channel === channel && m.ts === ts;
        if (!this.sent.some(live) || this.deleted.some((d) => d.channel === channel && d.ts === ts))
          return answer(res, { ok: false, error: "message_not_found" });
        this.deleted.push({ channel, ts });
        return answer(res, { ok: true, channel, ts });
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
      case "files.getUploadURLExternal":
        return this.files.stage(params, res);
      case "files.completeUploadExternal":
        return this.files.complete(params, channel, res);
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
}
