/**
 * One word as the shell reader walks it: its text with quotes removed, its glob pattern, and the
 * facts a policy needs (substituted, tilde, brace). The reader feeds it pieces in source order.
 */
import type { ShellWord } from "./shell-parse.js";

/** Stands for a quoted piece or a substitution in the brace view: it is never `{`, `,` or `}`. */
const OPAQUE = "\u0000";
/** `{1..3}`, `{a..e}`, `{10..-10..2}`: the sequence forms bash expands. */
const SEQUENCE = /^(?:[+-]?\d+\.\.[+-]?\d+|[A-Za-z]\.\.[A-Za-z])(?:\.\.[+-]?\d+)?$/;
/** A sequence body is short; a longer one is not checked (it keeps brace detection linear). */
const MAX_SEQUENCE_CHARS = 64;

export class WordBuilder {
  private text = "";
  /** The text with quoted and escaped characters backslash-escaped. */
  private glob = "";
  /** The text with each quoted piece and substitution replaced by OPAQUE, for brace detection. */
  private braceView = "";
  private substituted = false;
  private globChars = false;
  private tilde = false;
  private openBrace = false;

  /** Unquoted, unescaped characters (`atStart`: they begin the word). */
  plain(chars: string, atStart: boolean): void {
    this.text += chars;
    this.glob += chars;
    this.braceView += chars;
    if (/[*?[]/.test(chars)) this.globChars = true;
    if (atStart && chars.startsWith("~")) this.tilde = true;
    if (chars.includes("{")) this.openBrace = true;
  }

  /** Characters quoted or backslash-escaped in the source: taken literally, escaped in the glob. */
  quoted(chars: string): void {
    this.text += chars;
    this.glob += escapeEach(chars);
    this.braceView += OPAQUE;
  }

  /** A substitution, kept in the text as written. */
  substitution(written: string): void {
    this.text += written;
    this.braceView += OPAQUE;
    this.substituted = true;
  }

  build(raw: string): ShellWord {
    const brace = this.openBrace && hasBraceExpansion(this.braceView);
    const word: ShellWord = {
      text: this.text,
      dynamic: this.substituted || this.globChars || this.tilde || brace,
      raw,
      substituted: this.substituted,
      tilde: this.tilde,
      brace,
    };
    if (this.globChars && !this.substituted) word.glob = this.glob;
    return word;
  }
}

/**
 * Whether bash would brace-expand a word (given with quoted parts made opaque): a `{…}` pair with
 * an unquoted comma at its own level, or a sequence `{x..y[..step]}`. One pass with a stack.
 */
export function hasBraceExpansion(view: string): boolean {
  const open: { start: number; comma: boolean; nested: boolean }[] = [];
  for (let i = 0; i < view.length; i++) {
    const ch = view[i];
    if (ch === "{") {
      const parent = open.at(-1);
      if (parent) parent.nested = true;
      open.push({ start: i, comma: false, nested: false });
    } else if (ch === ",") {
      const top = open.at(-1);
      if (top) top.comma = true;
    } else if (ch === "}") {
      const frame = open.pop();
      if (!frame) continue;
      if (frame.comma) return true;
      const body = i - frame.start - 1;
      if (!frame.nested && body <= MAX_SEQUENCE_CHARS && SEQUENCE.test(view.slice(frame.start + 1, i)))
        return true;
    }
  }
  return false;
}

/** Every character (code point) preceded by a backslash: literal in a glob. */
function escapeEach(chars: string): string {
  let escaped = "";
  for (const ch of chars) escaped += `\\${ch}`;
  return escaped;
}
