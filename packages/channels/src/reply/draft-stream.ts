/**
 * A streamed reply shown as it is written: one draft message edited as the text grows, throttled
 * to one update per interval (Telegram allows about one edit a second per chat), continued in a
 * new message when it outgrows the channel's limit. Drafts are a preview only: the final text is
 * queued in the durable outbox, which edits these drafts to it, so a crash mid-stream loses no
 * final reply. `partial` shows the latest text; `block` shows it in blocks cut at paragraph,
 * line or sentence ends (at least `minChars` new, or everything once `maxChars` waits).
 */
import { visibleWhileStreaming } from "@claw/ids";
import type { SendResult } from "../contract/channel.js";
import { asSendError } from "../contract/errors.js";
import { chunkForChannel } from "../outbox/chunk-for-channel.js";

/** How a channel shows a reply while it is written (`channels.telegram.streamMode`). */
export type StreamMode = "off" | "partial" | "block";

export interface DraftStreamOptions {
  mode: "partial" | "block";
  /** The channel's text limit: a longer draft continues in a new message. */
  limit: number;
  /** Least time between two draft updates (default 1000 ms). */
  intervalMs?: number;
  /** Block mode's sizes (default 200–800, as `channels.telegram.draftChunk`). */
  blockChunk?: { minChars?: number; maxChars?: number };
  /** Splits the draft the way the outbox splits the final text (default `chunkForChannel`). */
  chunk?: (text: string, limit: number) => string[];
  send(text: string, first: boolean): Promise<SendResult>;
  edit(messageId: string, text: string): Promise<void>;
  log?(level: "warn", message: string, fields?: Record<string, unknown>): void;
}

export interface DraftStream {
  /** The reply's whole text so far (not a delta). */
  update(text: string): void;
  /** Stops updating and waits for the update in flight; returns the draft message ids in order. */
  finish(): Promise<string[]>;
}

export const DEFAULT_DRAFT_CHUNK = { minChars: 200, maxChars: 800 } as const;

/**
 * Block mode's view of `text`: once `minChars` are new, cut at the last paragraph, line or
 * sentence end among the next `maxChars`; with no break and `maxChars` waiting, cut at `maxChars`.
 */
export function blockView(text: string, shownLength: number, minChars: number, maxChars: number): string {
  const fresh = text.length - shownLength;
  if (fresh < minChars) return text.slice(0, shownLength);
  const from = shownLength + minChars;
  const window = text.slice(from, shownLength + maxChars);
  for (const separator of ["\n\n", "\n"]) {
    const at = window.lastIndexOf(separator);
    if (at >= 0) return text.slice(0, from + at).trimEnd();
  }
  const last = [...window.matchAll(/[.!?](?=\s)/g)].at(-1);
  if (last?.index !== undefined) return text.slice(0, from + last.index + 1);
  return fresh >= maxChars ? text.slice(0, shownLength + maxChars) : text.slice(0, shownLength);
}

/**
 * @example
 * const draft = createDraftStream({ mode: "partial", limit: 4096,
 *   send: (text) => channel.send(target, text), edit: (id, text) => channel.edit(target, id, text) });
 * for await (const text of replyText) draft.update(text);
 * await outbox.deliver(target, finalText, { editOf: await draft.finish() });
 */
export function createDraftStream(options: DraftStreamOptions): DraftStream {
  const interval = options.intervalMs ?? 1_000;
  const minChars = options.blockChunk?.minChars ?? DEFAULT_DRAFT_CHUNK.minChars;
  const maxChars = options.blockChunk?.maxChars ?? DEFAULT_DRAFT_CHUNK.maxChars;
  const chunk = options.chunk ?? chunkForChannel;
  const ids: string[] = [];
  const shown: string[] = [];
  let latest = "";
  let shownLength = 0;
  let lastView = "";
  let timer: ReturnType<typeof setTimeout> | undefined;
  let flushing: Promise<void> | undefined;
  let nextAt = 0;
  let finished = false;

  const flush = async () => {
    // Text that may still become a silent token ("NO_RE…") is not shown.
    const visible = visibleWhileStreaming(latest);
    if (visible === "") return;
    const view = options.mode === "block" ? blockView(visible, shownLength, minChars, maxChars) : visible;
    if (view === lastView || view === "") return;
    const parts = chunk(view, options.limit);
    for (const [i, part] of parts.entries()) {
      if (finished && i >= ids.length) break;
      const id = ids[i];
      if (id === undefined) {
        const sent = await options.send(part, i === 0);
        ids.push(sent.messageId);
      } else if (shown[i] !== part) await options.edit(id, part);
      shown[i] = part;
    }
    shownLength = view.length;
    lastView = view;
  };

  const schedule = () => {
    if (finished || timer || flushing) return;
    timer = setTimeout(
      () => {
        timer = undefined;
        flushing = flush()
          .catch((thrown: unknown) => {
            const error = asSendError(thrown);
            // A refused draft only delays the preview; the outbox still delivers the final text.
            nextAt = Date.now() + Math.max(interval, error.options.retryAfterMs ?? 0);
            options.log?.("warn", "draft update failed", { error: error.message });
          })
          .finally(() => {
            flushing = undefined;
            if (nextAt < Date.now() + interval) nextAt = Date.now() + interval;
            if (visibleWhileStreaming(latest) !== lastView) schedule();
          });
      },
      Math.max(0, nextAt - Date.now()),
    );
    timer.unref?.();
  };

  return {
    update(text) {
      if (finished) return;
      latest = text;
      schedule();
    },
    async finish() {
      finished = true;
      if (timer) clearTimeout(timer);
      timer = undefined;
      await flushing;
      return [...ids];
    },
  };
}
