/** Head + tail truncation with a visible marker: tool output is cut, never silently. */
export interface Truncated {
  text: string;
  truncated: boolean;
  omittedChars: number;
}

/**
 * Keeps the first `head` and last `tail` characters of `text` when it exceeds `max`.
 *
 * @example
 * truncateMiddle("x".repeat(50_000), { max: 30_000 }).text // "xxx…\n[… 20000 characters omitted …]\n…xxx"
 */
export function truncateMiddle(text: string, options: { max: number; headRatio?: number }): Truncated {
  if (text.length <= options.max) return { text, truncated: false, omittedChars: 0 };
  const head = Math.floor(options.max * (options.headRatio ?? 0.5));
  const tail = options.max - head;
  const omitted = text.length - head - tail;
  return {
    text: `${text.slice(0, head)}\n[… ${omitted} characters omitted …]\n${text.slice(text.length - tail)}`,
    truncated: true,
    omittedChars: omitted,
  };
}

/** True when a buffer looks binary (NUL bytes or many control characters in its first 8 KB). */
export function looksBinary(buffer: Buffer): boolean {
  const sample = buffer.subarray(0, 8192);
  let control = 0;
  for (const byte of sample) {
    if (byte === 0) return true;
    if (byte < 7 || (byte > 13 && byte < 32)) control++;
  }
  return sample.length > 0 && control / sample.length > 0.1;
}
