/**
 * After a fresh gateway session (INVALID_SESSION, or a restart) the gateway replays nothing:
 * every channel is read back from REST from the last message id seen there when the old session
 * ended, oldest first, through the sequencer (so ids already handled are skipped). Guild
 * channels the bot sees but never heard from are read from the newest id seen anywhere by then
 * (snowflakes carry their time). A channel that cannot be read is logged, never silent.
 */
import type { ChannelContext } from "@claw/channels";
import { DiscordAPIError, type REST, Routes } from "discord.js";
import { type Envelope, envelopeOf } from "./envelope.js";
import { compareSnowflakes, type InboundSequencer } from "./inbound-sequencer.js";
import type { InboundMessage } from "./normalize.js";

export interface BackfillOptions {
  rest: REST;
  sequencer: InboundSequencer<Envelope>;
  log: ChannelContext["log"];
  signal: AbortSignal;
  /** Messages per REST page (Discord's maximum, 100, by default). */
  pageSize?: number;
  /** Attempts per channel on 5xx and network errors (default 4). */
  attempts?: number;
  /** Channels read at once (default 4). */
  concurrency?: number;
}

const sleep = (ms: number, signal: AbortSignal) =>
  new Promise<void>((resolve) => {
    const wake = () => {
      clearTimeout(timer);
      resolve();
    };
    const timer = setTimeout(() => {
      signal.removeEventListener("abort", wake);
      resolve();
    }, ms);
    signal.addEventListener("abort", wake, { once: true });
  });

/** Reads one channel from `from` (exclusive) to now; returns how many messages came back. */
export async function backfillChannel(
  channelId: string,
  from: string,
  options: BackfillOptions,
): Promise<number> {
  const pageSize = String(options.pageSize ?? 100);
  let count = 0;
  await options.sequencer.exclusive(channelId, async (accept) => {
    let cursor = from;
    for (let attempt = 1; !options.signal.aborted; ) {
      let page: InboundMessage[];
      try {
        page = (await options.rest.get(Routes.channelMessages(channelId), {
          query: new URLSearchParams({ after: cursor, limit: pageSize }),
        })) as InboundMessage[];
      } catch (error) {
        if (options.signal.aborted) return;
        const status = error instanceof DiscordAPIError ? error.status : undefined;
        if ((status !== undefined && status < 500) || attempt >= (options.attempts ?? 4)) {
          options.log("error", `discord: could not backfill channel ${channelId} after message ${cursor}`, {
            error: error instanceof Error ? error.message : String(error),
          });
          return;
        }
        await sleep(250 * 2 ** (attempt - 1), options.signal);
        attempt++;
        continue;
      }
      attempt = 1;
      const ordered = [...page].sort((a, b) => compareSnowflakes(a.id, b.id));
      for (const message of ordered) {
        if (options.signal.aborted) return;
        // Not stored: the channel holds there, and a later read-back starts from before it.
        if (!(await accept(envelopeOf(message, false)))) return;
        count++;
      }
      const last = ordered.at(-1);
      if (!last || page.length < Number(pageSize)) return;
      cursor = last.id;
    }
  });
  return count;
}

/** Where each channel's backfill starts: its id when the old session ended, else that moment's newest id. */
export function backfillPlan(
  endedAt: ReadonlyMap<string, string>,
  channels: readonly string[],
): { id: string; from: string }[] {
  const watermark = [...endedAt.values()].sort(compareSnowflakes).at(-1);
  if (watermark === undefined) return []; // a first start: nothing was missed yet
  return channels.map((id) => ({ id, from: endedAt.get(id) ?? watermark }));
}

/**
 * @example
 * await backfillChannels(backfillPlan(sequencer.snapshot(), [...]), { rest, sequencer, log, signal });
 */
export async function backfillChannels(
  plan: readonly { id: string; from: string }[],
  options: BackfillOptions,
): Promise<number> {
  const work = [...plan];
  let total = 0;
  const workers = Array.from({ length: Math.min(options.concurrency ?? 4, work.length) }, async () => {
    for (let next = work.shift(); next && !options.signal.aborted; next = work.shift())
      total += await backfillChannel(next.id, next.from, options);
  });
  await Promise.all(workers);
  return total;
}
