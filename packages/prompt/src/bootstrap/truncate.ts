/** Shares of the budget (after the marker) kept from the start and the end of a long file. */
const HEAD_SHARE = 0.75;
const TAIL_SHARE = 0.25;

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
  const marker = `[… ${fileName} is ${rawChars.toLocaleString("en-US")} characters; only its start and end are shown here. Read the file for the full text …]`;
  // The marker and its two blank-line separators come out of the budget, so the result never exceeds it.
  const available = Math.max(0, maxChars - marker.length - 4);
  const [head, tail] = dropBrokenSurrogates(
    text.slice(0, Math.floor(available * HEAD_SHARE)),
    text.slice(text.length - Math.floor(available * TAIL_SHARE)),
  );
  if (!head && !tail) return { text: marker, truncated: true };
  return { text: `${head.trimEnd()}\n\n${marker}\n\n${tail.trimStart()}`, truncated: true };
}
