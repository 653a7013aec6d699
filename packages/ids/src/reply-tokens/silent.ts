/**
 * Silent reply tokens: words an agent answers with when nothing should reach the user. One owner
 * for the list; the runtime uses it to suppress replies, the channel outbox to guarantee that a
 * token never reaches a chat, whatever its case or place.
 */
export const SILENT_TOKENS = ["NO_REPLY", "REPLY_SKIP", "ANNOUNCE_SKIP"] as const;
export const HEARTBEAT_TOKEN = "HEARTBEAT_OK";

const ALL_TOKENS = [...SILENT_TOKENS, HEARTBEAT_TOKEN];
const EDGE_TOKEN = new RegExp(
  `^(?:\\s|[*_\`~.!:;,-])*(?:${ALL_TOKENS.join("|")})(?![A-Za-z0-9])(?:\\s|[*_\`~.!:;,-])*`,
  "i",
);
const TRAILING_TOKEN = new RegExp(
  `(?:\\s|[*_\`~:;,-])*\\b(?:${ALL_TOKENS.join("|")})(?:\\s|[*_\`~.!:;,-])*$`,
  "i",
);

/**
 * Removes silent tokens at the start or end of a reply (any case, with surrounding markdown
 * emphasis or punctuation); returns the text left to deliver, empty when nothing is.
 *
 * @example
 * stripSilentTokens("no_reply");               // → ""
 * stripSilentTokens("Done.\n\nHEARTBEAT_OK");  // → "Done."
 * stripSilentTokens("**NO_REPLY** ok");         // → "ok"
 */
export function stripSilentTokens(text: string): string {
  let rest = text;
  for (let previous = ""; previous !== rest; ) {
    previous = rest;
    rest = rest.replace(EDGE_TOKEN, "").replace(TRAILING_TOKEN, "");
  }
  return rest.trim();
}

/** A last word that is still the start of a token ("NO_RE", "**heart"), with what precedes it. */
const TRAILING_WORD = /(^|[\s*_`~.!:;,-])[*_`~]*([A-Za-z_]+)$/;

/**
 * The part of a reply still being written that may be shown: silent tokens stripped as
 * `stripSilentTokens` does, and a last word that may yet grow into one ("NO_", "heartbe")
 * held back until the next words decide. Empty while nothing can be shown.
 *
 * @example
 * visibleWhileStreaming("NO_RE");          // → ""
 * visibleWhileStreaming("Done.\n\nHEART"); // → "Done."
 * visibleWhileStreaming("Hello there");    // → "Hello there"
 */
export function visibleWhileStreaming(text: string): string {
  let visible = stripSilentTokens(text);
  for (let previous = ""; previous !== visible; ) {
    previous = visible;
    const last = TRAILING_WORD.exec(visible);
    const word = last?.[2]?.toUpperCase();
    if (last && word && ALL_TOKENS.some((token) => token.startsWith(word) && token !== word))
      visible = stripSilentTokens(visible.slice(0, last.index + (last[1]?.length ?? 0)));
  }
  return /^[\s*_`~.!:;,-]*$/.test(visible) ? "" : visible;
}
