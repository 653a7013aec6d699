/**
 * A fake Discord on 127.0.0.1 for tests and benchmarks: the REST API under `/api/v10` (what the
 * channel calls, with Discord's JSON shapes and error bodies, 429s with `retry_after`, the
 * `Retry-After` and `X-RateLimit-*` headers, per-route buckets, the global limit), the gateway
 * WebSocket at the URL `GET /gateway/bot` returns, and a CDN for attachments. A message counts
 * as sent only once its response is written (what Discord acknowledged).
 */
import { createServer, type IncomingMessage, type Server, type ServerResponse } from "node:http";
import type { APIAttachment, APIMessage, APIUser } from "discord.js";
import { FakeGateway } from "./fake-gateway.js";
import { answerRest, type RestFault } from "./fake-rest.js";
import { CHANNEL_TYPE, type FakeChannel, FakeWorld, userOf } from "./fake-world.js";

export interface SentMessage {
  channelId: string;
  content: string;
  messageId: string;
  replyTo?: string;
  files?: { name: string; size: number }[];
}

/** REST operations faults can be injected into. */
export type RestOperation =
  | "send"
  | "edit"
  | "delete"
  | "react"
  | "typing"
  | "history"
  | "gateway"
  | "me"
  | "dm"
  | "thread";

export interface FakeDiscordOptions {
  token?: string;
  botName?: string;
  /** HELLO's heartbeat interval (default 41,250 ms as Discord's). */
  heartbeatIntervalMs?: number;
  /** Messages one channel accepts per window before a 429 (default: no bucket). */
  sendBucket?: { limit: number; windowMs: number };
  /**
   * READY lists the bot's DM channels in `private_channels` (default: an empty list, which is
   * what Discord sends bots today).
   */
  privateChannelsInReady?: boolean;
}

export class FakeDiscord {
  readonly token: string;
  readonly bot: APIUser;
  readonly world: FakeWorld;
  readonly gateway: FakeGateway;
  /** Messages the bot sent that Discord acknowledged, in order. */
  readonly sent: SentMessage[] = [];
  readonly edits: { channelId: string; messageId: string; content: string }[] = [];
  /** Messages the bot deleted, in order. */
  readonly deleted: { channelId: string; messageId: string }[] = [];
  readonly reactions: { channelId: string; messageId: string; emoji: string }[] = [];
  readonly typing: string[] = [];
  /** Calls by operation. */
  readonly calls = new Map<RestOperation, number>();
  readonly files = new Map<string, Buffer>();
  readonly faults = new Map<RestOperation, RestFault[]>();
  /** Messages created with `enforce_nonce`, by `<channel id>:<nonce>` (Discord answers a repeat with the first). */
  readonly nonces = new Map<string, APIMessage>();
  readonly buckets = new Map<string, { remaining: number; resetAt: number }>();
  /** Until when (ms) every request gets a global 429. */
  globalLimitedUntil = 0;
  holding = false;
  holdAfter = 0;
  readonly held: (() => void)[] = [];
  /** Called when a send is held (the test can kill the client now). */
  onHeld?: (channelId: string) => void;
  /** While true the gateway is unreachable: every WebSocket upgrade is cut off (REST still answers). */
  gatewayDown = false;
  /** Upgrades refused while `gatewayDown` (the client's reconnect attempts). */
  gatewayRefusals = 0;
  /** The base URL to give the channel as `restApi` (ends in `/api`). */
  restApi = "";
  /** The server's origin. */
  url = "";
  private server: Server | undefined;

  constructor(readonly options: FakeDiscordOptions = {}) {
    this.token = options.token ?? "fake-bot-token.test";
    this.bot = userOf("100000000000000001", options.botName ?? "claw_test_bot", true);
    this.world = new FakeWorld(this.bot);
    this.gateway = new FakeGateway(
      {
        token: this.token,
        ready: () => ({
          v: 10,
          user: this.bot,
          guilds: [...this.world.guilds.keys()].map((id) => ({ id, unavailable: true })),
          private_channels: options.privateChannelsInReady
            ? [...this.world.channels.values()]
                .filter((c) => c.type === CHANNEL_TYPE.dm)
                .map((c) => this.world.channelJson(c))
            : [],
          application: { id: this.bot.id, flags: 0 },
        }),
        guilds: () => [...this.world.guilds.values()].map((g) => this.world.guildCreate(g)),
        url: () => this.url.replace(/^http/, "ws") + "/gateway",
      },
      options.heartbeatIntervalMs ?? 41_250,
    );
  }

  async start(): Promise<this> {
    this.server = createServer((req, res) => {
      void this.route(req, res).catch((error: unknown) => {
        if (!res.headersSent)
          json(res, 500, { message: `500: Internal Server Error (${String(error)})`, code: 0 });
      });
    });
    this.server.on("upgrade", (req, socket, head) => {
      if (this.gatewayDown) {
        this.gatewayRefusals++;
        socket.destroy();
      } else if (new URL(req.url ?? "/", "http://x").pathname === "/gateway")
        this.gateway.upgrade(req, socket, head);
      else socket.destroy();
    });
    await new Promise<void>((resolve) => this.server?.listen(0, "127.0.0.1", resolve));
    const address = this.server.address();
    this.url = `http://127.0.0.1:${typeof address === "object" && address ? address.port : 0}`;
    this.restApi = `${this.url}/api`;
    return this;
  }

  async close(): Promise<void> {
    this.releaseHeld();
    this.gateway.close();
    this.server?.closeAllConnections();
    await new Promise<void>((resolve) => (this.server ? this.server.close(() => resolve()) : resolve()));
  }

  /** Adds a guild with text channels; returns their ids (announced with GUILD_CREATE to live sessions). */
  addGuild(name: string, channelNames: readonly string[]): { guildId: string; channelIds: string[] } {
    const guildId = this.world.nextId();
    this.world.guilds.set(guildId, { id: guildId, name });
    const channelIds = channelNames.map((channelName) => {
      const channel: FakeChannel = {
        id: this.world.nextId(),
        type: CHANNEL_TYPE.text,
        name: channelName,
        guild_id: guildId,
      };
      this.world.channels.set(channel.id, channel);
      return channel.id;
    });
    this.gateway.dispatch("GUILD_CREATE", this.world.guildCreate({ id: guildId, name }));
    return { guildId, channelIds };
  }

  /** Opens a public thread under a text channel (THREAD_CREATE to live sessions). */
  addThread(parentId: string, name: string): string {
    const parent = this.world.channels.get(parentId);
    if (!parent?.guild_id) throw new Error(`fake discord: ${parentId} is not a guild text channel`);
    const thread: FakeChannel = {
      id: this.world.nextId(),
      type: CHANNEL_TYPE.publicThread,
      name,
      guild_id: parent.guild_id,
      parent_id: parentId,
    };
    this.world.channels.set(thread.id, thread);
    this.gateway.dispatch("THREAD_CREATE", { ...this.world.channelJson(thread), newly_created: true });
    return thread.id;
  }

  /** A person writes to the bot in a DM. */
  dm(userId: string, content: string, extra: { attachments?: APIAttachment[] } = {}): APIMessage {
    const channel = this.world.dmChannelOf(userId);
    return this.publish(channel, this.world.user(userId), content, extra);
  }

  /** A person writes in a guild channel or thread; `mention` puts `<@bot>` in front. */
  post(
    channelId: string,
    userId: string,
    content: string,
    extra: { mention?: boolean; replyTo?: string; attachments?: APIAttachment[] } = {},
  ): APIMessage {
    const channel = this.world.channels.get(channelId);
    if (!channel) throw new Error(`fake discord: unknown channel ${channelId}`);
    const text = extra.mention ? `<@${this.bot.id}> ${content}` : content;
    return this.publish(channel, this.world.user(userId), text, {
      ...(extra.mention ? { mentions: [this.bot] } : {}),
      ...(extra.replyTo ? { replyTo: extra.replyTo } : {}),
      ...(extra.attachments ? { attachments: extra.attachments } : {}),
    });
  }

  /** Serves a file on the fake CDN; returns the attachment object to put on a message. */
  addAttachment(filename: string, content: Buffer, contentType = "application/octet-stream"): APIAttachment {
    const id = this.world.nextId();
    const path = `/attachments/${id}/${filename}`;
    this.files.set(path, content);
    return {
      id,
      filename,
      size: content.length,
      url: `${this.url}${path}`,
      proxy_url: `${this.url}${path}`,
      content_type: contentType,
    };
  }

  /** The next `times` calls of `operation` fail with `fault` (429 carries `retryAfter` seconds). */
  failNext(operation: RestOperation, fault: RestFault, times = 1): void {
    const queue = this.faults.get(operation) ?? [];
    for (let i = 0; i < times; i++) queue.push(fault);
    this.faults.set(operation, queue);
  }

  /** Every request gets a global 429 for `seconds`. */
  limitGlobally(seconds: number): void {
    this.globalLimitedUntil = Date.now() + seconds * 1000;
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

  /** Texts the bot sent to a channel, in order. */
  textsIn(channelId: string): string[] {
    return this.sent.filter((m) => m.channelId === channelId).map((m) => m.content);
  }

  /** A message as the bot would post it (history + MESSAGE_CREATE), for the REST handler. */
  publish(
    channel: FakeChannel,
    author: APIUser,
    content: string,
    extra: Parameters<FakeWorld["addMessage"]>[3] = {},
  ): APIMessage {
    const message = this.world.addMessage(channel, author, content, extra);
    this.gateway.dispatch("MESSAGE_CREATE", {
      ...message,
      ...(channel.guild_id
        ? { member: { roles: [], joined_at: new Date().toISOString(), deaf: false, mute: false, flags: 0 } }
        : {}),
    });
    return message;
  }

  private async route(req: IncomingMessage, res: ServerResponse): Promise<void> {
    const url = new URL(req.url ?? "/", "http://x");
    const file = this.files.get(url.pathname);
    if (url.pathname.startsWith("/attachments/")) {
      if (!file) return json(res, 404, { message: "404: Not Found", code: 0 });
      res.writeHead(200, { "content-type": "application/octet-stream" }).end(file);
      return;
    }
    await answerRest(this, req, res, url);
  }
}

export function json(
  res: ServerResponse,
  status: number,
  body: unknown,
  headers: Record<string, string> = {},
): void {
  if (status === 204) {
    res.writeHead(204, headers).end();
    return;
  }
  res.writeHead(status, { "content-type": "application/json", ...headers }).end(JSON.stringify(body));
}
