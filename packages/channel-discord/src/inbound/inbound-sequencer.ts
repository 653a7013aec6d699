/**
 * Inbound order and memory per Discord channel: messages of one channel are handled one at a
 * time in arrival order (a backfill takes the channel's turn like a message does), each message
 * id is handled once, and the newest handled id per channel is persisted in the channel state so
 * a fresh session (after INVALID_SESSION or a restart) knows where to backfill from. An id is
 * recorded only after the layer accepted the message, so a crash mid-message re-reads it.
 *
 * A gateway dispatch cannot be un-acknowledged, so a message the layer could not store
 * (`InboundNotStoredError`) holds its channel: the cursor stays below it, later messages of that
 * channel are left for the read-back too (order kept), and `onNotStored` asks for a backfill from
 * the cursor, which runs in the channel's turn (`exclusive`) and takes the hold off.
 */
import { type ChannelContext, isInboundNotStored } from "@claw/channels";

/** The channel state key holding `{ [channelId]: lastHandledMessageId }`. */
export const LAST_SEEN_KEY = "lastMessageIds";

/** Orders Discord snowflakes (decimal strings of 64-bit ids). */
export const compareSnowflakes = (a: string, b: string): number => {
  const x = BigInt(a);
  const y = BigInt(b);
  return x < y ? -1 : x > y ? 1 : 0;
};

export interface InboundSequencerOptions<M> {
  state: ChannelContext["state"];
  log: ChannelContext["log"];
  /**
   * Handles one message (normalise, download, hand to the layer); it is recorded afterwards,
   * unless this resolves `false` (not handled now, e.g. the channel is stopping: read it again later).
   */
  handle(message: M): Promise<boolean | undefined>;
  /** How many recent message ids are remembered for dedupe (default 20,000). */
  rememberIds?: number;
  /** How many channels keep a last-seen id (default 2,000; the least recent are forgotten). */
  maxChannels?: number;
  /** A message of `channelId` could not be stored: read the channel back from `from` (exclusive) later. */
  onNotStored?(channelId: string, from: string): void;
}

export interface InboundSequencer<M extends { id: string; channel_id: string }> {
  /** Queues a message behind earlier work on its channel; resolves once it was handled (or skipped as a repeat). */
  push(message: M): Promise<void>;
  /**
   * Runs a read-back in the channel's turn (taking off a hold); `accept` handles a message inline
   * (deduped, recorded) and resolves false when the layer could not store it: stop reading then.
   */
  exclusive(
    channelId: string,
    work: (accept: (message: M) => Promise<boolean>) => Promise<void>,
  ): Promise<void>;
  /** The newest handled message id of a channel. */
  lastSeen(channelId: string): string | undefined;
  /** Where a held channel must be read back from (exclusive), if it is held. */
  heldFrom(channelId: string): string | undefined;
  /** A copy of every channel's last-seen id, as of now. */
  snapshot(): Map<string, string>;
  /** Resolves when every queued piece of work is done. */
  idle(): Promise<void>;
}

function loadLastSeen(state: ChannelContext["state"], log: ChannelContext["log"]): Map<string, string> {
  const raw = state.get(LAST_SEEN_KEY);
  if (!raw) return new Map();
  try {
    const parsed: unknown = JSON.parse(raw);
    if (typeof parsed !== "object" || parsed === null) throw new Error("not an object");
    return new Map(
      Object.entries(parsed).filter(
        (entry): entry is [string, string] => /^\d+$/.test(entry[0]) && /^\d+$/.test(String(entry[1])),
      ),
    );
  } catch (error) {
    log(
      "warn",
      `discord: ignoring unreadable ${LAST_SEEN_KEY} state (${String(error)}); no backfill this time`,
    );
    return new Map();
  }
}

/**
 * @example
 * const sequencer = createInboundSequencer({ state: ctx.state, log: ctx.log, handle: (m) => ctx.receive(toInbound(m)) });
 * client.ws.on("MESSAGE_CREATE", (m) => void sequencer.push(m));
 */
export function createInboundSequencer<M extends { id: string; channel_id: string }>(
  options: InboundSequencerOptions<M>,
): InboundSequencer<M> {
  const rememberIds = options.rememberIds ?? 20_000;
  const maxChannels = options.maxChannels ?? 2_000;
  const lastSeen = loadLastSeen(options.state, options.log);
  const recent = new Set<string>();
  const turns = new Map<string, Promise<void>>();

  const record = (message: M) => {
    recent.add(message.id);
    if (recent.size > rememberIds) recent.delete(recent.values().next().value as string);
    const previous = lastSeen.get(message.channel_id);
    if (previous !== undefined && compareSnowflakes(previous, message.id) >= 0) return;
    lastSeen.delete(message.channel_id);
    lastSeen.set(message.channel_id, message.id);
    if (lastSeen.size > maxChannels) {
      const stalest = [...lastSeen].sort((a, b) => compareSnowflakes(a[1], b[1]))[0];
      if (stalest) lastSeen.delete(stalest[0]);
    }
    options.state.set(LAST_SEEN_KEY, JSON.stringify(Object.fromEntries(lastSeen)));
  };

  /** Channels holding at a message the layer could not store: where to read them back from. */
  const held = new Map<string, string>();

  const hold = (message: M) => {
    const channelId = message.channel_id;
    // Just below the refused id when the channel has no cursor yet (`after` is exclusive).
    const from = lastSeen.get(channelId) ?? String(BigInt(message.id) - 1n);
    held.set(channelId, from);
    options.onNotStored?.(channelId, from);
  };

  const accept = async (message: M): Promise<boolean> => {
    if (recent.has(message.id)) return true;
    try {
      if ((await options.handle(message)) === false) return true;
    } catch (error) {
      if (isInboundNotStored(error)) {
        hold(message);
        return false;
      }
      options.log("error", "discord: an inbound message could not be handed to the layer", {
        channelId: message.channel_id,
        messageId: message.id,
        error: error instanceof Error ? error.message : String(error),
      });
      return true;
    }
    record(message);
    return true;
  };

  const inTurn = (channelId: string, work: () => Promise<void>): Promise<void> => {
    const previous = turns.get(channelId) ?? Promise.resolve();
    const next = previous.then(work, work);
    const tail = next.catch(() => {});
    turns.set(channelId, tail);
    void tail.then(() => {
      if (turns.get(channelId) === tail) turns.delete(channelId);
    });
    return next;
  };

  return {
    push: (message) =>
      inTurn(message.channel_id, async () => {
        // Behind a refused message: left for the read-back that brings that one again.
        if (!held.has(message.channel_id)) await accept(message);
      }),
    exclusive: (channelId, work) =>
      inTurn(channelId, () => {
        held.delete(channelId);
        return work(accept);
      }),
    lastSeen: (channelId) => lastSeen.get(channelId),
    heldFrom: (channelId) => held.get(channelId),
    snapshot: () => new Map(lastSeen),
    async idle() {
      while (turns.size > 0) await Promise.all([...turns.values()]);
    },
  };
}
