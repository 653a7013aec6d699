import type { Message } from "@claw/providers";

/** The heuristic used when no tokenizer is at hand: about four characters per token. */
export const CHARS_PER_TOKEN = 4;
/** What one image costs, in characters, for the character heuristic (8000 chars ≈ 2000 tokens). */
export const IMAGE_CHAR_ESTIMATE = 8000;

/**
 * Calls `onText` for every piece of text a model sees in `message` and returns how many images it
 * carries. `toolResult.details` is never visited: it is UI/log data, never sent to a model.
 */
export function visitMessageText(message: Message, onText: (text: string) => void): number {
  let images = 0;
  switch (message.role) {
    case "user":
      if (typeof message.content === "string") {
        onText(message.content);
        return 0;
      }
      for (const block of message.content) {
        if (block.type === "text") onText(block.text);
        else images++;
      }
      return images;
    case "assistant":
      for (const block of message.content) {
        if (block.type === "text") onText(block.text);
        else if (block.type === "thinking") onText(block.thinking);
        else {
          onText(block.name);
          onText(JSON.stringify(block.arguments ?? {}));
        }
      }
      return 0;
    case "toolResult":
      for (const block of message.content) {
        if (block.type === "text") onText(block.text);
        else images++;
      }
      return images;
  }
}

/**
 * Characters a model sees in one message, with each image counted as {@link IMAGE_CHAR_ESTIMATE}.
 *
 * @example
 * estimateMessageChars({ role: "toolResult", toolCallId: "t1", toolName: "read", isError: false,
 *   timestamp: 0, content: [{ type: "text", text: "x".repeat(100) }, { type: "image", data: "", mimeType: "image/png" }] });
 * // → 8100
 */
export function estimateMessageChars(message: Message): number {
  let chars = 0;
  const images = visitMessageText(message, (text) => {
    chars += text.length;
  });
  return chars + images * IMAGE_CHAR_ESTIMATE;
}

/** The model-visible text of a message joined by newlines (images and details left out). */
export function messageText(message: Message): string {
  const parts: string[] = [];
  visitMessageText(message, (text) => parts.push(text));
  return parts.join("\n");
}
