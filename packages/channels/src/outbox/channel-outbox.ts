/**
 * The outbox worker: `deliver` strips silent tokens, chunks within the channel's limit and
 * writes the reply to state.db before anything is sent; one loop per lane (chat/thread) then
 * sends the chunks in order, retrying 429/5xx/network failures with backoff that honours the
 * platform's Retry-After, and marks each chunk delivered as soon as the platform acknowledges it.
 * `start()` resumes whatever a previous process left pending.
 */
import { normalizeAccountId, stripSilentTokens } from "@claw/ids";
import type {
  AccountEdit,
  AccountReact,
  AccountSend,
  ChannelPeer,
  ChannelTarget,
  SendOptions,
  SendResult,
} from "../contract/channel.js";
import { asSendError, ChannelSendError } from "../contract/errors.js";
import { DEFAULT_RETRY, type RetryPolicy, retryDelayMs } from "./backoff.js";
import { type ChunkMode, chunkForChannel } from "./chunk-for-channel.js";
import { createDeliveryMarks } from "./delivery-marks.js";
import { laneOf, type OutboxChunk, type OutboxMessageState, type OutboxStore } from "./outbox-store.js";

/** Pending chunks a lane reads at once. */
const LANE_BATCH = 32;

/** Where `deliver` sends: a peer id string means a direct chat with that id. */
export interface DeliveryTarget {
  channel: string;
  accountId?: string;
  to: string | ChannelPeer;
  thread?: ChannelTarget["thread"];
  replyToMessageId?: string;
}

export type DeliveryReceipt = { status: "queued"; outboxId: number; chunks: number } | { status: "silent" };

/** The `deliver(target, text)` other packages (cron, heartbeat, `claw message send`) are given. */
export type DeliverFn = (
  target: DeliveryTarget,
  text: string,
  options?: DeliverOptions,
) => Promise<DeliveryReceipt>;

export interface DeliverOptions {
  /** Names who queued it (`run:<id>`, `cron:<job>`), kept with the message. */
  source?: string;
  /**
   * Runs inside the transaction that writes the reply (or at once for a silent reply), so other
   * bookkeeping in state.db, e.g. marking the inbound message answered, commits with it or not at all.
   */
  within?: () => void;
  /**
   * Platform ids of the draft messages a streamed reply showed: the first chunks edit them to
   * their final text instead of sending new messages (needs the outbox's `edit`).
   */
  editOf?: readonly string[];
  /** Buttons under the reply's last message (channels with `capabilities.buttons`). */
  buttons?: SendOptions["buttons"];
  /**
   * A reaction instead of a message: `text` is one emoji set on this platform message, kept and
   * retried like a send (needs the outbox's `react`).
   */
  reactTo?: string;
}

export interface ChannelOutboxOptions {
  store: OutboxStore;
  /** Sends one chunk through the running channel account; throws ChannelSendError to retry. */
  send: AccountSend;
  /** Edits a sent message (the final text of a streamed draft); without it, drafts get new messages. */
  edit?: AccountEdit;
  /** Sets a reaction (a `reactTo` delivery); without it, reactions fail with a clear error. */
  react?: AccountReact;
  /** The channel's text limit (Telegram 4096). */
  textLimit(channel: string, accountId: string): number;
  /** The channel's soft cap on lines per message (Discord), if any. */
  lineLimit?(channel: string, accountId: string): number | undefined;
  /** The account's `chunkMode` (default `length`). */
  chunkMode?(channel: string, accountId: string): ChunkMode;
  retry?: Partial<RetryPolicy>;
  /** Told about every chunk that is given up on (nothing fails silently). */
  onFailed?: (chunk: {
    outboxId: number;
    idx: number;
    channel: string;
    accountId: string;
    error: string;
  }) => void;
  onDelivered?: (chunk: { outboxId: number; idx: number; channel: string; accountId: string }) => void;
  /** Told when state.db refuses a write (the lane stops; its chunks stay pending). */
  onStoreError?: (error: unknown) => void;
  now?: () => number;
}

export interface ChannelOutbox {
  deliver: DeliverFn;
  /** Resumes pending chunks (call once at startup). */
  start(): void;
  /** Stops sending; pending chunks stay in state.db for the next start. Resolves when loops stop. */
  stop(): Promise<void>;
  /** Resolves when every chunk of the message is delivered or failed. */
  settled(outboxId: number): Promise<OutboxMessageState>;
  /** Kicks every lane (e.g. after a channel account came back). */
  kick(): void;
  pending(): number;
}

function targetOf(target: DeliveryTarget): ChannelTarget {
  const peer: ChannelPeer = typeof target.to === "string" ? { kind: "direct", id: target.to } : target.to;
  return {
    peer,
    ...(target.thread ? { thread: target.thread } : {}),
    ...(target.replyToMessageId ? { replyToMessageId: target.replyToMessageId } : {}),
  };
}

/**
 * @example
 * const outbox = createChannelOutbox({ store: openOutboxStore(db), send: manager.send, textLimit: manager.textLimit });
 * outbox.start();
 * await outbox.deliver({ channel: "telegram", to: "123456" }, "Good morning!");
 */
export function createChannelOutbox(options: ChannelOutboxOptions): ChannelOutbox {
  const { store } = options;
  const policy: RetryPolicy = { ...DEFAULT_RETRY, ...options.retry };
  const now = options.now ?? Date.now;
  const running = new Map<string, Promise<void>>();
  const timers = new Map<string, ReturnType<typeof setTimeout>>();
  const waiters = new Map<number, (() => void)[]>();
  let started = false;

  const notify = (outboxId: number) => {
    if (!waiters.has(outboxId)) return;
    const state = store.state(outboxId);
    if (!state || state.chunks.some((c) => c.status === "pending")) return;
    for (const wake of waiters.get(outboxId) ?? []) wake();
    waiters.delete(outboxId);
  };

  const schedule = (lane: string, at: number) => {
    if (timers.has(lane)) return;
    const timer = setTimeout(
      () => {
        timers.delete(lane);
        runLane(lane);
      },
      Math.max(0, at - now()),
    );
    timer.unref?.();
    timers.set(lane, timer);
  };

  const marks = createDeliveryMarks(
    (batch) => store.deliveredMany(batch, now()),
    (batch) => {
      for (const mark of batch) {
        const chunk = inFlight.get(`${mark.outboxId}:${mark.idx}`);
        inFlight.delete(`${mark.outboxId}:${mark.idx}`);
        if (chunk) options.onDelivered?.(chunk);
        notify(mark.outboxId);
      }
    },
  );
  /** Acknowledged chunks whose mark is not committed yet (for `onDelivered`). */
  const inFlight = new Map<string, { outboxId: number; idx: number; channel: string; accountId: string }>();

  /**
   * Sends one chunk; its delivered mark is queued and returned boxed (an async function returning
   * a bare promise would wait for it), a failure recorded at once (undefined).
   */
  const sendChunk = async (chunk: OutboxChunk): Promise<{ committed: Promise<void> } | undefined> => {
    const info = {
      outboxId: chunk.outboxId,
      idx: chunk.idx,
      channel: chunk.channel,
      accountId: chunk.accountId,
    };
    let sent: SendResult;
    try {
      // Only the first chunk replies to the user's message; the rest follow it.
      const { replyToMessageId, ...rest } = chunk.target;
      const target = chunk.idx === 0 && replyToMessageId ? chunk.target : rest;
      if (chunk.reactTo !== undefined) {
        if (!options.react) throw new ChannelSendError("rejected", "this outbox cannot set reactions");
        await options.react(chunk.channel, chunk.accountId, target, chunk.reactTo, chunk.text);
        sent = { messageId: chunk.reactTo };
      } else if (chunk.editOf !== undefined && options.edit) {
        await options.edit(chunk.channel, chunk.accountId, target, chunk.editOf, chunk.text);
        sent = { messageId: chunk.editOf };
      } else
        sent = await options.send(chunk.channel, chunk.accountId, target, chunk.text, {
          ...(chunk.buttons ? { buttons: chunk.buttons } : {}),
          idempotencyKey: outboxIdempotencyKey(chunk.outboxId, chunk.idx),
        });
    } catch (thrown) {
      const error = asSendError(thrown);
      const attempts = chunk.attempts + 1;
      if (!error.retryable || attempts >= policy.attempts) {
        store.failed(chunk.outboxId, chunk.idx, error.message);
        options.onFailed?.({ ...info, error: error.message });
      } else {
        store.retryLater(
          chunk.outboxId,
          chunk.idx,
          error.message,
          now() + retryDelayMs(attempts, policy, error.options.retryAfterMs),
        );
      }
      notify(chunk.outboxId);
      return undefined;
    }
    inFlight.set(`${chunk.outboxId}:${chunk.idx}`, info);
    const committed = marks.add({
      outboxId: chunk.outboxId,
      idx: chunk.idx,
      platformMessageId: sent.messageId,
    });
    committed.catch(() => {}); // awaited by the lane; a failed commit stops it there
    return { committed };
  };

  /**
   * Sends a run of the lane's pending chunks read at once; false when the lane is done for now.
   * A chunk's mark commits before the next chunk of the same reply is sent, so a crash resends
   * at most the chunk whose acknowledgement it interrupted; only marks of different replies and
   * chats share a commit. All its marks commit before the lane reads again, so no chunk is read
   * (and sent) twice.
   */
  const sendBatch = async (lane: string): Promise<boolean> => {
    const chunks = store.pendingOfLane(lane, LANE_BATCH);
    if (chunks.length === 0) return false;
    const uncommitted: Promise<void>[] = [];
    let previous: { outboxId: number; committed: Promise<void> } | undefined;
    try {
      for (const chunk of chunks) {
        if (!started) return false;
        if (chunk.nextAttemptAt > now()) {
          schedule(lane, chunk.nextAttemptAt);
          return false;
        }
        if (previous?.outboxId === chunk.outboxId) await previous.committed;
        const sent = await sendChunk(chunk);
        if (!sent) return true; // failed or waits for a retry: read the lane again
        previous = { outboxId: chunk.outboxId, committed: sent.committed };
        uncommitted.push(sent.committed);
      }
      return true;
    } finally {
      await Promise.all(uncommitted);
    }
  };

  function runLane(lane: string): void {
    if (!started || running.has(lane) || timers.has(lane)) return;
    const loop = (async () => {
      try {
        while (started && (await sendBatch(lane))) {}
      } catch (error) {
        // state.db refused a write: the lane stops; its chunks stay pending for the next kick.
        options.onStoreError?.(error);
      } finally {
        running.delete(lane);
      }
    })();
    running.set(lane, loop);
  }

  const kick = () => {
    for (const lane of store.pendingLanes()) runLane(lane);
  };

  return {
    async deliver(target, text, deliverOptions = {}) {
      const visible = deliverOptions.reactTo === undefined ? stripSilentTokens(text) : text.trim();
      if (visible === "") {
        deliverOptions.within?.();
        return { status: "silent" };
      }
      const accountId = normalizeAccountId(target.accountId);
      const channelTarget = targetOf(target);
      const maxLines = options.lineLimit?.(target.channel, accountId);
      const mode = options.chunkMode?.(target.channel, accountId);
      const chunks =
        deliverOptions.reactTo !== undefined
          ? [visible]
          : chunkForChannel(visible, options.textLimit(target.channel, accountId), {
              ...(maxLines ? { maxLines } : {}),
              ...(mode ? { mode } : {}),
            });
      const outboxId = store.add(
        {
          channel: target.channel,
          accountId,
          target: channelTarget,
          chunks,
          ...(deliverOptions.source ? { source: deliverOptions.source } : {}),
          ...(deliverOptions.editOf?.length ? { editOf: deliverOptions.editOf } : {}),
          ...(deliverOptions.buttons?.length ? { buttons: deliverOptions.buttons } : {}),
          ...(deliverOptions.reactTo !== undefined ? { reactTo: deliverOptions.reactTo } : {}),
        },
        now(),
        deliverOptions.within,
      );
      runLane(laneOf(target.channel, accountId, channelTarget));
      return { status: "queued", outboxId, chunks: chunks.length };
    },
    start() {
      started = true;
      kick();
    },
    async stop() {
      started = false;
      for (const timer of timers.values()) clearTimeout(timer);
      timers.clear();
      await Promise.all(running.values());
    },
    settled(outboxId) {
      return new Promise((resolve) => {
        const check = () => {
          const state = store.state(outboxId);
          if (!state?.chunks.some((c) => c.status === "pending")) resolve(state ?? { outboxId, chunks: [] });
          else waiters.set(outboxId, [...(waiters.get(outboxId) ?? []), check]);
        };
        check();
      });
    },
    kick,
    pending: () => store.pendingCount(),
  };
}

/** The key every attempt of one chunk sends with (`claw:<outbox id>:<chunk>`, ≤ 25 characters). */
export function outboxIdempotencyKey(outboxId: number, chunkIndex: number): string {
  return `claw:${outboxId}:${chunkIndex}`;
}
