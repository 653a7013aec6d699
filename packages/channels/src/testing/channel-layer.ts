/**
 * The channel layer wired the way the gateway assembles it, for channel packages' tests and
 * benchmarks: a faux-model agent runtime, a temporary state.db (WAL), the pipeline, the durable
 * outbox and a channel manager running the accounts the caller creates. Each channel package adds
 * only its platform: its channel factory pointed at its fake server, and its account ids.
 */
import { mkdtempSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { type AgentRuntime, type RunHandle, replyTextSnapshots } from "@claw/agent-core";
import type { FauxProvider, FauxStep } from "@claw/providers";
import { openSqliteDatabase, type SqliteDatabase } from "@claw/sqlite";
import type { AccessSettings } from "../access/access-policy.js";
import { openPairingStore, type PairingStore } from "../access/pairing-store.js";
import type { ActionAnswer, Channel, ChannelAction } from "../contract/channel.js";
import { type InboundJournal, openInboundJournal } from "../inbound/inbound-journal.js";
import { type ChannelManager, createChannelManager } from "../manager/channel-manager.js";
import { type ChannelOutbox, createChannelOutbox } from "../outbox/channel-outbox.js";
import { openOutboxStore } from "../outbox/outbox-store.js";
import { type ChannelPipeline, createChannelPipeline } from "../pipeline/channel-pipeline.js";
import type { FetchInboundMedia } from "../pipeline/deferred-media.js";
import { type AccountStateStore, openAccountState } from "../state/account-state.js";
import { waitUntil } from "./contract.js";
import { createFauxRuntime } from "./faux-runtime.js";
import { type TestStreamSettings, testStreaming } from "./test-streaming.js";

/** One account of the layer: its id and how to create its channel (pointed at a fake server). */
export interface LayerAccount<TChannel extends Channel> {
  accountId: string;
  create: () => TChannel;
}

export interface ChannelLayerOptions<TChannel extends Channel> {
  /** The platform id the accounts run under ("telegram", "discord", …). */
  channel: string;
  accounts: LayerAccount<TChannel>[];
  /** Downloads files the channel deferred until the message was journalled (`MediaRef.remote`). */
  fetchMedia?: FetchInboundMedia;
  /** Access settings over the default `dmPolicy: "pairing"`, `groupPolicy: "open"`. */
  access?: Partial<AccessSettings>;
  /** What the model answers (default: `seen: <last user text>`). */
  reply?: FauxStep;
  /** The state folder (default: a new temporary folder named after `channel`). */
  stateDir?: string;
  replyToMode?: "off" | "first" | "all";
  /** Durable inbound: the gateway's inbound journal in state.db, and `resume()` at start. */
  journal?: boolean;
  /** Wraps the inbound journal (with `journal`), e.g. for a benchmark to time `accept`. */
  wrapJournal?: (journal: InboundJournal) => InboundJournal;
  /** Show typing while a run works, as the gateway does (default true). */
  typing?: boolean;
  /** Button presses (inline keyboards, components). */
  onAction?: (action: ChannelAction) => Promise<ActionAnswer | undefined>;
  /** Streamed replies (drafts edited while the model writes), with a short interval for tests. */
  stream?: TestStreamSettings;
  /** Receives the manager's log lines, as `level message`. */
  logs?: string[];
  /** Told each time the runtime starts a run (a benchmark's stopwatch). */
  onRunStart?: () => void;
  /** Keep the model's calls in `faux.calls` (default true; a long benchmark turns it off). */
  recordCalls?: boolean;
  /** When it returns true, an inbound message stops at the layer's door (a benchmark's baseline). */
  bypassLayer?: () => boolean;
  /** Outbox retry timing (default 20 → 200 ms, for fast tests). */
  retry?: { minDelayMs: number; maxDelayMs: number };
}

/** A started layer: its parts, for tests to drive and inspect. */
export interface ChannelLayer<TChannel extends Channel> {
  stateDir: string;
  /** state.db (WAL, synchronous NORMAL, as the gateway opens it). */
  db: SqliteDatabase;
  runtime: AgentRuntime;
  faux: FauxProvider;
  pairing: PairingStore;
  pipeline: ChannelPipeline<RunHandle>;
  manager: ChannelManager;
  outbox: ChannelOutbox;
  state: AccountStateStore;
  /** The channels the manager created, in order (again after a restart). */
  channels: TChannel[];
  /** Stops the manager and the outbox, closes state.db and (unless `false`) removes the state folder. */
  stop(removeState?: boolean): Promise<void>;
}

/**
 * Starts the layer; `stop()` stops it and (unless told otherwise) removes its state folder.
 *
 * @example
 * const layer = await startChannelLayer({
 *   channel: "toy",
 *   accounts: [{ accountId: "default", create: () => createToyChannel(platform) }],
 *   reply: "hello",
 * });
 * await layer.stop();
 */
export async function startChannelLayer<TChannel extends Channel>(
  options: ChannelLayerOptions<TChannel>,
): Promise<ChannelLayer<TChannel>> {
  const stateDir = options.stateDir ?? mkdtempSync(join(tmpdir(), `claw-${options.channel}-`));
  const db = openSqliteDatabase(join(stateDir, "state.db"));
  db.pragma("journal_mode = WAL");
  db.pragma("synchronous = NORMAL");
  const { runtime, faux } = createFauxRuntime({
    ...(options.reply !== undefined ? { reply: options.reply } : {}),
    ...(options.onRunStart ? { onRunStart: options.onRunStart } : {}),
    ...(options.recordCalls === false ? { recordCalls: false } : {}),
  });
  const state = openAccountState(db);
  const wrapJournal = options.wrapJournal ?? ((journal: InboundJournal) => journal);
  const pairing = openPairingStore(db);
  let manager: ReturnType<typeof createChannelManager> | undefined;
  const running = () => manager as NonNullable<typeof manager>;
  const outbox = createChannelOutbox({
    store: openOutboxStore(db),
    send: (...args) => running().send(...args),
    edit: (...args) => running().edit(...args),
    textLimit: (...args) => running().textLimit(...args),
    lineLimit: (...args) => running().lineLimit(...args),
    retry: options.retry ?? { minDelayMs: 20, maxDelayMs: 200 },
  });
  const pipeline = createChannelPipeline<RunHandle>({
    runtime,
    routing: { defaultAgentId: "main", dmScope: "per-channel-peer" },
    access: () => ({ dmPolicy: "pairing", groupPolicy: "open", ...options.access }),
    replyToMode: () => options.replyToMode ?? "off",
    pairing,
    state,
    ...(options.journal ? { journal: wrapJournal(openInboundJournal(db, state)) } : {}),
    ...(options.fetchMedia ? { fetchMedia: options.fetchMedia } : {}),
    deliver: outbox.deliver,
    ...(options.typing === false ? {} : { typing: (...args) => running().typing(...args) }),
    ...(options.stream
      ? {
          streaming: testStreaming<RunHandle>(running, options.stream, (run) =>
            replyTextSnapshots(run.events),
          ),
        }
      : {}),
  });
  const channels: TChannel[] = [];
  const onAction = options.onAction;
  manager = createChannelManager({
    accounts: options.accounts.map((account) => ({
      channel: options.channel,
      accountId: account.accountId,
      enabled: true,
      configured: true,
      create: () => {
        const channel = account.create();
        channels.push(channel);
        return channel;
      },
    })),
    state,
    onInbound: async (channel, message) => {
      if (options.bypassLayer?.()) options.onRunStart?.();
      else await pipeline.handle(channel, message);
    },
    ...(onAction ? { onAction: (_channel: Channel, action: ChannelAction) => onAction(action) } : {}),
    restart: { minDelayMs: 20, maxDelayMs: 100 },
    ...(options.logs
      ? { log: (level: string, text: string) => void options.logs?.push(`${level} ${text}`) }
      : {}),
    onConnected: () => outbox.kick(),
  });
  outbox.start();
  if (options.journal) await pipeline.resume();
  await manager.start();
  return {
    stateDir,
    db,
    runtime,
    faux,
    pairing,
    pipeline,
    manager,
    outbox,
    state,
    channels,
    async stop(removeState = true) {
      await manager?.stop();
      await outbox.stop();
      db.close();
      if (removeState) rmSync(stateDir, { recursive: true, force: true });
    },
  };
}

/** Polls `check` until it returns true (or fails after `ms`, naming `what`). */
export const until = (check: () => boolean, ms = 5_000, what = "condition"): Promise<void> =>
  waitUntil(check, { ms, what });
