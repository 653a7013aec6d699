/**
 * Connects cron and heartbeat announcements to the chat channels' durable outbox. Cron is
 * assembled before the channels start, so the delivery is bound late: until `attach` is called
 * (or when the gateway runs without channels) a delivery is refused with a readable reason,
 * which the cron run records as "not-delivered" — never dropped silently.
 */
import type { DeliverFn as ChannelDeliverFn, DeliveryTarget as ChannelTarget } from "@claw/channels";
import type { DeliverFn as CronDeliverFn, DeliveryTarget as CronTarget } from "@claw/cron";
import { outboundTarget } from "./channels/outbound-target.js";

export interface LateChannelDelivery {
  /** What cron and heartbeat are given. */
  deliver: CronDeliverFn;
  /** Called once the channels (and their outbox) exist. */
  attach(deliver: ChannelDeliverFn): void;
}

export function lateChannelDelivery(): LateChannelDelivery {
  let channelDeliver: ChannelDeliverFn | undefined;
  return {
    attach(deliver) {
      channelDeliver = deliver;
    },
    async deliver(target, text) {
      if (!channelDeliver) throw new Error("the gateway's chat channels are not running yet");
      await channelDeliver(toChannelTarget(target), text, { source: "cron" });
    },
  };
}

/** Maps a cron announce target to an outbox target; refuses targets it cannot address. */
export function toChannelTarget(target: CronTarget): ChannelTarget {
  if (target.channel === "last") {
    throw new Error('announce to "last" is not supported yet: set the job\'s channel and to');
  }
  if (!target.to) throw new Error(`announce to ${target.channel} needs a "to" (the chat id)`);
  return outboundTarget({
    channel: target.channel,
    to: target.to,
    ...(target.accountId ? { accountId: target.accountId } : {}),
    ...(target.threadId !== undefined ? { threadId: target.threadId } : {}),
  });
}
