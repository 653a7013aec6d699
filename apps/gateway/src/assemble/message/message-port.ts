/**
 * The message tool's port on the gateway's channels: sends, edits (`editOf`) and reactions
 * (`reactTo`, when the running account's capabilities allow) all go through the durable outbox,
 * so a 429 or a restart delays them instead of losing them. The tool is built
 * with the agents, before the channels exist, so the port is bound late (`attach`); until then
 * every account counts as not configured. A session's own conversation is the chat its latest
 * inbound message came from (the channels' durable last route).
 */
import type { DeliverOptions } from "@claw/channels";
import type { MessagePort, MessageTarget } from "@claw/tools";
import type { AssembledChannels } from "../channels/assemble-channels.js";
import { outboundTarget } from "../channels/outbound-target.js";
import type { ReplyingSessions } from "./replying-sessions.js";

export interface LateMessagePort {
  port: MessagePort;
  attach(channels: AssembledChannels, replying: ReplyingSessions): void;
}

/** How long a send waits for the platform's message id before answering without it. */
const SEND_ID_WAIT_MS = 3_000;

export function lateMessagePort(): LateMessagePort {
  let bound: { channels: AssembledChannels; replying: ReplyingSessions } | undefined;
  const running = (target: MessageTarget) => {
    const account = target.accountId ?? "default";
    const channel = bound?.channels.manager.running(target.channel, account);
    if (!channel)
      throw new Error(`message: ${target.channel} account "${account}" is not connected right now.`);
    return channel;
  };
  return {
    attach(channels, replying) {
      bound = { channels, replying };
    },
    port: {
      conversation(sessionKey) {
        const route = bound?.channels.lastRoute(sessionKey);
        if (!route || !bound) return undefined;
        return {
          channel: route.channel,
          accountId: route.accountId,
          to: route.peer.id,
          ...(route.thread ? { threadId: route.thread.id } : {}),
          replying: bound.replying.isReplying(sessionKey),
        };
      },
      capabilities(channel, accountId) {
        if (!bound?.channels.hasAccount(channel, accountId)) return undefined;
        const live = bound.channels.manager.running(channel, accountId ?? "default")?.capabilities;
        return {
          edits: live?.edits === true,
          reactions: live?.reactions === true,
          maxTextLength:
            live?.maxTextLength ?? bound.channels.manager.textLimit(channel, accountId ?? "default"),
        };
      },
      async send(target, text) {
        if (!bound) throw new Error("message: the gateway's chat channels are not running yet.");
        const receipt = await bound.channels.deliver(toDelivery(target), text, { source: "message-tool" });
        if (receipt.status !== "queued") return { outboxId: 0, chunks: 0 };
        const settled = await Promise.race([
          bound.channels.outbox.settled(receipt.outboxId),
          new Promise<undefined>((resolve) => setTimeout(() => resolve(undefined), SEND_ID_WAIT_MS).unref()),
        ]);
        const messageId = settled?.chunks[0]?.platformMessageId;
        return { outboxId: receipt.outboxId, chunks: receipt.chunks, ...(messageId ? { messageId } : {}) };
      },
      async edit(target, messageId, text) {
        const channel = running(target);
        if (!channel.edit || !bound) throw new Error(`message: ${target.channel} cannot edit messages.`);
        // Durable like a send: the outbox keeps the edit until the platform takes it (retries,
        // restarts); a platform refusal within the wait is the tool's error.
        await queueAndWait(bound.channels, target, text, { editOf: [messageId] }, "edit");
      },
      async react(target, messageId, emoji) {
        const channel = running(target);
        if (!channel.react || channel.capabilities.reactions !== true || !bound)
          throw new Error(`message: ${target.channel} does not support reactions.`);
        return queueAndWait(bound.channels, target, emoji, { reactTo: messageId }, "reaction");
      },
    },
  };
}

/**
 * Queues an edit or a reaction in the outbox and waits a little for the platform: a refusal
 * within the wait is the tool's error; a retry still pending (429, offline) stays queued.
 */
async function queueAndWait(
  channels: AssembledChannels,
  target: MessageTarget,
  text: string,
  options: Pick<DeliverOptions, "editOf" | "reactTo">,
  what: string,
): Promise<{ outboxId: number; delivered: boolean }> {
  const receipt = await channels.deliver(toDelivery(target), text, { source: "message-tool", ...options });
  if (receipt.status !== "queued") throw new Error(`message: the ${what} is empty.`);
  const settled = await Promise.race([
    channels.outbox.settled(receipt.outboxId),
    new Promise<undefined>((resolve) => setTimeout(() => resolve(undefined), SEND_ID_WAIT_MS).unref()),
  ]);
  const failed = settled?.chunks.find((chunk) => chunk.status === "failed");
  if (failed) throw new Error(`message: the ${what} was refused: ${failed.error ?? "unknown error"}`);
  return { outboxId: receipt.outboxId, delivered: settled !== undefined };
}

function toDelivery(target: MessageTarget) {
  return outboundTarget({
    channel: target.channel,
    to: target.to,
    ...(target.accountId ? { accountId: target.accountId } : {}),
    ...(target.threadId ? { threadId: target.threadId } : {}),
  });
}
