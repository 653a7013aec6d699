/** Share of the budget kept from the start and the end of a long file; the rest is the marker. */
const HEAD_SHARE = 0.7;
const TAIL_SHARE = 0.2;

function dropBrokenSurrogates(head: string, tail: string): [string, string] {
  const last = head.charCodeAt(head.length - 1);
  const first = tail.charCodeAt(0);
  return [
    last >= 0xd800 && last <= 0xdbff ? head.slice(0, -1) : head,
    first >= 0xdc00 && first <= 0xdfff ? tail.slice(1) : tail,
  ];
}

/**
 * Keeps the head and tail of `text` within `maxChars`, with a visible marker in between that says
 * how much was cut and how to get the rest.
 *
 * @example
 * truncateHeadTail("a".repeat(50_000), 20_000, "TOOLS.md").truncated; // true
 */
export function truncateHeadTail(
  text: string,
  maxChars: number,
  fileName: string,
  rawChars = text.length,
): { text: string; truncated: boolean } {
  if (text.length <= maxChars && rawChars <= text.length) return { text, truncated: false };
  const [head, tail] = dropBrokenSurrogates(
    text.slice(0, Math.floor(maxChars * HEAD_SHARE)),
    text.slice(text.length - Math.floor(maxChars * TAIL_SHARE)),
  );
  const cut = rawChars - head.length - tail.length;
  const marker = `[… ${cut.toLocaleString("en-US")} characters of ${fileName} truncated (kept ${head.length.toLocaleString("en-US")} from the start and ${tail.length.toLocaleString("en-US")} from the end); read the file for the full text …]`;
  return { text: `${head.trimEnd()}\n\n${marker}\n\n${tail.trimStart()}`, truncated: true };
}
