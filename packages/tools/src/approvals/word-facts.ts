/**
 * What the shell would do to one word, from the parser's `ShellWord` fields: substitute (`$…`,
 * backticks, `<(…)`), expand a glob (with quoted characters escaped), `~`, or braces.
 */
import type { ShellWord } from "../exec/shell-parse.js";

export interface WordFacts {
  text: string;
  raw: string;
  substituted: boolean;
  /** The glob pattern (quoted characters backslash-escaped), when the shell would expand one. */
  glob?: string;
  tilde: boolean;
  brace: boolean;
}

export function wordFacts(word: ShellWord): WordFacts {
  return {
    text: word.text,
    raw: word.raw,
    substituted: word.substituted,
    tilde: word.tilde,
    brace: word.brace,
    ...(word.glob !== undefined && !word.substituted ? { glob: word.glob } : {}),
  };
}
