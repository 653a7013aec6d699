/**
 * Characters a person reading a command cannot see, or would read differently from the shell:
 * controls, Unicode spaces and separators, zero-width, format and bidi characters. The shell
 * reader refuses a command that contains any of them (anywhere, quotes included), so a person is
 * asked instead of an allowlist vouching for text nobody could read.
 */

/** A range of code points and the name a person is shown for them. */
export interface UnsafeCharacterRange {
  from: number;
  to: number;
  name: string;
}

/** The characters refused by name; anything else Unicode calls a control, format or separator is refused too. */
export const UNSAFE_CHARACTERS: readonly UnsafeCharacterRange[] = [
  { from: 0x0000, to: 0x0000, name: "NUL" },
  { from: 0x0001, to: 0x0006, name: "control character" },
  { from: 0x0007, to: 0x0007, name: "bell" },
  { from: 0x0008, to: 0x0008, name: "backspace" },
  { from: 0x000b, to: 0x000b, name: "vertical tab" },
  { from: 0x000c, to: 0x000c, name: "form feed" },
  { from: 0x000d, to: 0x000d, name: "carriage return" },
  { from: 0x000e, to: 0x001a, name: "control character" },
  { from: 0x001b, to: 0x001b, name: "escape" },
  { from: 0x001c, to: 0x001f, name: "control character" },
  { from: 0x007f, to: 0x007f, name: "delete" },
  { from: 0x0080, to: 0x0084, name: "C1 control character" },
  { from: 0x0085, to: 0x0085, name: "next line" },
  { from: 0x0086, to: 0x009f, name: "C1 control character" },
  { from: 0x00a0, to: 0x00a0, name: "no-break space" },
  { from: 0x00ad, to: 0x00ad, name: "soft hyphen" },
  { from: 0x034f, to: 0x034f, name: "combining grapheme joiner" },
  { from: 0x061c, to: 0x061c, name: "Arabic letter mark" },
  { from: 0x115f, to: 0x1160, name: "Hangul filler" },
  { from: 0x1680, to: 0x1680, name: "Ogham space mark" },
  { from: 0x180e, to: 0x180e, name: "Mongolian vowel separator" },
  { from: 0x2000, to: 0x200a, name: "typographic space" },
  { from: 0x200b, to: 0x200b, name: "zero width space" },
  { from: 0x200c, to: 0x200c, name: "zero width non-joiner" },
  { from: 0x200d, to: 0x200d, name: "zero width joiner" },
  { from: 0x200e, to: 0x200e, name: "left-to-right mark" },
  { from: 0x200f, to: 0x200f, name: "right-to-left mark" },
  { from: 0x2028, to: 0x2028, name: "line separator" },
  { from: 0x2029, to: 0x2029, name: "paragraph separator" },
  { from: 0x202a, to: 0x202a, name: "left-to-right embedding" },
  { from: 0x202b, to: 0x202b, name: "right-to-left embedding" },
  { from: 0x202c, to: 0x202c, name: "pop directional formatting" },
  { from: 0x202d, to: 0x202d, name: "left-to-right override" },
  { from: 0x202e, to: 0x202e, name: "right-to-left override" },
  { from: 0x202f, to: 0x202f, name: "narrow no-break space" },
  { from: 0x205f, to: 0x205f, name: "medium mathematical space" },
  { from: 0x2060, to: 0x2064, name: "invisible operator or word joiner" },
  { from: 0x2066, to: 0x2066, name: "left-to-right isolate" },
  { from: 0x2067, to: 0x2067, name: "right-to-left isolate" },
  { from: 0x2068, to: 0x2068, name: "first strong isolate" },
  { from: 0x2069, to: 0x2069, name: "pop directional isolate" },
  { from: 0x206a, to: 0x206f, name: "deprecated format character" },
  { from: 0x2800, to: 0x2800, name: "braille pattern blank" },
  { from: 0x3000, to: 0x3000, name: "ideographic space" },
  { from: 0x3164, to: 0x3164, name: "Hangul filler" },
  { from: 0xd800, to: 0xdfff, name: "unpaired surrogate" },
  { from: 0xfeff, to: 0xfeff, name: "zero width no-break space (byte order mark)" },
  { from: 0xffa0, to: 0xffa0, name: "halfwidth Hangul filler" },
  { from: 0xfff9, to: 0xfffb, name: "interlinear annotation character" },
  { from: 0xe0000, to: 0xe007f, name: "tag character" },
];

/**
 * One native, allocation-free scan for any refused character: the table's ranges plus every
 * format character, separator and lone surrogate Unicode defines (the plain space excepted).
 */
const ANY_UNSAFE = new RegExp(
  `(?! )[\\p{Cf}\\p{Z}\\p{Cs}${UNSAFE_CHARACTERS.map((r) => `\\u{${r.from.toString(16)}}-\\u{${r.to.toString(16)}}`).join("")}]`,
  "u",
);

export interface UnsafeCharacter {
  /** `U+000D` */
  codePoint: string;
  name: string;
  /** 1-based position, counted in characters (code points), as a person counts. */
  position: number;
}

/**
 * The first character of `input` a person could not read as the shell does, if any. Linear.
 * @example
 * findUnsafeCharacter("ls\r"); // { codePoint: "U+000D", name: "carriage return", position: 3 }
 * findUnsafeCharacter("ls -l\tsrc\n"); // undefined (tab and newline are what the shell treats as blanks and separators)
 */
export function findUnsafeCharacter(input: string): UnsafeCharacter | undefined {
  const index = input.search(ANY_UNSAFE);
  if (index < 0) return undefined;
  const cp = input.codePointAt(index) as number;
  return { codePoint: formatCodePoint(cp), name: unsafeName(cp), position: characterPosition(input, index) };
}

/** The 1-based position a person counts (in code points) of the UTF-16 `index` of `input`. */
export function characterPosition(input: string, index: number): number {
  let position = 1;
  for (let i = 0; i < index; i++) {
    const unit = input.charCodeAt(i);
    if (unit < 0xdc00 || unit > 0xdfff || !isHighSurrogate(input.charCodeAt(i - 1))) position++;
  }
  return position;
}

function isHighSurrogate(unit: number): boolean {
  return unit >= 0xd800 && unit <= 0xdbff;
}

function unsafeName(cp: number): string {
  for (const range of UNSAFE_CHARACTERS) if (cp >= range.from && cp <= range.to) return range.name;
  // Not in the table, so Unicode calls it a separator or a format character.
  return /\p{Z}/u.test(String.fromCodePoint(cp))
    ? "space or separator character"
    : "invisible format character";
}

/** `U+000D`, `U+1F600` */
export function formatCodePoint(cp: number): string {
  return `U+${cp.toString(16).toUpperCase().padStart(4, "0")}`;
}
