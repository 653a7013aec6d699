/**
 * Our conversation → Gemini `contents`. Thought signatures go back on the part they came with;
 * tool results become `functionResponse` parts in one user turn, as Gemini expects after a
 * parallel call.
 */
import type { Content, Part } from "@google/genai";
import { transformMessages } from "../../transform/transform-messages.js";
import type {
  AssistantMessage,
  ImageContent,
  Message,
  Model,
  TextContent,
  ToolResultMessage,
} from "../../types.js";

function userParts(content: string | (TextContent | ImageContent)[]): Part[] {
  if (typeof content === "string") return [{ text: content }];
  return content.map((block) =>
    block.type === "text"
      ? { text: block.text }
      : { inlineData: { mimeType: block.mimeType, data: block.data } },
  );
}

/** Parts of an assistant turn; `transformMessages` already dropped foreign signatures and thinking. */
function assistantParts(message: AssistantMessage): Part[] {
  const parts: Part[] = [];
  for (const block of message.content) {
    let part: Part;
    if (block.type === "text") {
      if (block.text === "" && !block.textSignature) continue;
      part = { text: block.text };
      if (block.textSignature) part.thoughtSignature = block.textSignature;
    } else if (block.type === "thinking") {
      part = { text: block.thinking, thought: true };
      if (block.thinkingSignature) part.thoughtSignature = block.thinkingSignature;
    } else {
      part = { functionCall: { name: block.name, args: block.arguments } };
      if (block.thoughtSignature) part.thoughtSignature = block.thoughtSignature;
    }
    parts.push(part);
  }
  return parts;
}

function toolResultParts(message: ToolResultMessage): Part[] {
  const text = message.content
    .filter((block): block is TextContent => block.type === "text")
    .map((block) => block.text)
    .join("\n");
  const images = message.content.filter((block): block is ImageContent => block.type === "image");
  const response = message.isError ? { error: text } : { output: text };
  return [
    { functionResponse: { name: message.toolName, response } },
    ...images.map((image) => ({ inlineData: { mimeType: image.mimeType, data: image.data } })),
  ];
}

/**
 * Converts messages to Gemini contents (after the shared cross-provider transform), merging
 * consecutive tool results into one user turn.
 *
 * @example
 * toGeminiContents([{ role: "user", content: "hi", timestamp: 0 }], model);
 * // [{ role: "user", parts: [{ text: "hi" }] }]
 */
export function toGeminiContents(messages: readonly Message[], model: Model): Content[] {
  const contents: Content[] = [];
  for (const message of transformMessages(messages, model)) {
    const previous = contents.at(-1);
    if (message.role === "user") {
      contents.push({ role: "user", parts: userParts(message.content) });
    } else if (message.role === "assistant") {
      const parts = assistantParts(message);
      if (parts.length > 0) contents.push({ role: "model", parts });
    } else if (previous?.role === "user" && previous.parts?.some((part) => part.functionResponse)) {
      previous.parts.push(...toolResultParts(message));
    } else {
      contents.push({ role: "user", parts: toolResultParts(message) });
    }
  }
  return contents;
}
