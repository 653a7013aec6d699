/**
 * Splits a reply into messages a channel accepts: each at most `limit` UTF-16 units, cut at
 * paragraphs, then lines, sentences, spaces; never inside a surrogate pair; a code fence that
 * must be split is closed and reopened so each message renders.
 */
import { chunkReplyText } from "../reply/block-chunker.js";

/** Room kept for the closing fence the chunker adds when it splits a code block. */
const FENCE_RESERVE = 8;

/**
 * @example
 * chunkForChannel("a".repeat(5000), 4096).map((c) => c.length); // → [4088, 912]
 */
export function chunkForChannel(text: string, limit: number): string[] {
  const max = Math.max(16, limit - FENCE_RESERVE);
  const chunks = chunkReplyText(text, { minChars: Math.floor(max * 0.5), maxChars: max });
  for (const chunk of chunks)
    if (chunk.length > limit)
      throw new Error(`chunkForChannel: produced ${chunk.length} chars over the limit ${limit}`);
  return chunks;
}
