/**
 * Splits a reply into messages a channel accepts: each at most `limit` UTF-16 units, cut at
 * paragraphs, then lines, sentences, spaces; never inside a surrogate pair; a code fence that
 * must be split is closed and reopened so each message renders.
 */
import { chunkReplyText } from "../reply/block-chunker.js";
import { splitTallChunk } from "./split-tall-chunk.js";

/** Room kept for the closing fence the chunker adds when it splits a code block. */
const FENCE_RESERVE = 8;
/** Room kept, with a line cap, for a code block's opening fence repeated after a cut. */
const REOPEN_RESERVE = 32;

/**
 * @example
 * chunkForChannel("a".repeat(5000), 4096).map((c) => c.length); // → [4088, 912]
 * chunkForChannel(twentyLines, 2000, { maxLines: 17 }).length; // → 2
 */
export function chunkForChannel(text: string, limit: number, options: { maxLines?: number } = {}): string[] {
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
