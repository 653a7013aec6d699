/**
 * Our conversation → Gemini `contents`. Thought signatures go back on the part they came with;
 * tool results become `functionResponse` parts in one user turn, as Gemini expects after a
 * parallel call.
 */
import type { Content, Part } from "@google/genai";
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

/** Signatures are only valid for the model that made them. */
function sameModel(message: AssistantMessage, model: Model): boolean {
  return message.api === model.api && message.provider === model.provider && message.model === model.id;
}

function assistantParts(message: AssistantMessage, model: Model): Part[] {
  const own = sameModel(message, model);
  const parts: Part[] = [];
  for (const block of message.content) {
    if (block.type === "text") {
      if (block.text === "" && !(own && block.textSignature)) continue;
      parts.push(
        own && block.textSignature
          ? { text: block.text, thoughtSignature: block.textSignature }
          : { text: block.text },
      );
    } else if (block.type === "thinking") {
      // Foreign reasoning cannot be replayed as Gemini thoughts; it is context, so keep it as text.
      if (!own) {
        if (block.thinking) parts.push({ text: block.thinking });
        continue;
      }
      const part: Part = { text: block.thinking, thought: true };
      if (block.thinkingSignature) part.thoughtSignature = block.thinkingSignature;
      parts.push(part);
    } else {
      const part: Part = { functionCall: { name: block.name, args: block.arguments } };
      if (own && block.thoughtSignature) part.thoughtSignature = block.thoughtSignature;
      parts.push(part);
    }
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
 * Converts messages to Gemini contents, merging consecutive tool results into one user turn.
 *
 * @example
 * toGeminiContents([{ role: "user", content: "hi", timestamp: 0 }], model);
 * // [{ role: "user", parts: [{ text: "hi" }] }]
 */
export function toGeminiContents(messages: readonly Message[], model: Model): Content[] {
  const contents: Content[] = [];
  for (const message of messages) {
    const previous = contents.at(-1);
    if (message.role === "user") {
      contents.push({ role: "user", parts: userParts(message.content) });
    } else if (message.role === "assistant") {
      const parts = assistantParts(message, model);
      if (parts.length > 0) contents.push({ role: "model", parts });
    } else if (previous?.role === "user" && previous.parts?.some((part) => part.functionResponse)) {
      previous.parts.push(...toolResultParts(message));
    } else {
      contents.push({ role: "user", parts: toolResultParts(message) });
    }
  }
  return contents;
}
