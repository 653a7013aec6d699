/**
 * Context → Anthropic Messages request body.
 */
import type Anthropic from "@anthropic-ai/sdk";
import { transformMessages } from "../../transform/transform-messages.js";
import type { Context, ImageContent, Model, StreamOptions, TextContent, Tool } from "../../types.js";
import { plainSchema } from "../shared/schema.js";
import { anthropicThinking } from "./thinking.js";

/** Temperature is deprecated in the SDK's types but still accepted by the API for older models. */
type Params = Anthropic.MessageCreateParamsStreaming & { temperature?: number };
type MessageParam = Anthropic.MessageParam;
type UserBlock = Anthropic.TextBlockParam | Anthropic.ImageBlockParam;
type ImageMediaType = Anthropic.Base64ImageSource["media_type"];

function userBlocks(content: string | (TextContent | ImageContent)[]): UserBlock[] {
  if (typeof content === "string") return content === "" ? [] : [{ type: "text", text: content }];
  const blocks: UserBlock[] = [];
  for (const block of content) {
    if (block.type === "text") {
      if (block.text !== "") blocks.push({ type: "text", text: block.text });
    } else {
      const source = {
        type: "base64" as const,
        media_type: block.mimeType as ImageMediaType,
        data: block.data,
      };
      blocks.push({ type: "image", source });
    }
  }
  return blocks;
}

function toMessages(context: Context, model: Model): MessageParam[] {
  const out: MessageParam[] = [];
  for (const message of transformMessages(context.messages, model)) {
    if (message.role === "user") {
      const content = userBlocks(message.content);
      if (content.length > 0) out.push({ role: "user", content });
    } else if (message.role === "assistant") {
      const content: Anthropic.ContentBlockParam[] = [];
      for (const block of message.content) {
        if (block.type === "text") {
          if (block.text.trim() !== "") content.push({ type: "text", text: block.text });
        } else if (block.type === "thinking") {
          if (block.redacted && block.thinkingSignature) {
            content.push({ type: "redacted_thinking", data: block.thinkingSignature });
          } else if (block.thinkingSignature) {
            content.push({ type: "thinking", thinking: block.thinking, signature: block.thinkingSignature });
          } else if (block.thinking.trim() !== "") {
            content.push({ type: "text", text: block.thinking });
          }
        } else {
          content.push({ type: "tool_use", id: block.id, name: block.name, input: block.arguments });
        }
      }
      if (content.length > 0) out.push({ role: "assistant", content });
    } else {
      const result: Anthropic.ToolResultBlockParam = {
        type: "tool_result",
        tool_use_id: message.toolCallId,
        content: userBlocks(message.content),
        is_error: message.isError,
      };
      // Anthropic wants all results of one turn in a single user message.
      const last = out.at(-1);
      const lastBlock = Array.isArray(last?.content) ? last.content.at(-1) : undefined;
      if (last?.role === "user" && Array.isArray(last.content) && lastBlock?.type === "tool_result") {
        last.content.push(result);
      } else {
        out.push({ role: "user", content: [result] });
      }
    }
  }
  // Cache the conversation prefix: mark the last block of the last user turn.
  const lastUser = out.findLast((m) => m.role === "user");
  const lastBlock = Array.isArray(lastUser?.content) ? lastUser.content.at(-1) : undefined;
  if (lastBlock && lastBlock.type !== "thinking" && lastBlock.type !== "redacted_thinking") {
    Object.assign(lastBlock, { cache_control: { type: "ephemeral" } });
  }
  return out;
}

function toTools(tools: readonly Tool[]): Anthropic.Tool[] {
  return tools.map((tool) => ({
    name: tool.name,
    description: tool.description,
    input_schema: { type: "object", ...plainSchema(tool.parameters) } as Anthropic.Tool.InputSchema,
  }));
}

/** Builds the streaming request for a context and options. */
export function toAnthropicParams(model: Model, context: Context, options: StreamOptions): Params {
  const maxTokens = options.maxTokens ?? model.maxTokens;
  const thinking = model.reasoning ? anthropicThinking(options.thinking, maxTokens) : undefined;
  const params: Params = {
    model: model.id,
    max_tokens: thinking?.maxTokens ?? maxTokens,
    messages: toMessages(context, model),
    stream: true,
  };
  if (context.systemPrompt) {
    params.system = [{ type: "text", text: context.systemPrompt, cache_control: { type: "ephemeral" } }];
  }
  if (context.tools && context.tools.length > 0) params.tools = toTools(context.tools);
  if (thinking) params.thinking = thinking.thinking;
  // Anthropic rejects a temperature other than 1 while thinking.
  else if (options.temperature !== undefined) params.temperature = options.temperature;
  return params;
}
