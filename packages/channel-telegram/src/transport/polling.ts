/**
 * Long polling with the update offset persisted in state.db: the offset moves past an update
 * only after the layer accepted it, so a restart neither loses an update (it is fetched again)
 * nor handles one twice (the layer's dedupe remembers it). An update the layer could not store
 * (state.db refused the write) is not passed: it and the rest of its batch are fetched again after
 * a backoff, in order. 429 waits `retry_after`; 5xx and dropped connections back off and try
 * again; a bad token or a second poller ends the loop as a crash, which the layer turns into a
 * restart with backoff.
 */
import { type ChannelContext, isInboundNotStored } from "@claw/channels";
import { type Api, GrammyError } from "grammy";
import type { Update } from "grammy/types";
import { grammySignal } from "./grammy-signal.js";

export const OFFSET_KEY = "updateOffset";
/** The updates the channel asks Telegram for: messages, channel posts and button presses. */
export const ALLOWED_UPDATES = ["message", "channel_post", "callback_query"] as const;

export interface PollingOptions {
  api: Api;
  ctx: ChannelContext;
  handle(update: Update): Promise<void>;
  /** Long-poll timeout in seconds (default 25). */
  timeoutSeconds?: number;
  /** Backoff after a failed poll: min and max ms (default 500 → 30 000). */
  backoff?: { minMs?: number; maxMs?: number };
}

const sleep = (ms: number, signal: AbortSignal) =>
  new Promise<void>((resolve) => {
    if (signal.aborted) return resolve();
    const timer = setTimeout(resolve, ms);
    const wake = () => {
      clearTimeout(timer);
      resolve();
    };
    signal.addEventListener("abort", wake, { once: true });
  });

const FATAL_CODES = new Set([401, 403, 404, 409]);

/** Polls until `ctx.signal` aborts; resolves then. */
export async function runPolling(options: PollingOptions): Promise<void> {
  const { api, ctx } = options;
  const signal = ctx.signal;
  const minMs = options.backoff?.minMs ?? 500;
  const maxMs = options.backoff?.maxMs ?? 30_000;
  let offset = Number(ctx.state.get(OFFSET_KEY) ?? "0") || 0;
  let failures = 0;
  let notStored = 0;
  while (!signal.aborted) {
    let updates: Update[];
    try {
      updates = await api.getUpdates(
        { offset, timeout: options.timeoutSeconds ?? 25, allowed_updates: [...ALLOWED_UPDATES] },
        grammySignal(signal),
      );
    } catch (error) {
      if (signal.aborted) return;
      if (error instanceof GrammyError && FATAL_CODES.has(error.error_code)) {
        ctx.crashed(new Error(`telegram getUpdates: ${error.error_code} ${error.description}`));
        return;
      }
      failures++;
      const retryAfter = error instanceof GrammyError ? (error.parameters.retry_after ?? 0) * 1000 : 0;
      const wait = Math.max(retryAfter, Math.min(maxMs, minMs * 2 ** Math.min(10, failures - 1)));
      ctx.setConnected(false, error instanceof Error ? error.message : String(error));
      await sleep(wait, signal);
      continue;
    }
    failures = 0;
    ctx.setConnected(true);
    const taken = await takeInOrder(updates, options.handle, signal, ctx, (next) => {
      offset = next;
      ctx.state.set(OFFSET_KEY, String(offset));
    });
    if (taken === "not-stored") {
      // The offset stays on the refused update: the next poll fetches it (and those after it) again.
      notStored++;
      await sleep(Math.min(maxMs, minMs * 2 ** Math.min(10, notStored - 1)), signal);
    } else if (taken === "all") notStored = 0;
  }
}

/**
 * Hands `updates` to the layer in order, moving the offset past each one it took. Stops at the
 * first the layer could not store (`InboundNotStoredError`): that one and the rest wait. An
 * update the channel cannot handle at all (malformed) is logged with its id and passed over:
 * fetched again it would fail again, and every later update would wait behind it for ever.
 */
async function takeInOrder(
  updates: readonly Update[],
  handle: (update: Update) => Promise<void>,
  signal: AbortSignal,
  ctx: ChannelContext,
  advance: (offset: number) => void,
): Promise<"all" | "not-stored" | "aborted"> {
  for (const update of updates) {
    if (signal.aborted) return "aborted";
    try {
      await handle(update);
    } catch (error) {
      if (isInboundNotStored(error)) return signal.aborted ? "aborted" : "not-stored";
      ctx.log("error", `telegram: update ${update.update_id} could not be handled; skipped`, {
        error: error instanceof Error ? error.message : String(error),
        fields: Object.keys(update).join(","),
      });
    }
    advance(update.update_id + 1);
  }
  return "all";
}
