/**
 * Telegram's HTML parse mode as the fake enforces it: only the documented tags, every tag
 * closed in order, `<`, `>` and `&` escaped in text. Returns what is wrong, or undefined.
 */
const TAGS = new Set([
  "b",
  "strong",
  "i",
  "em",
  "u",
  "ins",
  "s",
  "strike",
  "del",
  "a",
  "code",
  "pre",
  "tg-spoiler",
  "span",
  "blockquote",
]);

export function validateTelegramHtml(text: string): string | undefined {
  const stack: string[] = [];
  const token = /<(\/?)([a-z-]+)([^>]*)>|<|&(?!(?:amp|lt|gt|quot|#\d+);)/g;
  for (const match of text.matchAll(token)) {
    const at = match.index ?? 0;
    if (match[0] === "<") return `unsupported start tag at byte offset ${at}`;
    if (match[0] === "&") return `unsupported entity at byte offset ${at}`;
    const [, closing, name = ""] = match;
    if (!TAGS.has(name)) return `unsupported start tag "${name}" at byte offset ${at}`;
    if (closing) {
      if (stack.pop() !== name) return `unexpected end tag "${name}" at byte offset ${at}`;
    } else stack.push(name);
  }
  return stack.length > 0 ? `can't find end tag corresponding to start tag "${stack.at(-1)}"` : undefined;
}

/** The visible length of HTML text (what Telegram's 4096 limit counts). */
export function htmlTextLength(text: string): number {
  return text.replace(/<[^>]+>/g, "").replace(/&(amp|lt|gt|quot|#\d+);/g, "x").length;
}
