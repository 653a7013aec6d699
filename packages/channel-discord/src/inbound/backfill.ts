/**
 * After a fresh gateway session (INVALID_SESSION, or a restart) the gateway replays nothing:
 * every channel with a last-seen message id is read back from REST from that id on, oldest
 * first, through the sequencer (so ids already handled are skipped and live messages wait their
 * turn). Guild channels the bot sees but never heard from are read from the newest id handled
 * anywhere (snowflakes carry their time). A channel that cannot be read is logged, never silent.
 */
import type { ChannelContext } from "@claw/channels";
import { DiscordAPIError, type REST, Routes } from "discord.js";
import { compareSnowflakes, type InboundSequencer } from "./inbound-sequencer.js";
import { type Envelope, envelopeOf } from "./envelope.js";
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
    const timer = setTimeout(resolve, ms);
    signal.addEventListener("abort", () => (clearTimeout(timer), resolve()), { once: true });
  });

/** Reads one channel from its last-seen id (or `from`) to now; returns how many messages came back. */
export async function backfillChannel(channelId: string, from: string, options: BackfillOptions): Promise<number> {
  const pageSize = String(options.pageSize ?? 100);
  let count = 0;
  await options.sequencer.exclusive(channelId, async (accept) => {
    let cursor = options.sequencer.lastSeen(channelId) ?? from;
    for (let attempt = 1; !options.signal.aborted; ) {
      let page: InboundMessage[];
      try {
        page = (await options.rest.get(Routes.channelMessages(channelId), {
          query: new URLSearchParams({ after: cursor, limit: pageSize }),
          signal: options.signal,
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
        await accept(envelopeOf(message, false));
        count++;
      }
      const last = ordered.at(-1);
      if (!last || page.length < Number(pageSize)) return;
      cursor = last.id;
    }
  });
  return count;
}

/**
 * @example
 * client.on("shardReady", () => void backfillAll(places.guildTextChannels(), options));
 */
export async function backfillAll(guildChannels: readonly string[], options: BackfillOptions): Promise<number> {
  const watermark = options.sequencer.watermark();
  if (watermark === undefined) return 0; // a first start: nothing was missed yet
  const known = options.sequencer.knownChannels();
  const work = [...new Set([...known, ...guildChannels])].map((id) => ({
    id,
    from: options.sequencer.lastSeen(id) ?? watermark,
  }));
  let total = 0;
  const workers = Array.from({ length: Math.min(options.concurrency ?? 4, work.length) }, async () => {
    for (let next = work.shift(); next && !options.signal.aborted; next = work.shift())
      total += await backfillChannel(next.id, next.from, options);
  });
  await Promise.all(workers);
  return total;
}
