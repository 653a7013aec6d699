/**
 * Connects cron and heartbeat announcements to the chat channels' durable outbox. Cron is
 * assembled before the channels start, so the delivery is bound late: until `attach` is called
 * (or when the gateway runs without channels) a delivery is refused with a readable reason,
 * which the cron run records as "not-delivered" — never dropped silently. Queued is not
 * delivered: the delivery waits for the outbox to settle the message, so a run says "delivered"
 * only once the platform accepted every chunk, "not-delivered" with the platform's reason when
 * it was refused for good (chat not found), and "unknown" (pending) while a transient failure is
 * still being retried, updated when that settles.
 */
import type {
  DeliverFn as ChannelDeliverFn,
  DeliveryTarget as ChannelTarget,
  LastRoute,
  OutboxMessageState,
} from "@claw/channels";
import type { DeliverFn as CronDeliverFn, DeliveryTarget as CronTarget, DeliverySettled } from "@claw/cron";
import { outboundTarget } from "./channels/outbound-target.js";

/** The chat a session last talked on, as the channels record it. */
export type LastRouteLookup = (sessionKey: string) => LastRoute | undefined;

/** Resolves when every chunk of an outbox message is delivered or failed (the outbox's `settled`). */
export type OutboxSettled = (outboxId: number) => Promise<OutboxMessageState>;

/** How long a delivery waits for the platform before the run records it as pending. */
export const DELIVERY_WAIT_MS = 15_000;

export interface LateChannelDelivery {
  /** What cron and heartbeat are given. */
  deliver: CronDeliverFn;
  /** Called once the channels (and their outbox) exist. */
  attach(deliver: ChannelDeliverFn, lastRoute?: LastRouteLookup, settled?: OutboxSettled): void;
}

/** What the outbox's record of a settled message means for the run. */
export function settledOutcome(state: OutboxMessageState, channel: string): DeliverySettled {
  const failed = state.chunks.find((chunk) => chunk.status === "failed");
  if (failed)
    return {
      status: "failed",
      error: `${channel} refused it: ${failed.error ?? "no reason given"}`,
    };
  return { status: "delivered" };
}

export function lateChannelDelivery(options: { waitMs?: number } = {}): LateChannelDelivery {
  const waitMs = options.waitMs ?? DELIVERY_WAIT_MS;
  let channelDeliver: ChannelDeliverFn | undefined;
  let lastRoute: LastRouteLookup | undefined;
  let outboxSettled: OutboxSettled | undefined;
  return {
    attach(deliver, lookup, settled) {
      channelDeliver = deliver;
      lastRoute = lookup;
      outboxSettled = settled;
    },
    async deliver(target, text) {
      if (!channelDeliver) throw new Error("the gateway's chat channels are not running yet");
      const channelTarget = toChannelTarget(target, lastRoute);
      const receipt = await channelDeliver(channelTarget, text, { source: "cron" });
      if (receipt.status === "silent") throw new Error("the reply was only a silent token: nothing was sent");
      if (!outboxSettled) return;
      const settled = outboxSettled(receipt.outboxId).then((state) =>
        settledOutcome(state, channelTarget.channel),
      );
      let timer: ReturnType<typeof setTimeout> | undefined;
      const waited = await Promise.race([
        settled,
        new Promise<undefined>((resolve) => {
          timer = setTimeout(() => resolve(undefined), waitMs);
          timer.unref();
        }),
      ]);
      clearTimeout(timer);
      if (!waited)
        return {
          status: "pending",
          reason: `${channelTarget.channel} has not accepted it yet; the outbox is retrying (outbox message ${receipt.outboxId})`,
          settled,
        };
      if (waited.status === "failed") throw new Error(waited.error);
    },
  };
}

/**
 * Maps a cron announce target to an outbox target; refuses targets it cannot address.
 * `channel: "last"` is the chat `target.sessionKey` last talked on (its account and thread
 * too); a `to` given with it picks another peer on that channel.
 */
export function toChannelTarget(target: CronTarget, lastRoute?: LastRouteLookup): ChannelTarget {
  if (target.channel === "last") {
    if (!target.sessionKey) throw new Error('announce to "last" needs the session whose last chat is meant');
    const route = lastRoute?.(target.sessionKey);
    if (!route)
      throw new Error(
        `announce to "last": session ${target.sessionKey} has not talked on any chat channel yet — set the job's channel and to`,
      );
    if (target.to)
      return toChannelTarget({
        ...target,
        channel: route.channel,
        accountId: target.accountId ?? route.accountId,
      });
    return {
      channel: route.channel,
      accountId: route.accountId,
      to: route.peer,
      ...(route.thread ? { thread: route.thread } : {}),
    };
  }
  if (!target.to) throw new Error(`announce to ${target.channel} needs a "to" (the chat id)`);
  return outboundTarget({
    channel: target.channel,
    to: target.to,
    ...(target.accountId ? { accountId: target.accountId } : {}),
    ...(target.threadId !== undefined ? { threadId: target.threadId } : {}),
  });
}
