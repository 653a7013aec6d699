/**
 * Makes text that a model, a tool, a chat sender or a web page controls safe to write to a
 * terminal.
 *
 * Every code unit a terminal could act on is replaced by a visible stand-in, one for one:
 * ESC → `␛`, the other C0 controls → their control pictures (`␇`, `␈`, …), DEL → `␡`, the C1
 * controls U+0080–U+009F and the bidi controls → `⟨U+009B⟩`. `\n` and `\t` are kept; `\r\n` becomes
 * `\n`, and a lone `\r` (which would overwrite the line) becomes `␍`. Because the introducer and
 * every terminator of an escape sequence (ESC, BEL, ST, the 8-bit CSI/OSC/DCS/SOS/PM/APC) are
 * replaced, no CSI, OSC, DCS or two-character sequence survives, and nothing has to be parsed:
 * an unterminated sequence cannot swallow the text after it, and the work is one linear pass.
 *
 * Sanitise the untrusted text, then style it: the app's own colours are added afterwards.
 */

/** Everything a terminal may act on: C0 but `\t` `\n`, DEL, C1, and the bidi controls. */
// biome-ignore lint/suspicious/noControlCharactersInRegex: matching control characters is this module's job.
const UNSAFE = /[\u0000-\u0008\u000b-\u001f\u007f-\u009f\u061c\u200e\u200f\u202a-\u202e\u2066-\u2069]/;

/** `\r`: a streaming sanitiser must look at what follows one before it is final. */
export const CR = 0x0d;
const LF = 0x0a;

/** The same set as `UNSAFE`, for one code unit. */
function isUnsafe(code: number): boolean {
  if (code < 0x20) return code !== 0x09 && code !== LF;
  if (code < 0x7f) return false;
  if (code <= 0x9f) return true;
  return (
    code === 0x061c ||
    code === 0x200e ||
    code === 0x200f ||
    (code >= 0x202a && code <= 0x202e) ||
    (code >= 0x2066 && code <= 0x2069)
  );
}

/** Stand-ins of U+0000–U+009F by code unit (`\t` and `\n` map to themselves, unused). */
const LOW: readonly string[] = Array.from({ length: 0xa0 }, (_, code) =>
  code < 0x20 ? String.fromCharCode(0x2400 + code) : code === 0x7f ? "␡" : codePoint(code),
);

function codePoint(code: number): string {
  return `⟨U+${code.toString(16).toUpperCase().padStart(4, "0")}⟩`;
}

/** The visible stand-in for one unsafe code unit; `next` is the code unit after it. */
function standIn(code: number, next: number): string {
  if (code === CR) return next === LF ? "" : "␍";
  return code < 0xa0 ? (LOW[code] as string) : codePoint(code);
}

/**
 * The text with every terminal control made visible and inert (see the module comment).
 * Text without controls is returned as is, so the common case costs one regex scan.
 *
 * @example
 * sanitizeTerminalText("\x1b[2J\x1b[Hclean"); // → "␛[2J␛[Hclean"
 * sanitizeTerminalText("50%\r100%\r\n");     // → "50%␍100%\n"
 * sanitizeTerminalText("abc\u202edef");        // → "abc⟨U+202E⟩def"
 */
export function sanitizeTerminalText(text: string): string {
  if (!UNSAFE.test(text)) return text;
  let out = "";
  let from = 0;
  for (let i = 0; i < text.length; i++) {
    const code = text.charCodeAt(i);
    if (!isUnsafe(code)) continue;
    out += text.slice(from, i) + standIn(code, text.charCodeAt(i + 1));
    from = i + 1;
  }
  return out + text.slice(from);
}

/** True when `text` holds nothing a terminal would act on (what `sanitizeTerminalText` leaves). */
export function isTerminalSafe(text: string): boolean {
  return !UNSAFE.test(text);
}
