/**
 * Builds the native `/api/chat` request: messages with images and tool round-trips, tools,
 * `think`, and options (num_ctx from the model so truncation happens where we can see it).
 */
import type { ChatRequest, Message as OllamaMessage, Tool as OllamaTool } from "ollama";
import { transformMessages } from "../../transform/transform-messages.js";
import type {
  Context,
  ImageContent,
  Message,
  Model,
  StreamOptions,
  TextContent,
  ThinkingLevel,
} from "../../types.js";

/** What `think` is sent for each level: gpt-oss takes effort levels, other reasoners a boolean. */
export const OLLAMA_THINK_LEVELS: Record<ThinkingLevel, "low" | "medium" | "high" | false> = {
  off: false,
  minimal: "low",
  low: "low",
  medium: "medium",
  high: "high",
};

/** Newer servers accept ids on tool calls and `tool_call_id` on results; older ones ignore them. */
type WireMessage = OllamaMessage & {
  tool_calls?: { id?: string; function: { name: string; arguments: Record<string, unknown> } }[];
  tool_call_id?: string;
};

/**
 * The `think` value for a model and level; `undefined` leaves the server default.
 *
 * @example
 * thinkFor({ id: "qwen3:8b", reasoning: true }, "high"); // true
 */
export function thinkFor(
  model: Pick<Model, "id" | "reasoning">,
  level: ThinkingLevel | undefined,
): ChatRequest["think"] {
  if (!model.reasoning || level === undefined) return undefined;
  const value = OLLAMA_THINK_LEVELS[level];
  if (value === false) return false;
  return model.id.startsWith("gpt-oss") ? value : true;
}

const textOf = (blocks: readonly (TextContent | ImageContent)[]) =>
  blocks
    .filter((b): b is TextContent => b.type === "text")
    .map((b) => b.text)
    .join("\n");
const imagesOf = (blocks: readonly (TextContent | ImageContent)[]) =>
  blocks.filter((b): b is ImageContent => b.type === "image").map((b) => b.data);

function toWire(message: Message): WireMessage {
  if (message.role === "user") {
    if (typeof message.content === "string") return { role: "user", content: message.content };
    const images = imagesOf(message.content);
    return { role: "user", content: textOf(message.content), ...(images.length ? { images } : {}) };
  }
  if (message.role === "toolResult") {
    const images = imagesOf(message.content);
    return {
      role: "tool",
      content: textOf(message.content),
      tool_name: message.toolName,
      tool_call_id: message.toolCallId,
      ...(images.length ? { images } : {}),
    };
  }
  let content = "";
  let thinking = "";
  const calls: NonNullable<WireMessage["tool_calls"]> = [];
  for (const block of message.content) {
    if (block.type === "text") content += block.text;
    else if (block.type === "thinking") thinking += block.thinking;
    else calls.push({ id: block.id, function: { name: block.name, arguments: block.arguments } });
  }
  return {
    role: "assistant",
    content,
    ...(thinking ? { thinking } : {}),
    ...(calls.length ? { tool_calls: calls } : {}),
  };
}

/**
 * The chat request for one call (streaming).
 *
 * @example
 * buildOllamaRequest(model, { messages }, { maxTokens: 512 });
 */
export function buildOllamaRequest(
  model: Model,
  context: Context,
  options: StreamOptions,
): ChatRequest & { stream: true } {
  const messages: OllamaMessage[] = context.systemPrompt
    ? [{ role: "system", content: context.systemPrompt }]
    : [];
  for (const message of transformMessages(context.messages, model)) messages.push(toWire(message));
  const tools: OllamaTool[] | undefined = context.tools?.map((tool) => ({
    type: "function",
    function: {
      name: tool.name,
      description: tool.description,
      parameters: tool.parameters as NonNullable<OllamaTool["function"]["parameters"]>,
    },
  }));
  const request: ChatRequest & { stream: true } = {
    model: model.id,
    messages,
    stream: true,
    options: {
      num_ctx: model.contextWindow,
      ...(options.maxTokens !== undefined ? { num_predict: options.maxTokens } : {}),
      ...(options.temperature !== undefined ? { temperature: options.temperature } : {}),
    },
  };
  if (tools?.length) request.tools = tools;
  const think = thinkFor(model, options.thinking);
  if (think !== undefined) request.think = think;
  return request;
}
