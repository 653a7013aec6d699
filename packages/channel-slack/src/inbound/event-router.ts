/**
 * Where both transports (Socket Mode and the HTTP Events API) hand an `event_callback`: Slack's
 * retries of one event id share the first delivery's work (handled once), the message is
 * normalised, and it reaches the layer in order per conversation with its files as references
 * (downloaded by the layer's fetcher after the message is journalled, never before: a slow
 * download must not hold the acknowledgement, nor the messages behind it). The returned promise
 * resolves once the layer stored the message, which is when the transport acknowledges; it
 * rejects when the layer could not store it, and the transport does not acknowledge.
 */
import { type ChannelContext, isInboundNotStored, type MediaRef } from "@claw/channels";
import { deferSlackFile } from "./download-files.js";
import { normalizeSlackEvent, type SlackBotIdentity, type SlackMessageEvent } from "./normalize.js";

/** The outer body of an Events API callback (`type: "event_callback"`). */
export interface SlackEventCallback {
  type?: string;
  event_id?: string;
  team_id?: string;
  event?: SlackMessageEvent;
}

export interface EventRouterOptions {
  ctx: ChannelContext;
  bot(): SlackBotIdentity | undefined;
  /** False to not download files (they reach the agent as "not downloaded"). */
  downloadFiles: boolean;
  /** Event ids remembered for retries (default 10,000). */
  rememberEvents?: number;
}

export interface EventRouter {
  /**
   * Resolves when the event was handled (accepted by the layer, or ignored). Rejects only with
   * `InboundNotStoredError`: do not acknowledge; Slack's redelivery is then handled afresh.
   */
  handle(body: SlackEventCallback, delivery?: { retryNum?: number; retryReason?: string }): Promise<void>;
  /** How many deliveries were retries of an event already handled or in hand. */
  readonly retriesDropped: number;
}

export function createEventRouter(options: EventRouterOptions): EventRouter {
  const { ctx } = options;
  const cap = options.rememberEvents ?? 10_000;
  const seen = new Map<string, Promise<void>>();
  const lanes = new Map<string, Promise<void>>();
  let retriesDropped = 0;

  const mediaOf = (event: SlackMessageEvent): MediaRef[] => {
    const files = event.files ?? [];
    if (!options.downloadFiles)
      return files.map(() => ({
        kind: "document" as const,
        skipped: "file downloads are off (no mediaDir)",
      }));
    return files.map(deferSlackFile);
  };

  const deliver = async (body: SlackEventCallback) => {
    const bot = options.bot();
    const event = body.event;
    if (!bot || !event) return;
    const inbound = normalizeSlackEvent(event, bot, body.team_id);
    if (!inbound) return;
    const media = mediaOf(event);
    await ctx.receive({ ...inbound, ...(media.length > 0 ? { media } : {}) });
  };

  /** Runs `work` after the lane's earlier work; rejects only with `InboundNotStoredError`. */
  const inLane = (lane: string, work: () => Promise<void>): Promise<void> => {
    const next = (lanes.get(lane) ?? Promise.resolve()).then(work).catch((error: unknown) => {
      if (isInboundNotStored(error)) throw error;
      ctx.log("error", "a Slack event could not be handled", {
        error: error instanceof Error ? error.message : String(error),
      });
    });
    const settled = next.catch(() => {});
    lanes.set(lane, settled);
    void settled.finally(() => {
      if (lanes.get(lane) === settled) lanes.delete(lane);
    });
    return next;
  };

  return {
    handle(body, delivery = {}) {
      const id = body.event_id;
      const earlier = id ? seen.get(id) : undefined;
      if (earlier) {
        retriesDropped++;
        ctx.log("info", "Slack retried an event already handled; dropped", {
          eventId: id,
          retryNum: delivery.retryNum,
          retryReason: delivery.retryReason,
        });
        return earlier;
      }
      const handled = inLane(body.event?.channel ?? "", () => deliver(body));
      if (id) {
        seen.set(id, handled);
        if (seen.size > cap) seen.delete(seen.keys().next().value as string);
        // Not stored: Slack's redelivery of this event id must be handled afresh, not dropped.
        handled.catch(() => {
          if (seen.get(id) === handled) seen.delete(id);
        });
      }
      return handled;
    },
    get retriesDropped() {
      return retriesDropped;
    },
  };
}
