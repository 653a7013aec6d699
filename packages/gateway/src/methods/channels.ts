/** `channels.status`, `channels.pairing.*`, `channels.routes.explain` and `send`: all through the channels port. */
import type { GatewayContext } from "../context.js";
import { type ChannelsPort, RuntimeError } from "../runtime.js";
import type { MethodHandler } from "./types.js";

function channelsOf(ctx: GatewayContext, method: string): ChannelsPort {
  const port = ctx.ports.channels;
  if (!port) throw new RuntimeError("UNAVAILABLE", `${method}: no chat channels are running on this gateway`);
  return port;
}

export const channelsStatus: MethodHandler<"channels.status"> = ({ ctx, params }) =>
  channelsOf(ctx, "channels.status").status({
    probe: params.probe ?? false,
    ...(params.channel ? { channel: params.channel } : {}),
  });

export const channelsPairingList: MethodHandler<"channels.pairing.list"> = ({ ctx, params }) =>
  channelsOf(ctx, "channels.pairing.list").pairingList(params);

export const channelsPairingApprove: MethodHandler<"channels.pairing.approve"> = async ({ ctx, params }) => {
  const decided = await channelsOf(ctx, "channels.pairing.approve").pairingDecide("approve", params);
  return {
    requestId: decided.requestId,
    senderId: decided.senderId,
    notification: decided.notification ?? "not-requested",
    commandOwnerBootstrap: "not-requested",
  };
};

export const channelsPairingDismiss: MethodHandler<"channels.pairing.dismiss"> = async ({ ctx, params }) => {
  const decided = await channelsOf(ctx, "channels.pairing.dismiss").pairingDecide("deny", params);
  return { requestId: decided.requestId, senderId: decided.senderId };
};

export const channelsRoutesExplain: MethodHandler<"channels.routes.explain"> = ({ ctx, params }) =>
  channelsOf(ctx, "channels.routes.explain").explainRoute(params);

/** Sends through the durable outbox and waits up to 10 s for the platform's acknowledgement. */
export const send: MethodHandler<"send"> = ({ ctx, params }) => {
  const text = params.message ?? "";
  if (text.trim() === "")
    throw new RuntimeError("INVALID", "send: message is empty (media-only sends are not supported yet)");
  return channelsOf(ctx, "send").send({
    to: params.to,
    text,
    waitMs: 10_000,
    ...(params.channel ? { channel: params.channel } : {}),
    ...(params.accountId ? { accountId: params.accountId } : {}),
    ...(params.threadId ? { threadId: params.threadId } : {}),
    ...(params.replyToId ? { replyToId: params.replyToId } : {}),
  });
};
