/**
 * Context → Chat Completions request body.
 */
import type OpenAI from "openai";
import { transformMessages } from "../../transform/transform-messages.js";
import type { Context, ImageContent, Model, StreamOptions, TextContent } from "../../types.js";
import { toOpenAIParameters } from "../shared/openai-schema.js";

type Params = OpenAI.Chat.ChatCompletionCreateParamsStreaming;
type ChatMessage = OpenAI.Chat.ChatCompletionMessageParam;
type UserPart = OpenAI.Chat.ChatCompletionContentPart;

function userContent(content: string | (TextContent | ImageContent)[]): string | UserPart[] {
  if (typeof content === "string") return content;
  return content.map(
    (block): UserPart =>
      block.type === "text"
        ? { type: "text", text: block.text }
        : { type: "image_url", image_url: { url: `data:${block.mimeType};base64,${block.data}` } },
  );
}

function toMessages(context: Context, model: Model): ChatMessage[] {
  const out: ChatMessage[] = [];
  if (context.systemPrompt) {
    // OpenAI's reasoning models take instructions as the "developer" role.
    const role = model.reasoning && model.provider === "openai" ? "developer" : "system";
    out.push({ role, content: context.systemPrompt });
  }
  for (const message of transformMessages(context.messages, model)) {
    if (message.role === "user") {
      out.push({ role: "user", content: userContent(message.content) });
    } else if (message.role === "assistant") {
      const text = message.content
        .filter((b): b is TextContent => b.type === "text")
        .map((b) => b.text)
        .join("");
      const calls = message.content.flatMap((b) =>
        b.type === "toolCall"
          ? [
              {
                id: b.id,
                type: "function" as const,
                function: { name: b.name, arguments: JSON.stringify(b.arguments) },
              },
            ]
          : [],
      );
      if (text === "" && calls.length === 0) continue;
      const assistant: OpenAI.Chat.ChatCompletionAssistantMessageParam = {
        role: "assistant",
        content: text || null,
      };
      if (calls.length > 0) assistant.tool_calls = calls;
      out.push(assistant);
    } else {
      const text = message.content
        .filter((b): b is TextContent => b.type === "text")
        .map((b) => b.text)
        .join("\n");
      out.push({
        role: "tool",
        tool_call_id: message.toolCallId,
        content: text || (message.isError ? "Error" : "(no output)"),
      });
      const images = message.content.filter((b): b is ImageContent => b.type === "image");
      // Tool messages cannot carry images; hand them over as the next user turn.
      if (images.length > 0 && model.input.includes("image")) {
        out.push({
          role: "user",
          content: [
            { type: "text", text: `Images returned by ${message.toolName}:` },
            ...(userContent(images) as UserPart[]),
          ],
        });
      }
    }
  }
  return out;
}

/** Builds the streaming request for a context and options. */
export function toCompletionsParams(model: Model, context: Context, options: StreamOptions): Params {
  const params: Params = {
    model: model.id,
    messages: toMessages(context, model),
    stream: true,
    stream_options: { include_usage: true },
  };
  const maxTokens = options.maxTokens ?? model.maxTokens;
  // OpenAI renamed the field; many compatible servers only know the old one.
  if (model.provider === "openai") params.max_completion_tokens = maxTokens;
  else params.max_tokens = maxTokens;
  if (options.temperature !== undefined) params.temperature = options.temperature;
  if (model.reasoning && options.thinking && options.thinking !== "off")
    params.reasoning_effort = options.thinking;
  if (context.tools && context.tools.length > 0) {
    params.tools = context.tools.map((tool) => ({
      type: "function",
      function: {
        name: tool.name,
        description: tool.description,
        parameters: toOpenAIParameters(tool.parameters),
      },
    }));
  }
  if (options.sessionId && model.provider === "openai") params.prompt_cache_key = options.sessionId;
  return params;
}
