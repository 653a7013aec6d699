/**
 * Streams a run's reply into a draft message while the run works, for accounts whose
 * `streamMode` is not `off` and whose channel can edit. The final text is not sent here: the
 * pipeline queues it in the outbox with the draft ids, and the outbox edits the drafts to it.
 * A reply that ends silent (NO_REPLY, HEARTBEAT_OK) has its drafts deleted where the channel can.
 */
import type { AccountDelete, AccountEdit, AccountSend, ChannelTarget } from "../contract/channel.js";
import type { InboundRun } from "../inbound/types.js";
import { createDraftStream, type StreamMode } from "../reply/draft-stream.js";

export interface ReplyStreaming<TRun extends InboundRun> {
  /** How the account shows a reply while it is written (`off` when omitted). */
  mode(channel: string, accountId: string): StreamMode;
  /** The reply's whole text so far, after each delta (agent-core's `replyTextSnapshots(run.events)`). */
  replyText(run: TRun): AsyncIterable<string>;
  send: AccountSend;
  edit: AccountEdit;
  /** Deletes drafts of a reply that turned out silent; without it they stay (and a warning is logged). */
  delete?: AccountDelete;
  /** Whether the running account can edit (drafts need it); assumed when omitted. */
  canEdit?(channel: string, accountId: string): boolean;
  textLimit(channel: string, accountId: string): number;
  /** Splits text as the outbox does for this account (so drafts line up with the final chunks). */
  chunk?(channel: string, accountId: string): ((text: string, limit: number) => string[]) | undefined;
  /** Block mode's sizes per account (`draftChunk`). */
  blockChunk?(channel: string, accountId: string): { minChars?: number; maxChars?: number } | undefined;
  /** Least time between draft updates (default 1000 ms). */
  intervalMs?: number;
}

export interface RunDraft {
  /** Stops the preview; returns the ids of the draft messages shown, in order. */
  finish(): Promise<string[]>;
  /** Removes the drafts `finish` returned (the final reply is silent); failures are logged, not thrown. */
  discard(messageIds: readonly string[]): Promise<void>;
}

/**
 * @example
 * const draft = startRunDraft(streaming, run, { channel: "telegram", accountId: "default", target }, log);
 * const editOf = draft ? await draft.finish() : [];
 */
export function startRunDraft<TRun extends InboundRun>(
  streaming: ReplyStreaming<TRun> | undefined,
  run: TRun,
  route: { channel: string; accountId: string; target: ChannelTarget },
  log: (level: "warn", message: string, fields?: Record<string, unknown>) => void,
): RunDraft | undefined {
  if (!streaming) return undefined;
  const { channel, accountId, target } = route;
  const mode = streaming.mode(channel, accountId);
  if (mode === "off" || streaming.canEdit?.(channel, accountId) === false) return undefined;
  const { replyToMessageId: _firstOnly, ...followUp } = target;
  const chunk = streaming.chunk?.(channel, accountId);
  const blockChunk = streaming.blockChunk?.(channel, accountId);
  const draft = createDraftStream({
    mode,
    limit: streaming.textLimit(channel, accountId),
    ...(streaming.intervalMs !== undefined ? { intervalMs: streaming.intervalMs } : {}),
    ...(chunk ? { chunk } : {}),
    ...(blockChunk ? { blockChunk } : {}),
    // Only the first draft replies to the user's message, as the outbox does for the first chunk.
    send: (text, first) => streaming.send(channel, accountId, first ? target : followUp, text),
    edit: (messageId, text) => streaming.edit(channel, accountId, followUp, messageId, text),
    log: (level, message, fields) => log(level, message, { runId: run.runId, ...fields }),
  });
  void (async () => {
    for await (const text of streaming.replyText(run)) draft.update(text);
  })().catch((error: unknown) => log("warn", "reply preview stopped", { error: String(error) }));
  const logged = (message: string, fields: Record<string, unknown>) =>
    log("warn", message, { runId: run.runId, channel, accountId, ...fields });
  return {
    finish: () => draft.finish(),
    async discard(messageIds) {
      const remove = streaming.delete;
      if (!remove) {
        logged("a silent reply's draft stays visible: the channel cannot delete messages", { messageIds });
        return;
      }
      for (const messageId of messageIds)
        await remove(channel, accountId, followUp, messageId).catch((error: unknown) =>
          logged("a silent reply's draft could not be deleted", { messageId, error: String(error) }),
        );
    },
  };
}
