/**
 * Connects cron and heartbeat announcements to the chat channels' durable outbox. Cron is
 * assembled before the channels start, so the delivery is bound late: until `attach` is called
 * (or when the gateway runs without channels) a delivery is refused with a readable reason,
 * which the cron run records as "not-delivered" — never dropped silently.
 */
import type {
  DeliverFn as ChannelDeliverFn,
  DeliveryTarget as ChannelTarget,
  LastRoute,
} from "@claw/channels";
import type { DeliverFn as CronDeliverFn, DeliveryTarget as CronTarget } from "@claw/cron";
import { outboundTarget } from "./channels/outbound-target.js";

/** The chat a session last talked on, as the channels record it. */
export type LastRouteLookup = (sessionKey: string) => LastRoute | undefined;

export interface LateChannelDelivery {
  /** What cron and heartbeat are given. */
  deliver: CronDeliverFn;
  /** Called once the channels (and their outbox) exist. */
  attach(deliver: ChannelDeliverFn, lastRoute?: LastRouteLookup): void;
}

export function lateChannelDelivery(): LateChannelDelivery {
  let channelDeliver: ChannelDeliverFn | undefined;
  let lastRoute: LastRouteLookup | undefined;
  return {
    attach(deliver, lookup) {
      channelDeliver = deliver;
      lastRoute = lookup;
    },
    async deliver(target, text) {
      if (!channelDeliver) throw new Error("the gateway's chat channels are not running yet");
      await channelDeliver(toChannelTarget(target, lastRoute), text, { source: "cron" });
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
