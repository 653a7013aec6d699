/**
 * A Discord bot account as a Claw `Channel`, on discord.js: the gateway with the intents for
 * guild messages, DMs and message content; REST for everything the bot does. `restApi` (discord.js
 * `rest.api`) points both at a proxy or a local server: the gateway URL comes from
 * `GET /gateway/bot` there. A resumed session gets its missed events replayed by the gateway; a
 * fresh one (INVALID_SESSION, a restart) backfills from REST since the last message id seen per
 * channel, so nothing is lost and, with ids deduped, nothing is handled twice. A message the
 * layer could not store holds its channel, which is read back from REST with backoff.
 */
import {
  type Channel,
  type ChannelContext,
  type ChannelPeer,
  ChannelSendError,
  type ChannelTarget,
  type MediaRef,
} from "@claw/channels";
import {
  type APIUser,
  Client,
  Events,
  GatewayDispatchEvents,
  GatewayIntentBits,
  type GatewayMessageCreateDispatchData,
  Partials,
  type RateLimitData,
  REST,
  Routes,
} from "discord.js";
import { toSendError } from "./errors.js";
import { StoppableShardingStrategy } from "./gateway/stoppable-shards.js";
import { backfillChannel, backfillChannels, backfillPlan } from "./inbound/backfill.js";
import { createChannelPlaces } from "./inbound/channel-places.js";
import { createDmChannels, type DmChannels } from "./inbound/dm-channels.js";
import { downloadAttachment } from "./inbound/download-attachment.js";
import { type Envelope, envelopeOf } from "./inbound/envelope.js";
import { createInboundSequencer, type InboundSequencer } from "./inbound/inbound-sequencer.js";
import {
  attachmentsOf,
  type BotIdentity,
  type InboundMessage,
  isIgnored,
  normalizeMessage,
} from "./inbound/normalize.js";
import { createReadBackRetry, type ReadBackRetry } from "./inbound/read-back-retry.js";
import { createDiscordOutbound, type OutboundFile } from "./outbound/discord-outbound.js";

export const DISCORD_TEXT_LIMIT = 2000;
/** Lines per message before a reply is cut (a soft cap that keeps tall replies readable). */
export const DEFAULT_MAX_LINES_PER_MESSAGE = 17;
export const DEFAULT_REST_API = "https://discord.com/api";

/** The gateway intents the channel asks for: guilds (channel cache), guild messages, DMs, message content. */
export const DISCORD_INTENTS = [
  GatewayIntentBits.Guilds,
  GatewayIntentBits.GuildMessages,
  GatewayIntentBits.DirectMessages,
  GatewayIntentBits.MessageContent,
] as const;

export interface DiscordChannelOptions {
  token: string;
  accountId?: string;
  /** REST base URL (discord.js `rest.api`, default https://discord.com/api); the gateway URL comes from `GET /gateway/bot` there. */
  restApi?: string;
  /** Soft cap on lines per message (default 17); the outbox cuts taller chunks. */
  maxLinesPerMessage?: number;
  /** Where inbound attachments are saved; omit to not download them. */
  mediaDir?: string;
  /** Largest attachment downloaded (default 25 MB). */
  mediaMaxBytes?: number;
  /** REST request timeout (default 15 s). */
  restTimeoutMs?: number;
  /** How long discord.js waits for the guilds of a READY before it calls the shard ready (default 15 s). */
  waitGuildTimeoutMs?: number;
  /**
   * People whose DMs a fresh session reads back even if they never wrote before an outage
   * (allowlisted and paired user ids): their DM channels are opened and backfilled.
   */
  knownDmUsers?: () => readonly string[];
  /** Read-back of a channel whose message the layer could not store: first and longest delay (default 500 ms → 30 s). */
  readBackRetry?: { minMs?: number; maxMs?: number };
}

/** The Discord channel: the `Channel` contract plus uploads and threads. */
export interface DiscordChannel extends Channel {
  /** Uploads a file (attachments out), with an optional caption. */
  sendFile(target: ChannelTarget, file: OutboundFile, caption?: string): Promise<{ messageId: string }>;
  /** Opens a public thread under a guild text channel (subagent thread binding announces into it); a DM has none. */
  createThread(parent: ChannelPeer, name: string): Promise<{ threadId: string }>;
}

/** Longest one step of `stop()` may take (the gateway's whole stop has 2 s). */
const STOP_STEP_MS = 800;

/** Resolves when `work` settles or after `ms`, whichever comes first. */
async function settledWithin(work: Promise<unknown> | undefined, ms: number): Promise<void> {
  if (!work) return;
  let timer: ReturnType<typeof setTimeout> | undefined;
  await Promise.race([
    work.catch(() => {}),
    new Promise<void>((resolve) => {
      timer = setTimeout(resolve, ms);
    }),
  ]);
  clearTimeout(timer);
}

const UNRECOVERABLE = new Map([
  [4004, "authentication failed (check the bot token)"],
  [4013, "invalid intents"],
  [4014, "disallowed intents (enable the Message Content intent for the bot in the developer portal)"],
]);

/**
 * @example
 * const discord = createDiscordChannel({ token: process.env.DISCORD_BOT_TOKEN ?? "", restApi: "http://127.0.0.1:8090/api" });
 * const manager = createChannelManager({ accounts: [{ channel: "discord", accountId: "default", enabled: true, configured: true, create: () => discord }], … });
 */
export function createDiscordChannel(options: DiscordChannelOptions): DiscordChannel {
  const restOptions = {
    api: (options.restApi ?? DEFAULT_REST_API).replace(/\/+$/, ""),
    retries: 0,
    // Discord's own retry_after, exactly: the outbox adds its own jitter.
    offset: 0,
    timeout: options.restTimeoutMs ?? 15_000,
    // Sends go through the outbox, which owns retries: a rate limit is thrown, not waited out.
    rejectOnRateLimit: (limit: RateLimitData) => limit.method.toLowerCase() !== "get",
  };
  // One REST client (one rate-limit state) for the gateway lookup, backfill and every send; it
  // works before the gateway is up, so probes and queued sends do not wait for a session.
  const rest = new REST(restOptions).setToken(options.token);
  let dms: DmChannels | undefined;
  const outbound = createDiscordOutbound(rest, () => dms);
  let client: Client | undefined;
  let sequencer: InboundSequencer<Envelope> | undefined;
  let readBackRetry: ReadBackRetry | undefined;
  let stopped = false;

  const mediaOf = async (message: InboundMessage, signal: AbortSignal): Promise<MediaRef[]> => {
    const candidates = attachmentsOf(message);
    if (!options.mediaDir)
      return candidates.map((c) => ({ kind: c.kind, skipped: "attachment downloads are off (no mediaDir)" }));
    const dir = options.mediaDir;
    const maxBytes = options.mediaMaxBytes ?? 25 * 1024 * 1024;
    return Promise.all(candidates.map((c) => downloadAttachment(c, { dir, maxBytes, signal })));
  };

  const start = async (ctx: ChannelContext) => {
    stopped = false;
    const me = (await rest.get(Routes.user())) as APIUser;
    const bot: BotIdentity = { id: me.id, username: me.username };
    const discord = new Client({
      intents: [...DISCORD_INTENTS],
      partials: [Partials.Channel],
      waitGuildTimeout: options.waitGuildTimeoutMs ?? 15_000,
      rest: restOptions,
      // discord.js's own strategy can go on reconnecting after destroy() (see stoppable-shards.ts).
      ws: { buildStrategy: (manager) => new StoppableShardingStrategy(manager) },
    });
    discord.rest = rest;
    client = discord;
    const places = createChannelPlaces(discord, rest);
    const knownDms = createDmChannels({ state: ctx.state, log: ctx.log });
    dms = knownDms;
    const readBack = createReadBackRetry({
      readBack: (channelId, from) =>
        backfillChannel(channelId, from, { rest, sequencer: inbound, log: ctx.log, signal: ctx.signal }),
      heldFrom: (channelId) => inbound.heldFrom(channelId),
      ...options.readBackRetry,
      onError: (channelId, error) =>
        ctx.log("error", `discord: reading channel ${channelId} back failed: ${String(error)}`),
    });
    readBackRetry = readBack;
    const inbound: InboundSequencer<Envelope> = createInboundSequencer<Envelope>({
      state: ctx.state,
      log: ctx.log,
      // Discord will not send it again: the channel is read back from REST once the store may be back.
      onNotStored: (channelId, from) => {
        if (!stopped) readBack.schedule(channelId, from);
      },
      // A message cut short by stop() is put back (false): the next session reads it again.
      handle: async ({ message, fromGateway }) => {
        if (stopped) return false;
        if (isIgnored(message, bot)) return true;
        const place = await places.of(message.channel_id, {
          fromGateway,
          ...(message.guild_id ? { guildId: message.guild_id } : {}),
        });
        if (place.kind === "dm") knownDms.remember(message.author.id, message.channel_id);
        const media = message.attachments?.length ? await mediaOf(message, ctx.signal) : [];
        if (stopped) return false;
        await ctx.receive({ ...normalizeMessage(message, place, bot), ...(media.length ? { media } : {}) });
        return true;
      },
    });
    sequencer = inbound;

    discord.ws.on(GatewayDispatchEvents.MessageCreate, (data: GatewayMessageCreateDispatchData) => {
      if (!stopped) void inbound.push(envelopeOf(data, true));
    });
    // Where a fresh session must read back from: the last ids seen when the old session ended
    // (or, on start, when the last run stopped). Taken before the new session's messages arrive.
    let endedAt = inbound.snapshot();
    let planned = new Set<string>();
    const backfill = (channels: readonly string[]) => {
      const plan = backfillPlan(
        endedAt,
        channels.filter((id) => !planned.has(id)),
      );
      for (const step of plan) planned.add(step.id);
      if (plan.length === 0) return;
      backfillChannels(plan, { rest, sequencer: inbound, log: ctx.log, signal: ctx.signal }).then(
        (count) =>
          count > 0 && ctx.log("info", `discord: read back ${count} messages the gateway did not replay`),
        (error: unknown) => ctx.log("error", `discord: backfill failed: ${String(error)}`),
      );
    };
    discord.ws.on(GatewayDispatchEvents.Ready, (ready: unknown) => {
      if (stopped) return;
      planned = new Set();
      knownDms.rememberFromReady(ready);
      backfill([...endedAt.keys(), ...knownDms.channelIds()]);
    });
    discord.on(Events.ShardReady, () => {
      if (stopped) return;
      ctx.log("info", "discord: gateway session ready (identified)");
      ctx.setConnected(true);
      backfill(places.guildTextChannels());
      // People the app knows whose DM channel was never seen: open it, then read it back.
      const people = options.knownDmUsers?.() ?? [];
      if (people.length > 0)
        void knownDms.openFor(people, rest, ctx.signal).then((ids) => !stopped && backfill(ids));
    });
    discord.on(Events.ShardResume, (_shard, replayed) => {
      if (stopped) return;
      ctx.log("info", `discord: gateway session resumed (${replayed} events replayed)`);
      ctx.setConnected(true);
    });
    discord.on(Events.ShardReconnecting, () => {
      if (stopped) return;
      endedAt = inbound.snapshot();
      ctx.setConnected(false, "gateway reconnecting");
    });
    discord.on(Events.ShardError, (error) => ctx.log("warn", `discord: gateway error: ${error.message}`));
    discord.on(Events.ShardDisconnect, (event) => {
      if (stopped) return;
      const reason = UNRECOVERABLE.get(event.code) ?? `closed with code ${event.code}`;
      ctx.crashed(new Error(`discord gateway: ${reason}`));
    });
    await discord.login(options.token);
    ctx.setConnected(true);
  };

  return {
    id: "discord",
    accountId: options.accountId ?? "default",
    capabilities: {
      chatTypes: ["direct", "channel"],
      maxTextLength: DISCORD_TEXT_LIMIT,
      maxLinesPerMessage: options.maxLinesPerMessage ?? DEFAULT_MAX_LINES_PER_MESSAGE,
      markdown: "markdown",
      threads: true,
      reactions: true,
      edits: true,
      media: true,
      typing: true,
    },
    start,
    async stop() {
      stopped = true;
      readBackRetry?.stop();
      // Bounded: a half-open socket may never answer the close frame, a download may hang.
      await settledWithin(client?.destroy(), STOP_STEP_MS);
      client = undefined;
      rest.setToken(options.token); // destroy() clears it; sends and probes keep working
      await settledWithin(sequencer?.idle(), STOP_STEP_MS);
    },
    send: (target, text, options) => outbound.send(target, text, options?.idempotencyKey),
    edit: (target, messageId, text) => outbound.edit(target, messageId, text),
    delete: (target, messageId) => outbound.delete(target, messageId),
    react: (target, messageId, emoji) => outbound.react(target, messageId, emoji),
    typing: (target) => outbound.typing(target),
    sendFile: (target, file, caption) => outbound.sendFile(target, file, caption),
    async createThread(parent, name) {
      if (parent.kind === "direct")
        throw new ChannelSendError(
          "rejected",
          "Discord has no threads in direct messages: ask in a server text channel instead",
        );
      return outbound.createThread(parent.id, name);
    },
    async probe() {
      try {
        const me = (await rest.get(Routes.user())) as APIUser;
        return { ok: true, detail: `@${me.username}` };
      } catch (error) {
        return { ok: false, error: toSendError(error).message };
      }
    },
  };
}
