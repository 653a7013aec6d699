/**
 * Splits a reply into messages a channel accepts: each at most `limit` UTF-16 units, cut at
 * paragraphs, then lines, sentences, spaces; never inside a surrogate pair; a code fence that
 * must be split is closed and reopened so each message renders. `chunkMode: "newline"` first
 * makes every paragraph (text between blank lines, outside code fences) its own message.
 */
import { chunkReplyText } from "../reply/block-chunker.js";
import { splitTallChunk } from "./split-tall-chunk.js";

/** Room kept for the closing fence the chunker adds when it splits a code block. */
const FENCE_RESERVE = 8;
/** Room kept, with a line cap, for a code block's opening fence repeated after a cut. */
const REOPEN_RESERVE = 32;

/** `channels.<ch>.chunkMode`: fill messages up to the limit, or a message per paragraph. */
export type ChunkMode = "length" | "newline";

/**
 * @example
 * chunkForChannel("a".repeat(5000), 4096).map((c) => c.length); // → [4088, 912]
 * chunkForChannel(twentyLines, 2000, { maxLines: 17 }).length; // → 2
 * chunkForChannel("One.\n\nTwo.", 4096, { mode: "newline" }); // → ["One.", "Two."]
 */
export function chunkForChannel(
  text: string,
  limit: number,
  options: { maxLines?: number; mode?: ChunkMode } = {},
): string[] {
  if (options.mode === "newline")
    return paragraphsOf(text).flatMap((paragraph) =>
      chunkForChannel(paragraph, limit, options.maxLines ? { maxLines: options.maxLines } : {}),
    );
  const reserve = FENCE_RESERVE + (options.maxLines ? REOPEN_RESERVE : 0);
  const max = Math.max(16, limit - reserve);
  const byLength = chunkReplyText(text, { minChars: Math.floor(max * 0.5), maxChars: max });
  const maxLines = options.maxLines;
  const chunks = maxLines ? byLength.flatMap((chunk) => splitTallChunk(chunk, maxLines)) : byLength;
  for (const chunk of chunks)
    if (chunk.length > limit)
      throw new Error(`chunkForChannel: produced ${chunk.length} chars over the limit ${limit}`);
  return chunks;
}

/** The paragraphs of `text`: split at blank lines, except inside a code fence. */
export function paragraphsOf(text: string): string[] {
  const paragraphs: string[] = [];
  let current: string[] = [];
  let inFence = false;
  for (const line of text.split("\n")) {
    if (/^\s*(```|~~~)/.test(line)) inFence = !inFence;
    if (!inFence && line.trim() === "") {
      if (current.length > 0) paragraphs.push(current.join("\n"));
      current = [];
      continue;
    }
    current.push(line);
  }
  if (current.length > 0) paragraphs.push(current.join("\n"));
  return paragraphs.filter((p) => p.trim() !== "");
}
