/**
 * The contract a package implements to add a chat platform. A channel normalises what arrives
 * into `ChannelInbound`, hands it to `ctx.receive`, and sends what the outbox gives it. It knows
 * nothing of routing, access, sessions or retries: the channel layer does those once for all.
 *
 * @example
 * const echo: Channel = {
 *   id: "toy", accountId: "default",
 *   capabilities: { chatTypes: ["direct"], maxTextLength: 100, markdown: "plain" },
 *   async start(ctx) { ctx.receive({ peer: { kind: "direct", id: "u1" }, sender: { id: "u1" }, text: "hi", messageId: "1" }); },
 *   async stop() {},
 *   async send(target, text) { console.log(target.peer.id, text); return { messageId: "m1" }; },
 *   async probe() { return { ok: true }; },
 * };
 */
import type { PeerKind } from "@claw/ids";

/** What a platform supports; the layer chunks, threads and edits accordingly. */
export interface ChannelCapabilities {
  chatTypes: readonly PeerKind[];
  /** Longest text one message may carry (Telegram 4096, Discord 2000). */
  maxTextLength: number;
  /** Soft cap on lines per message: taller chunks are cut (Discord's `maxLinesPerMessage`). */
  maxLinesPerMessage?: number;
  /** How outbound text is written: the channel converts from markdown to its dialect. */
  markdown: "plain" | "markdown" | "markdownv2" | "html";
  threads?: boolean;
  reactions?: boolean;
  edits?: boolean;
  media?: boolean;
  typing?: boolean;
  /** Buttons under a message (Telegram's inline keyboard), pressed back as `ChannelAction`s. */
  buttons?: boolean;
}

export interface ChannelPeer {
  kind: PeerKind;
  id: string;
}

/** A file attached to an inbound message, already downloaded (or refused) by the channel. */
export interface MediaRef {
  kind: "photo" | "document" | "voice" | "audio" | "video" | "sticker";
  /** Local path when downloaded. */
  path?: string;
  mimeType?: string;
  sizeBytes?: number;
  /** Why it was not downloaded (too large, download failed). */
  skipped?: string;
  /**
   * A download deferred until the message is stored: what the channel's media fetcher needs to
   * find the file (ids, URL, name). The layer journals the reference first, so a crash cannot
   * lose the message, then fetches it before the message reaches the agent.
   */
  remote?: Readonly<Record<string, string | number>>;
}

/**
 * Downloads a deferred file (`MediaRef.remote`) of a stored message; must not throw — a failure
 * comes back as `skipped` with the reason, which the agent is shown instead of the file.
 */
export type MediaFetcher = (media: MediaRef) => Promise<MediaRef>;

/** One message from a platform, in the one shape every channel produces. */
export interface ChannelInbound {
  peer: ChannelPeer;
  /** The chat a thread lives in, for bindings by parent (Discord thread → channel). */
  parentPeer?: ChannelPeer;
  /** Guild (Discord) or team (Slack) id. */
  guildId?: string;
  teamId?: string;
  /** Thread or forum topic. */
  thread?: { kind: "topic" | "thread"; id: string };
  sender: { id: string; name?: string; username?: string };
  text: string;
  /** The bot was @-mentioned (or replied to) in a group. */
  mentioned?: boolean;
  replyToMessageId?: string;
  media?: readonly MediaRef[];
  /** Platform message id: dedupe and reply threading use it. */
  messageId: string;
  /** When the platform says it was sent (ms). */
  sentAt?: number;
}

/** Where a reply goes. */
export interface ChannelTarget {
  peer: ChannelPeer;
  thread?: { kind: "topic" | "thread"; id: string };
  /** Reply to this platform message (per `replyToMode`). */
  replyToMessageId?: string;
}

export interface SendResult {
  messageId: string;
}

/** One button under an outbound message; `data` (at most 64 bytes) comes back when it is pressed. */
export interface ChannelButton {
  text: string;
  data: string;
}

/** Extras of one outbound message; a channel without a capability ignores what it cannot show. */
export interface SendOptions {
  /** Rows of buttons (needs `capabilities.buttons`). */
  buttons?: readonly (readonly ChannelButton[])[];
  /**
   * The same for every retry of one outbox chunk (at most 25 characters): a platform that dedupes
   * by key (Discord's `nonce` with `enforce_nonce`) creates the message once even when a retry
   * follows a send whose answer was lost.
   */
  idempotencyKey?: string;
}

/** Sends through a running account, named by channel and account (the manager's `send`). */
export type AccountSend = (
  channel: string,
  accountId: string,
  target: ChannelTarget,
  text: string,
  options?: SendOptions,
) => Promise<SendResult>;

/** Edits a message a running account sent (the manager's `edit`). */
export type AccountEdit = (
  channel: string,
  accountId: string,
  target: ChannelTarget,
  messageId: string,
  text: string,
) => Promise<void>;

/** Deletes a message a running account sent (the manager's `delete`). */
export type AccountDelete = (
  channel: string,
  accountId: string,
  target: ChannelTarget,
  messageId: string,
) => Promise<void>;

/** Sets a reaction on a message through a running account (the manager's `react`). */
export type AccountReact = (
  channel: string,
  accountId: string,
  target: ChannelTarget,
  messageId: string,
  emoji: string,
) => Promise<void>;

/** A person pressed a button under one of the bot's messages. */
export interface ChannelAction {
  peer: ChannelPeer;
  thread?: { kind: "topic" | "thread"; id: string };
  sender: { id: string; name?: string; username?: string };
  /** The pressed button's `data`. */
  data: string;
  /** The platform id of the message that carries the buttons. */
  messageId: string;
  /** That message's text, when the platform tells it (to edit a stale prompt without losing it). */
  messageText?: string;
}

/** What the layer answers to a press: a short notice the platform shows the presser. */
export interface ActionAnswer {
  text?: string;
}

export interface ProbeResult {
  ok: boolean;
  /** e.g. the bot's username. */
  detail?: string;
  error?: string;
}

/** What the layer gives a started channel. */
export interface ChannelContext {
  /**
   * Hands one inbound message to the layer. Resolves once it is accepted (stored, deduped, routed)
   * or refused for good (access denied, a duplicate): acknowledge the platform's update then. Rejects
   * with `InboundNotStoredError` when it could not be stored: do not acknowledge it, so the
   * platform (or a backfill) delivers it again, and keep later messages of the chat behind it.
   */
  receive(message: ChannelInbound): Promise<void>;
  /** Hands a button press to the layer; resolves with what to show the presser. */
  action?(action: ChannelAction): Promise<ActionAnswer | undefined>;
  /** A small durable key/value store for this account (e.g. the Telegram update offset). */
  state: { get(key: string): string | undefined; set(key: string, value: string): void };
  /** The channel reports its connection so status and health can show it (transient problems). */
  setConnected(connected: boolean, error?: string): void;
  /** The channel cannot go on (bad token, its loop died): the layer restarts it with backoff. */
  crashed(error: unknown): void;
  log(level: "info" | "warn" | "error", message: string, fields?: Record<string, unknown>): void;
  /** Aborted when the layer stops the channel. */
  signal: AbortSignal;
}

export interface Channel {
  /** Channel id: `telegram`, `discord`, … */
  readonly id: string;
  readonly accountId: string;
  readonly capabilities: ChannelCapabilities;
  /**
   * Connects and starts receiving, then resolves (a poll loop keeps running in the background).
   * A rejection, or `ctx.crashed(error)` later, makes the layer stop it and start it again
   * with backoff; other channels and accounts are not affected.
   */
  start(ctx: ChannelContext): Promise<void>;
  stop(): Promise<void>;
  /** Sends one chunk (already within `maxTextLength`). Throws `ChannelSendError` to ask for a retry. */
  send(target: ChannelTarget, text: string, options?: SendOptions): Promise<SendResult>;
  edit?(target: ChannelTarget, messageId: string, text: string): Promise<void>;
  /** Deletes a message the bot sent (a streamed draft whose reply turned out silent). */
  delete?(target: ChannelTarget, messageId: string): Promise<void>;
  react?(target: ChannelTarget, messageId: string, emoji: string): Promise<void>;
  typing?(target: ChannelTarget): Promise<void>;
  /**
   * Opens a thread in a chat (needs `capabilities.threads`); subagents spawned with
   * `thread: true` are bound to one. Throws an error naming why it cannot (e.g. a DM).
   */
  createThread?(parent: ChannelPeer, name: string): Promise<{ threadId: string }>;
  probe(): Promise<ProbeResult>;
}
