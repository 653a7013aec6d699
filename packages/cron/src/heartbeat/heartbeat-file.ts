/** HEARTBEAT.md: the standing checklist a heartbeat run works from. */

/**
 * True when the file has nothing to act on: only whitespace, Markdown headings, HTML comments,
 * or empty list items. Such a beat is skipped without a model call.
 *
 * @example
 * isHeartbeatFileEmpty("# Heartbeat\n<!-- add checks here -->\n"); // → true
 */
export function isHeartbeatFileEmpty(text: string | undefined): boolean {
  if (text === undefined) return true;
  const withoutComments = text.replace(/<!--[\s\S]*?(-->|$)/g, "");
  return withoutComments
    .split("\n")
    .map((line) => line.trim())
    .every(
      (line) => line === "" || /^#{1,6}(\s|$)/.test(line) || /^([-*+]|\d+\.)\s*(\[[ xX]?\])?\s*$/.test(line),
    );
}
