import { type TypedTool, textResult } from "@claw/agent-core";
import { Type } from "typebox";
import { targetRefusal } from "./target-policy.js";
import type { MessagePort, MessageTarget } from "./types.js";

const MessageParams = Type.Object({
  action: Type.Union([Type.Literal("send"), Type.Literal("edit"), Type.Literal("react")]),
  text: Type.Optional(Type.String({ description: "send, edit: the message text." })),
  messageId: Type.Optional(Type.String({ description: "edit, react: the platform message id." })),
  emoji: Type.Optional(Type.String({ description: "react: one emoji." })),
  channel: Type.Optional(
    Type.String({ description: "Omit all of channel/to/accountId/threadId for this conversation." }),
  ),
  to: Type.Optional(Type.String({ description: "The chat id on that channel." })),
  accountId: Type.Optional(Type.String()),
  threadId: Type.Optional(Type.String()),
});

export interface MessageToolOptions {
  port: MessagePort;
  /** Chats beyond the session's own it may reach (`tools.message.allowTargets`). */
  allowTargets?: (agentId: string | undefined) => readonly string[];
}

/**
 * `message`: send, edit or react in a chat on the agent's own initiative — its own conversation
 * by default, others only when policy names them. Sends, edits and reactions go through the
 * durable outbox; edits and reactions need the channel to support them. Not for answering the message being handled: that
 * answer is the normal reply.
 *
 * @example
 * const tool = createMessageTool({ port, allowTargets: () => config.tools.message.allowTargets ?? [] });
 */
export function createMessageTool(options: MessageToolOptions): TypedTool<typeof MessageParams> {
  return {
    name: "message",
    label: "Send message",
    description:
      "Send, edit or react to a message in a chat on your own initiative (progress updates, reminders, notes to another allowed chat). Defaults to this conversation. Do not use it to answer the message you are handling: your normal reply does that.",
    parameters: MessageParams,
    async execute(args, context) {
      const own = context.sessionKey ? options.port.conversation(context.sessionKey) : undefined;
      const target = targetOf(args, own);
      const refused = targetRefusal(target, own, options.allowTargets?.(context.agentId) ?? []);
      if (refused) throw new Error(`message: ${refused}`);
      const capabilities = options.port.capabilities(target.channel, target.accountId);
      if (!capabilities)
        throw new Error(
          `message: no ${target.channel} account "${target.accountId ?? "default"}" is configured.`,
        );
      const where = `${target.channel}:${target.to}${target.threadId ? `#${target.threadId}` : ""}`;
      if (args.action === "send") {
        const text = required(args.text, "text", "send");
        if (
          own?.replying &&
          own.channel === target.channel &&
          own.to === target.to &&
          (own.threadId ?? "") === (target.threadId ?? "")
        )
          throw new Error(
            "message: you are answering a message from this conversation; write your answer as your normal reply instead of sending it with the message tool.",
          );
        const sent = await options.port.send(target, text);
        return textResult(
          `Queued to ${where} (outbox #${sent.outboxId}, ${sent.chunks} part${sent.chunks === 1 ? "" : "s"})${sent.messageId ? `; message id ${sent.messageId}` : ""}.`,
          { action: "send", target, ...sent },
        );
      }
      const messageId = required(args.messageId, "messageId", args.action);
      if (args.action === "edit") {
        if (!capabilities.edits) throw new Error(`message: ${target.channel} cannot edit sent messages.`);
        const text = required(args.text, "text", "edit");
        if (text.length > capabilities.maxTextLength)
          throw new Error(
            `message: an edit must fit one message (${capabilities.maxTextLength} characters on ${target.channel}).`,
          );
        await options.port.edit(target, messageId, text);
        return textResult(`Edited message ${messageId} in ${where}.`, { action: "edit", target, messageId });
      }
      if (!capabilities.reactions) throw new Error(`message: ${target.channel} does not support reactions.`);
      const emoji = required(args.emoji, "emoji", "react");
      const queued = await options.port.react(target, messageId, emoji);
      return textResult(
        queued.delivered
          ? `Reacted ${emoji} to message ${messageId} in ${where}.`
          : `Reaction ${emoji} to message ${messageId} in ${where} is queued (outbox #${queued.outboxId}); ${target.channel} is busy, it will be retried.`,
        { action: "react", target, messageId, emoji, ...queued },
      );
    },
  };
}

function targetOf(
  args: { channel?: string; to?: string; accountId?: string; threadId?: string },
  own: MessageTarget | undefined,
): MessageTarget {
  if (args.channel === undefined && args.to === undefined) {
    if (!own)
      throw new Error(
        "message: this session has no chat conversation; give channel and to (e.g. telegram and a chat id).",
      );
    return { channel: own.channel, to: own.to, ...pick(own) };
  }
  if (!args.channel || !args.to)
    throw new Error("message: give both channel and to, or neither for this conversation.");
  return { channel: args.channel.trim().toLowerCase(), to: args.to.trim(), ...pick(args) };
}

function pick(source: {
  accountId?: string;
  threadId?: string;
}): Pick<MessageTarget, "accountId" | "threadId"> {
  return {
    ...(source.accountId ? { accountId: source.accountId } : {}),
    ...(source.threadId ? { threadId: source.threadId } : {}),
  };
}

function required(value: string | undefined, name: string, action: string): string {
  if (value === undefined || value.trim() === "") throw new Error(`message: ${action} needs ${name}.`);
  return value;
}
