/**
 * Runs every configured channel account in isolation: each starts on its own, and one that fails
 * (bad token, crash, platform outage) is stopped and started again with exponential backoff
 * while the others and the gateway carry on. It is also the outbox's way to reach a running
 * account (`send`, `typing`) and the source of `channels.status`.
 */

import type {
  AccountDelete,
  AccountEdit,
  AccountReact,
  AccountSend,
  ActionAnswer,
  Channel,
  ChannelAction,
  ChannelInbound,
  ChannelTarget,
} from "../contract/channel.js";
import { ChannelSendError, InboundNotStoredError, isInboundNotStored } from "../contract/errors.js";
import type { AccountStateStore } from "../state/account-state.js";
import { type AccountStatus, initialStatus } from "./account-status.js";

/** One configured account: how to build its channel, and what status shows about it. */
export interface ChannelAccountSpec {
  channel: string;
  accountId: string;
  enabled: boolean;
  /** False when credentials are missing: it is listed but not started. */
  configured: boolean;
  create(): Channel;
  /** Fields shown in status (name, mode, dmPolicy, baseUrl…). */
  describe?: Partial<AccountStatus>;
}

export interface ChannelManagerOptions {
  accounts: readonly ChannelAccountSpec[];
  state: AccountStateStore;
  /**
   * Every inbound message of every account. Errors are logged, never crash the account; an
   * `InboundNotStoredError` (state.db refused the accept) goes back to the channel, which then
   * does not acknowledge the update, and is logged once per burst of such failures.
   */
  onInbound(channel: Channel, message: ChannelInbound): Promise<void>;
  /** Every button press of every account; errors are logged and answered with no notice. */
  onAction?(channel: Channel, action: ChannelAction): Promise<ActionAnswer | undefined>;
  restart?: { minDelayMs?: number; maxDelayMs?: number };
  log?(level: "info" | "warn" | "error", message: string, fields?: Record<string, unknown>): void;
  /** Told when an account connects (the outbox retries what waited for it). */
  onConnected?(channel: string, accountId: string): void;
}

export interface ChannelManager {
  start(): Promise<void>;
  stop(): Promise<void>;
  send: AccountSend;
  typing(channel: string, accountId: string, target: ChannelTarget): Promise<void>;
  /** Edits a sent message; throws ChannelSendError when the account cannot edit or is not running. */
  edit: AccountEdit;
  /** Reacts to a message; throws ChannelSendError (rejected when the account cannot react, unavailable when not running). */
  react: AccountReact;
  /** Whether the running account can edit its messages (streamed replies need it). */
  canEdit(channel: string, accountId: string): boolean;
  /** Deletes a sent message; throws ChannelSendError when the account cannot delete or is not running. */
  delete: AccountDelete;
  textLimit(channel: string, accountId: string): number;
  /** The running account's soft cap on lines per message, if it has one. */
  lineLimit(channel: string, accountId: string): number | undefined;
  status(): { channel: string; accounts: AccountStatus[] }[];
  probe(channel?: string): Promise<void>;
  running(channel: string, accountId: string): Channel | undefined;
}

interface Slot {
  spec: ChannelAccountSpec;
  status: AccountStatus;
  instance?: Channel;
  abort?: AbortController;
  timer?: ReturnType<typeof setTimeout>;
  limit: number;
  /** Inbound messages refused as not stored since the last one that was (one log per burst). */
  notStored: number;
}

const key = (channel: string, accountId: string) => `${channel}\u0000${accountId}`;
const message = (error: unknown) => (error instanceof Error ? error.message : String(error));
const DEFAULT_TEXT_LIMIT = 4000;

/**
 * @example
 * const manager = createChannelManager({ accounts, state, onInbound: pipeline.handle });
 * await manager.start();
 */
export function createChannelManager(options: ChannelManagerOptions): ChannelManager {
  const minDelay = options.restart?.minDelayMs ?? 1_000;
  const maxDelay = options.restart?.maxDelayMs ?? 5 * 60_000;
  const log = options.log ?? (() => {});
  const slots = new Map<string, Slot>();
  let stopping = false;
  for (const spec of options.accounts)
    slots.set(key(spec.channel, spec.accountId), {
      spec,
      status: initialStatus(spec.accountId, {
        enabled: spec.enabled,
        configured: spec.configured,
        ...spec.describe,
      }),
      limit: DEFAULT_TEXT_LIMIT,
      notStored: 0,
    });

  const scheduleRestart = (slot: Slot, error: unknown) => {
    if (stopping || slot.timer) return;
    const attempt = ++slot.status.reconnectAttempts;
    const delay = Math.min(maxDelay, minDelay * 2 ** Math.min(20, attempt - 1));
    slot.status.lastError = message(error);
    log("warn", `channel ${slot.spec.channel}/${slot.spec.accountId} failed; restarting in ${delay} ms`, {
      error: slot.status.lastError,
      attempt,
    });
    void stopSlot(slot).then(() => {
      if (stopping) return;
      slot.timer = setTimeout(() => {
        slot.timer = undefined;
        void startSlot(slot);
      }, delay);
      slot.timer.unref?.();
    });
  };

  async function stopSlot(slot: Slot): Promise<void> {
    const instance = slot.instance;
    slot.instance = undefined;
    slot.abort?.abort();
    slot.status.running = false;
    slot.status.connected = false;
    slot.status.lastStopAt = Date.now();
    try {
      await instance?.stop();
    } catch (error) {
      log("warn", `channel ${slot.spec.channel}/${slot.spec.accountId} stop failed`, {
        error: message(error),
      });
    }
  }

  async function startSlot(slot: Slot): Promise<void> {
    const { spec, status } = slot;
    if (stopping || slot.instance) return;
    const abort = new AbortController();
    slot.abort = abort;
    status.lastStartAt = Date.now();
    let instance: Channel;
    try {
      instance = spec.create();
    } catch (error) {
      scheduleRestart(slot, error);
      return;
    }
    slot.instance = instance;
    slot.limit = instance.capabilities.maxTextLength;
    status.running = true;
    const live = () => slot.instance === instance && !abort.signal.aborted;
    try {
      await instance.start({
        signal: abort.signal,
        receive: async (inbound) => {
          // A stopping account's update is not taken: acknowledged now, it would be lost.
          if (!live())
            throw new InboundNotStoredError(
              spec.channel,
              spec.accountId,
              inbound.messageId,
              new Error("the account is stopping"),
            );
          status.lastInboundAt = Date.now();
          try {
            await options.onInbound(instance, inbound);
          } catch (error) {
            if (isInboundNotStored(error)) {
              if (slot.notStored++ === 0) {
                status.lastError = error.message;
                log("error", `channel ${spec.channel}/${spec.accountId}: inbound messages not stored`, {
                  error: message(error.cause ?? error),
                  action: "left unacknowledged; the platform delivers them again",
                });
              }
              throw error;
            }
            log("error", `channel ${spec.channel}/${spec.accountId}: inbound message failed`, {
              error: message(error),
            });
            return;
          }
          if (slot.notStored > 0) {
            log("info", `channel ${spec.channel}/${spec.accountId}: inbound messages accepted again`, {
              refusedMeanwhile: slot.notStored,
            });
            slot.notStored = 0;
            if (status.lastError?.includes("was not stored")) status.lastError = null;
          }
        },
        action: async (action) => {
          if (!live() || !options.onAction) return undefined;
          try {
            return await options.onAction(instance, action);
          } catch (error) {
            log("error", `channel ${spec.channel}/${spec.accountId}: button press failed`, {
              error: message(error),
            });
            return undefined;
          }
        },
        state: {
          get: (k) => options.state.get(spec.channel, spec.accountId, k),
          set: (k, v) => options.state.set(spec.channel, spec.accountId, k, v),
        },
        setConnected(connected, error) {
          if (!live()) return;
          const was = status.connected;
          status.connected = connected;
          if (connected) {
            status.lastConnectedAt = Date.now();
            status.reconnectAttempts = 0;
            status.lastError = null;
            if (!was) options.onConnected?.(spec.channel, spec.accountId);
          } else if (error) status.lastError = error;
        },
        crashed: (error) => {
          if (live()) scheduleRestart(slot, error);
        },
        log: (level, text, fields) => log(level, `${spec.channel}/${spec.accountId}: ${text}`, fields),
      });
    } catch (error) {
      if (live()) scheduleRestart(slot, error);
    }
  }

  const slotOf = (channel: string, accountId: string) => slots.get(key(channel, accountId));

  return {
    async start() {
      stopping = false;
      await Promise.all(
        [...slots.values()].filter((s) => s.spec.enabled && s.spec.configured).map((s) => startSlot(s)),
      );
    },
    async stop() {
      stopping = true;
      for (const slot of slots.values()) if (slot.timer) clearTimeout(slot.timer);
      await Promise.all([...slots.values()].map((s) => stopSlot(s)));
    },
    async send(channel, accountId, target, text, sendOptions) {
      const slot = slotOf(channel, accountId);
      if (!slot) throw new ChannelSendError("rejected", `channel ${channel}/${accountId} is not configured`);
      if (!slot.instance)
        throw new ChannelSendError("unavailable", `channel ${channel}/${accountId} is not running`);
      const sent = await slot.instance.send(target, text, ...(sendOptions ? [sendOptions] : []));
      slot.status.lastOutboundAt = Date.now();
      return sent;
    },
    async typing(channel, accountId, target) {
      await slotOf(channel, accountId)?.instance?.typing?.(target);
    },
    async edit(channel, accountId, target, messageId, text) {
      const instance = slotOf(channel, accountId)?.instance;
      if (!instance?.edit)
        throw new ChannelSendError("unavailable", `channel ${channel}/${accountId} cannot edit now`);
      await instance.edit(target, messageId, text);
    },
    async react(channel, accountId, target, messageId, emoji) {
      const slot = slotOf(channel, accountId);
      if (!slot) throw new ChannelSendError("rejected", `channel ${channel}/${accountId} is not configured`);
      if (!slot.instance)
        throw new ChannelSendError("unavailable", `channel ${channel}/${accountId} is not running`);
      if (!slot.instance.react || slot.instance.capabilities.reactions !== true)
        throw new ChannelSendError("rejected", `channel ${channel}/${accountId} does not support reactions`);
      await slot.instance.react(target, messageId, emoji);
      slot.status.lastOutboundAt = Date.now();
    },
    canEdit: (channel, accountId) => {
      const instance = slotOf(channel, accountId)?.instance;
      return Boolean(instance?.edit && instance.capabilities.edits !== false);
    },
    async delete(channel, accountId, target, messageId) {
      const instance = slotOf(channel, accountId)?.instance;
      if (!instance?.delete)
        throw new ChannelSendError(
          "unavailable",
          `channel ${channel}/${accountId} cannot delete messages now`,
        );
      await instance.delete(target, messageId);
    },
    textLimit: (channel, accountId) => slotOf(channel, accountId)?.limit ?? DEFAULT_TEXT_LIMIT,
    lineLimit: (channel, accountId) => slotOf(channel, accountId)?.instance?.capabilities.maxLinesPerMessage,
    status() {
      const byChannel = new Map<string, AccountStatus[]>();
      for (const slot of slots.values())
        byChannel.set(slot.spec.channel, [...(byChannel.get(slot.spec.channel) ?? []), { ...slot.status }]);
      return [...byChannel].map(([channel, accounts]) => ({ channel, accounts }));
    },
    async probe(channel) {
      await Promise.all(
        [...slots.values()]
          .filter((s) => !channel || s.spec.channel === channel)
          .map(async (slot) => {
            const instance = slot.instance ?? (slot.spec.configured ? safeCreate(slot.spec) : undefined);
            if (!instance) return;
            try {
              slot.status.probe = await instance.probe();
            } catch (error) {
              slot.status.probe = { ok: false, error: message(error) };
            }
            slot.status.lastProbeAt = Date.now();
          }),
      );
    },
    running: (channel, accountId) => slotOf(channel, accountId)?.instance,
  };
}

function safeCreate(spec: ChannelAccountSpec): Channel | undefined {
  try {
    return spec.create();
  } catch {
    return undefined;
  }
}
