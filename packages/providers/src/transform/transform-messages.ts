/**
 * Makes a conversation safe to send to a (possibly different) model: foreign reasoning becomes
 * plain text, provider signatures are dropped, tool-call ids are rewritten to the target's
 * pattern, failed turns are skipped, and tool calls left without a result get one.
 */
import type { AssistantMessage, Message, Model, ToolResultMessage } from "../types.js";
import { normalizeToolCallId, TOOL_CALL_ID_RULES } from "./tool-call-id.js";

/**
 * True when an assistant message came from exactly this model, so its signatures are valid.
 *
 * @example
 * isSameModel(previousReply, model) ? "keep signatures" : "convert thinking to text";
 */
export function isSameModel(message: AssistantMessage, model: Model): boolean {
  return message.api === model.api && message.provider === model.provider && message.model === model.id;
}

function convertAssistant(
  message: AssistantMessage,
  model: Model,
  id: (raw: string) => string,
): AssistantMessage {
  const same = isSameModel(message, model);
  const content: AssistantMessage["content"] = [];
  for (const block of message.content) {
    if (block.type === "thinking") {
      if (same) content.push(block);
      else if (block.thinking.trim() !== "") content.push({ type: "text", text: block.thinking });
    } else if (block.type === "text") {
      content.push(same ? block : { type: "text", text: block.text });
    } else {
      const call = { ...block, id: id(block.id) };
      if (!same) delete call.thoughtSignature;
      content.push(call);
    }
  }
  return { ...message, content };
}

/**
 * Prepares history for `model`.
 *
 * @example
 * const messages = transformMessages(session.messages, resolveModel("openai/gpt-4o"));
 */
export function transformMessages(messages: readonly Message[], model: Model): Message[] {
  const rule = TOOL_CALL_ID_RULES[model.api];
  const id = (raw: string) => normalizeToolCallId(raw, rule);
  const out: Message[] = [];
  let pending = new Map<string, string>();

  const closePending = (timestamp: number) => {
    for (const [callId, toolName] of pending) {
      const filler: ToolResultMessage = {
        role: "toolResult",
        toolCallId: callId,
        toolName,
        content: [{ type: "text", text: "No result was recorded for this tool call." }],
        isError: true,
        timestamp,
      };
      out.push(filler);
    }
    pending = new Map();
  };

  for (const message of messages) {
    if (message.role === "assistant") {
      closePending(message.timestamp);
      // A failed or aborted turn may hold half a tool call; providers reject those.
      if (message.stopReason === "error" || message.stopReason === "aborted") continue;
      const converted = convertAssistant(message, model, id);
      for (const block of converted.content) if (block.type === "toolCall") pending.set(block.id, block.name);
      out.push(converted);
    } else if (message.role === "toolResult") {
      const callId = id(message.toolCallId);
      if (!pending.has(callId)) continue;
      pending.delete(callId);
      out.push({ ...message, toolCallId: callId });
    } else {
      closePending(message.timestamp);
      out.push(message);
    }
  }
  closePending(Date.now());
  return out;
}
