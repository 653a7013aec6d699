/**
 * What the shell would do to one word: substitute, glob, expand `~` or braces. Reads the parser's
 * `ShellWord` fields (`raw`, `substituted`, `glob`, `tilde`, `brace`); for a parser that does not
 * set them yet, derives them from `text` and `dynamic`, erring towards "the shell changes it".
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

interface ParserFields {
  raw: string;
  substituted: boolean;
  glob: string;
  tilde: boolean;
  brace: boolean;
}

export function wordFacts(word: ShellWord): WordFacts {
  const w = word as ShellWord & Partial<ParserFields>;
  const computed = word.dynamic && /[$`]|[<>]\(/.test(word.text);
  const substituted = w.substituted ?? computed;
  const tilde = w.tilde ?? (word.dynamic && word.text.startsWith("~"));
  const brace = w.brace ?? (word.dynamic && /\{[^}]*(,|\.\.)[^}]*\}/.test(word.text));
  const fallbackGlob = word.dynamic && !computed && /[*?[]/.test(word.text) ? word.text : undefined;
  const glob = w.raw !== undefined ? w.glob : fallbackGlob;
  return {
    text: word.text,
    raw: w.raw ?? word.text,
    substituted,
    tilde,
    brace,
    ...(glob !== undefined && !substituted ? { glob } : {}),
  };
}
