/**
 * Context → Responses API request body. Reasoning items travel back verbatim (stored as the
 * thinking signature) so a reasoning chain continues across tool calls with `store: false`.
 */
import type OpenAI from "openai";
import { transformMessages } from "../../transform/transform-messages.js";
import type {
  AssistantMessage,
  Context,
  ImageContent,
  Model,
  StreamOptions,
  TextContent,
} from "../../types.js";
import { toOpenAIParameters } from "../shared/openai-schema.js";

type Params = OpenAI.Responses.ResponseCreateParamsStreaming;
type InputItem = OpenAI.Responses.ResponseInputItem;
type InputContent = OpenAI.Responses.ResponseInputContent;

function userContent(content: string | (TextContent | ImageContent)[]): InputContent[] {
  if (typeof content === "string") return [{ type: "input_text", text: content }];
  return content.map(
    (block): InputContent =>
      block.type === "text"
        ? { type: "input_text", text: block.text }
        : { type: "input_image", detail: "auto", image_url: `data:${block.mimeType};base64,${block.data}` },
  );
}

function reasoningItem(signature: string | undefined): InputItem | undefined {
  if (!signature) return undefined;
  try {
    const item = JSON.parse(signature) as { type?: unknown };
    return item.type === "reasoning" ? (item as InputItem) : undefined;
  } catch {
    return undefined;
  }
}

function assistantItems(message: AssistantMessage): InputItem[] {
  const items: InputItem[] = [];
  for (const block of message.content) {
    if (block.type === "thinking") {
      const item = reasoningItem(block.thinkingSignature);
      if (item) items.push(item);
    } else if (block.type === "text") {
      if (block.text !== "") items.push({ role: "assistant", content: block.text });
    } else {
      items.push({
        type: "function_call",
        call_id: block.id,
        name: block.name,
        arguments: JSON.stringify(block.arguments),
      });
    }
  }
  return items;
}

function toInput(context: Context, model: Model): InputItem[] {
  const items: InputItem[] = [];
  for (const message of transformMessages(context.messages, model)) {
    if (message.role === "user") {
      items.push({ role: "user", content: userContent(message.content) });
    } else if (message.role === "assistant") {
      items.push(...assistantItems(message));
    } else {
      const text = message.content
        .filter((b): b is TextContent => b.type === "text")
        .map((b) => b.text)
        .join("\n");
      items.push({
        type: "function_call_output",
        call_id: message.toolCallId,
        output: text || "(no output)",
      });
      const images = message.content.filter((b): b is ImageContent => b.type === "image");
      if (images.length > 0 && model.input.includes("image"))
        items.push({ role: "user", content: userContent(images) });
    }
  }
  return items;
}

/** Builds the streaming request for a context and options. */
export function toResponsesParams(model: Model, context: Context, options: StreamOptions): Params {
  const params: Params = {
    model: model.id,
    input: toInput(context, model),
    stream: true,
    store: false,
    max_output_tokens: options.maxTokens ?? model.maxTokens,
  };
  if (context.systemPrompt) params.instructions = context.systemPrompt;
  if (options.temperature !== undefined) params.temperature = options.temperature;
  if (model.reasoning) {
    const effort = !options.thinking || options.thinking === "off" ? "minimal" : options.thinking;
    params.reasoning = { effort, summary: "auto" };
    params.include = ["reasoning.encrypted_content"];
  }
  if (context.tools && context.tools.length > 0) {
    params.tools = context.tools.map((tool) => ({
      type: "function",
      name: tool.name,
      description: tool.description,
      parameters: toOpenAIParameters(tool.parameters),
      strict: false,
    }));
  }
  if (options.sessionId) params.prompt_cache_key = options.sessionId;
  return params;
}
