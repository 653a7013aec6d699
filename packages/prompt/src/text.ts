/** Text primitives shared by the prompt sections, the skills block and the report. */

// biome-ignore lint/suspicious/noControlCharactersInRegex: stripping control characters is the point
const CONTROL = /[\u0000-\u001f\u007f-\u009f\u2028\u2029]+/g;

// biome-ignore lint/suspicious/noControlCharactersInRegex: the same characters as CONTROL
const NEEDS_CLEANING = /[\u0000-\u001f\u007f-\u009f\u2028\u2029]|\s\s|^\s|\s$/;

/** Collapses a value to one printable line: control characters and newlines become spaces. */
export function oneLine(value: string): string {
  // Most values (names, paths, summaries) are already one clean line: one test, no copies.
  if (!NEEDS_CLEANING.test(value)) return value;
  return value
    .replace(CONTROL, " ")
    .replace(/\s{2,}/g, " ")
    .trim();
}

const XML_ESCAPES: Record<string, string> = {
  "&": "&amp;",
  "<": "&lt;",
  ">": "&gt;",
  '"': "&quot;",
  "'": "&apos;",
};

/** Escapes text for an XML element body, after collapsing it to one line. */
export function escapeXml(value: string): string {
  return oneLine(value).replace(/[&<>"']/g, (ch) => XML_ESCAPES[ch] ?? ch);
}

/**
 * Rough token estimate used by `/context`: one token per four characters, halves rounded up.
 *
 * @example
 * estimateTokens("x".repeat(1742)); // 436
 */
export function estimateTokens(chars: number): number {
  return Math.round(chars / 4);
}
