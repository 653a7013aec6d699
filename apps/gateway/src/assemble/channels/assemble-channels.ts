/**
 * The chat channels of a gateway, from the config: the durable stores in state.db, the outbox,
 * the inbound pipeline in front of the agent runtime, and the manager that runs every account in
 * isolation. An inbound message is committed to the inbound journal (synced to disk) before
 * the platform's update is acknowledged, and its reply is queued in the same transaction that
 * marks it answered; `start()` resumes what a crash left pending before channels receive again.
 */
import { join } from "node:path";
import { type AgentRuntime, type CommandOptions, handleCommand, replyTextSnapshots } from "@claw/agent-core";
import {
  APPROVAL_PROMPT_SOURCE,
  type ApprovalChoice,
  type ChannelManager,
  type ChannelOutbox,
  type ChannelPipeline,
  chunkForChannel,
  createApprovalPrompts,
  createChannelManager,
  createChannelOutbox,
  createChannelPipeline,
  createSubagentThreads,
  type DeliverFn,
  type LastRoute,
  openAccountState,
  openInboundJournal,
  openLastRouteStore,
  openOutboxStore,
  openPairingStore,
  openThreadBindingStore,
  type PairingStore,
  type SubagentThreads,
  type SystemEventQueue,
} from "@claw/channels";
import { type ClawConfig, resolveAgentOwners, resolveExecApprovers } from "@claw/config";
import { normalizeAccountId, sessionKeyAgentId } from "@claw/ids";
import { openSqliteDatabase } from "@claw/sqlite";
import type { ExecApprovalBroker } from "@claw/tools";
import type { LogFile } from "../../runtime-adapter/log-file.js";
import { type ConfiguredAccount, configuredAccounts } from "./channel-accounts.js";

export interface AssembleChannelsOptions {
  config: ClawConfig;
  stateDbPath: string;
  stateDir: string;
  runtime: AgentRuntime;
  defaultAgentId: string;
  log: LogFile;
  env: Readonly<Record<string, string | undefined>>;
  commands?: CommandOptions;
  /** The gateway's one system-event queue (cron, wakes): drained into a session's next channel turn. */
  systemEvents?: SystemEventQueue;
  /** Exec approvals of channel sessions are asked in their chat, with buttons. */
  approvals?: ExecApprovalBroker;
  /** Told when an inbound message was handed to a session (its reply is now the normal path). */
  onDispatched?: (sessionKey: string) => void;
}

export interface AssembledChannels {
  accounts: readonly ConfiguredAccount[];
  manager: ChannelManager;
  outbox: ChannelOutbox;
  pipeline: ChannelPipeline<ReturnType<AgentRuntime["run"]>>;
  pairing: PairingStore;
  /** The `deliver(target, text)` cron, heartbeat and `send` use; refuses unconfigured accounts. */
  deliver: DeliverFn;
  /** Threads bound to subagents (`sessions_spawn` with `thread: true`) and their announces. */
  subagentThreads: SubagentThreads;
  /** The chat a session last talked on (announcements to "last"). */
  lastRoute(sessionKey: string): LastRoute | undefined;
  /** Whether `channel`/`accountId` (default account when omitted) is configured. */
  hasAccount(channel: string, accountId?: string): boolean;
  start(): Promise<void>;
  /** Runs aborted from now on (a shutdown) leave their inbound messages for the next start. */
  beginShutdown(): void;
  close(): Promise<void>;
}

const SEEN_RETENTION_MS = 7 * 24 * 60 * 60_000;
const OUTBOX_RETENTION_MS = 7 * 24 * 60 * 60_000;

export async function assembleChannels(options: AssembleChannelsOptions): Promise<AssembledChannels> {
  const { config, log } = options;
  const db = openSqliteDatabase(options.stateDbPath);
  db.pragma("journal_mode = WAL");
  db.pragma("busy_timeout = 5000");
  // WAL + NORMAL: a commit survives a crash; the inbound journal syncs its own commits to disk
  // (an acknowledged message survives a power cut too), the outbox's bookkeeping need not.
  db.pragma("synchronous = NORMAL");
  const state = openAccountState(db);
  const journal = openInboundJournal(db, state);
  const pairing = openPairingStore(db);
  const store = openOutboxStore(db);
  const lastRoutes = openLastRouteStore(db);
  // On the outbox's connection: a thread announce's receipt commits with the queued message.
  const threadBindings = openThreadBindingStore(db);
  const accounts = await configuredAccounts(config, {
    env: options.env,
    mediaDir: join(options.stateDir, "media", "inbound"),
    pairedSenders: (channel, accountId) => pairing.approved(channel, accountId).map((s) => s.senderId),
  });
  const byKey = new Map(accounts.map((a) => [`${a.spec.channel}\u0000${a.spec.accountId}`, a]));
  const write = (level: "info" | "warn" | "error", message: string, fields?: Record<string, unknown>) =>
    log.write(level, message, fields);

  let manager: ChannelManager | undefined;
  const outbox = createChannelOutbox({
    store,
    send: (channel, accountId, target, text, sendOptions) =>
      (manager as ChannelManager).send(channel, accountId, target, text, sendOptions),
    edit: (channel, accountId, target, messageId, text) =>
      (manager as ChannelManager).edit(channel, accountId, target, messageId, text),
    react: (channel, accountId, target, messageId, emoji) =>
      (manager as ChannelManager).react(channel, accountId, target, messageId, emoji),
    textLimit: (channel, accountId) => (manager as ChannelManager).textLimit(channel, accountId),
    lineLimit: (channel, accountId) => (manager as ChannelManager).lineLimit(channel, accountId),
    chunkMode: (channel, accountId) =>
      byKey.get(`${channel}\u0000${accountId}`)?.chunkMode ?? config.channels.defaults.chunkMode,
    onStoreError: (error) =>
      write("error", "channel outbox: state.db write failed", { error: String(error) }),
    onFailed: (chunk) =>
      write("error", `channel delivery failed for good: ${chunk.channel}/${chunk.accountId}`, { ...chunk }),
  });
  const access = (channel: string, accountId: string) =>
    byKey.get(`${channel}\u0000${accountId}`)?.access ?? {
      dmPolicy: "disabled" as const,
      groupPolicy: "disabled" as const,
    };
  const pipeline = createChannelPipeline({
    runtime: options.runtime,
    dispatcher: {
      queue: {
        mode: config.messages.queue.mode === "queue" ? "followup" : config.messages.queue.mode,
        debounceMs: config.messages.queue.debounceMs,
        cap: config.messages.queue.cap,
        drop: config.messages.queue.drop,
      },
      inboundDebounce: {
        debounceMs: config.messages.inbound.debounceMs,
        ...(config.messages.inbound.byChannel ? { byChannel: config.messages.inbound.byChannel } : {}),
      },
      ...(options.systemEvents ? { systemEvents: options.systemEvents } : {}),
      commands: (sessionKey, text, context) =>
        handleCommand(options.runtime, sessionKey, text, {
          ...options.commands,
          ...context,
          resetTriggers: config.session.resetTriggers,
        }),
    },
    routing: {
      defaultAgentId: options.defaultAgentId,
      ...(config.bindings ? { bindings: config.bindings } : {}),
      ...(config.session.dmScope ? { dmScope: config.session.dmScope } : {}),
      mainKey: config.session.mainKey,
      owners: (agentId) => resolveAgentOwners(config, agentId),
      ...(config.session.identityLinks ? { identityLinks: config.session.identityLinks } : {}),
    },
    access: (channel, accountId) => access(channel, accountId),
    replyToMode: (channel, accountId) => byKey.get(`${channel}\u0000${accountId}`)?.replyToMode ?? "off",
    pairing,
    state,
    lastRoutes,
    journal,
    // Slack's files are fetched after the message is journalled (store first, download after).
    fetchMedia: async (channel, accountId, media) => {
      const fetch = byKey.get(`${channel}\u0000${accountId}`)?.fetchMedia;
      return fetch
        ? fetch(media)
        : { kind: media.kind, skipped: `no ${channel}/${accountId} account to download it` };
    },
    threadBindings,
    deliver: outbox.deliver,
    typing: (channel, accountId, target) => (manager as ChannelManager).typing(channel, accountId, target),
    streaming: {
      mode: (channel, accountId) => byKey.get(`${channel}\u0000${accountId}`)?.streamMode ?? "off",
      blockChunk: (channel, accountId) => byKey.get(`${channel}\u0000${accountId}`)?.draftChunk,
      chunk: (channel, accountId) => {
        const mode =
          byKey.get(`${channel}\u0000${accountId}`)?.chunkMode ?? config.channels.defaults.chunkMode;
        const maxLines = (manager as ChannelManager).lineLimit(channel, accountId);
        return (text, limit) => chunkForChannel(text, limit, { mode, ...(maxLines ? { maxLines } : {}) });
      },
      replyText: (run) => replyTextSnapshots(run.events),
      send: (channel, accountId, target, text) =>
        (manager as ChannelManager).send(channel, accountId, target, text),
      edit: (channel, accountId, target, messageId, text) =>
        (manager as ChannelManager).edit(channel, accountId, target, messageId, text),
      canEdit: (channel, accountId) => (manager as ChannelManager).canEdit(channel, accountId),
      delete: (channel, accountId, target, messageId) =>
        (manager as ChannelManager).delete(channel, accountId, target, messageId),
      textLimit: (channel, accountId) => (manager as ChannelManager).textLimit(channel, accountId),
    },
    log: write,
  });
  const prompts = createApprovalPrompts({
    routeOf: (sessionKey) => pipeline.replyRouteOf(sessionKey),
    canShowButtons: (channel, accountId) =>
      (manager as ChannelManager).running(channel, accountId)?.capabilities.buttons === true,
    deliver: outbox.deliver,
    settled: (outboxId) => outbox.settled(outboxId),
    edit: (channel, accountId, target, messageId, text) =>
      (manager as ChannelManager).edit(channel, accountId, target, messageId, text),
    resolve: (id, choice: ApprovalChoice, resolvedBy) =>
      options.approvals?.resolve(id, choice, resolvedBy) !== undefined,
    deciders: (sessionKey, channel, accountId) => ({
      owners: resolveAgentOwners(config, sessionKeyAgentId(sessionKey) ?? options.defaultAgentId),
      approvers: resolveExecApprovers(config, channel, accountId),
    }),
    log: write,
  });
  const stopApprovals = options.approvals?.subscribe((event) => {
    const shown =
      event.type === "requested"
        ? event.approval.request.sessionKey
          ? prompts.requested({
              id: event.approval.id,
              command: event.approval.request.command,
              reason: event.approval.request.reason,
              sessionKey: event.approval.request.sessionKey,
              expiresAtMs: event.approval.expiresAtMs,
            })
          : undefined
        : prompts.resolved(event.id, event.decision, event.cause);
    void shown?.catch((error: unknown) => write("warn", "approval prompt failed", { error: String(error) }));
  });
  manager = createChannelManager({
    accounts: accounts.map((a) => a.spec),
    state,
    onAction: (channel, action) => prompts.action(channel, action),
    onInbound: async (channel, message) => {
      const outcome = await pipeline.handle(channel, message);
      if (outcome.status === "dispatched") options.onDispatched?.(outcome.sessionKey);
      if (outcome.status === "denied")
        write("info", `channel message not accepted: ${outcome.reason}`, { channel: channel.id });
    },
    log: write,
    onConnected: () => outbox.kick(),
  });
  const running = manager;

  // A target no configured account can send to is refused at once: queued, it would never leave.
  const hasAccount = (channel: string, accountId?: string) =>
    byKey.has(`${channel}\u0000${normalizeAccountId(accountId)}`);
  const deliver: DeliverFn = async (target, text, deliverOptions) => {
    const accountId = normalizeAccountId(target.accountId);
    if (!hasAccount(target.channel, accountId)) {
      throw new Error(
        `no ${target.channel} account "${accountId}" is configured (see \`claw channels list\`)`,
      );
    }
    return outbox.deliver(target, text, deliverOptions);
  };

  const subagentThreads = createSubagentThreads({
    bindings: threadBindings,
    channelOf: (channel, accountId) => running.running(channel, accountId),
    chatOf: (sessionKey) => lastRoutes.get(sessionKey),
    deliver,
  });

  return {
    accounts,
    subagentThreads,
    manager: running,
    outbox,
    pipeline,
    pairing,
    deliver,
    lastRoute: (sessionKey) => lastRoutes.get(sessionKey),
    hasAccount,
    async start() {
      state.pruneSeen(SEEN_RETENTION_MS);
      store.prune(OUTBOX_RETENTION_MS);
      // Approvals live in memory: a prompt the last process left unsent would ask about nothing.
      store.cancelPending(APPROVAL_PROMPT_SOURCE, "not sent: its approval did not survive the restart");
      journal.prune(SEEN_RETENTION_MS);
      outbox.start();
      await pipeline.resume();
      await running.start();
    },
    beginShutdown: () => pipeline.beginShutdown(),
    async close() {
      stopApprovals?.();
      await running.stop();
      await outbox.stop();
      db.close();
    },
  };
}
