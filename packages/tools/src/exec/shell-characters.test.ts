import { describe, expect, it } from "vitest";
import { findUnsafeCharacter, formatCodePoint, UNSAFE_CHARACTERS } from "./shell-characters.js";
import { parseShellCommand } from "./shell-parse.js";

/** Every character the brief names, plus the extras the table adds. */
const REFUSED: number[] = [
  ...range(0x00, 0x08),
  ...range(0x0b, 0x1f),
  0x7f,
  ...range(0x80, 0x9f),
  0xa0,
  0xad,
  0x1680,
  ...range(0x2000, 0x200f),
  0x2028,
  0x2029,
  ...range(0x202a, 0x202e),
  0x202f,
  0x205f,
  ...range(0x2060, 0x2064),
  ...range(0x2066, 0x2069),
  0x3000,
  0xfeff,
  0xe0001,
  0xe0041,
];

/** Where a character can hide in a command; `@` marks the spot. */
const PLACES = [
  "@ls",
  "ls@",
  "ls @-l",
  "ls -@l",
  "echo '@'",
  'echo "@"',
  "echo $(ls @)",
  "echo `ls @`",
  "ls # @",
  "echo a\\@b",
  "ls > out@",
];

function range(from: number, to: number): number[] {
  return Array.from({ length: to - from + 1 }, (_, i) => from + i);
}

describe("findUnsafeCharacter", () => {
  it.each(REFUSED.map((cp) => [formatCodePoint(cp), cp] as const))("refuses %s wherever it is", (_, cp) => {
    const ch = String.fromCodePoint(cp);
    for (const place of PLACES) {
      const command = place.replace("@", ch);
      const parsed = parseShellCommand(command);
      expect(parsed.ok, `${JSON.stringify(command)} was accepted`).toBe(false);
      const position = [...place].indexOf("@") + 1;
      if (!parsed.ok)
        expect(parsed.reason).toMatch(
          new RegExp(
            `^the command contains ${formatCodePoint(cp).replace("+", "\\+")} \\(.+\\) at character ${position};`,
          ),
        );
    }
  });

  it("names the character and where it is, in characters a person counts", () => {
    expect(parseShellCommand("git st\r")).toEqual({
      ok: false,
      reason:
        "the command contains U+000D (carriage return) at character 7; commands with control or invisible characters need a person",
      commands: [],
    });
    expect(findUnsafeCharacter("echo 😀😀\u00a0")).toEqual({
      codePoint: "U+00A0",
      name: "no-break space",
      position: 8,
    });
    expect(findUnsafeCharacter("echo \u{e0041}")).toMatchObject({
      codePoint: "U+E0041",
      name: "tag character",
    });
  });

  it("refuses an unpaired surrogate, and Unicode format characters the table does not name", () => {
    expect(findUnsafeCharacter("echo \ud800x")).toMatchObject({
      codePoint: "U+D800",
      name: "unpaired surrogate",
    });
    expect(findUnsafeCharacter("echo x\udc00")).toMatchObject({ codePoint: "U+DC00", position: 7 });
    expect(findUnsafeCharacter("echo \u0600")).toMatchObject({
      name: "invisible format character",
    });
  });

  it.each([
    ["ls\t-l\nwc", "tab and newline are the shell's own blank and separator"],
    ["echo é 日本 😀 ❤️ Ωmega", "visible letters, symbols, emoji and variation selectors"],
    ["echo ‘quoted’ — “dash” …", "typographic punctuation is visible"],
  ])("accepts %j (%s)", (command) => {
    expect(findUnsafeCharacter(command)).toBeUndefined();
    expect(parseShellCommand(command).ok).toBe(true);
  });

  it("every table row is a proper range with a name", () => {
    for (const row of UNSAFE_CHARACTERS) {
      expect(row.from).toBeLessThanOrEqual(row.to);
      expect(row.name.length).toBeGreaterThan(0);
    }
  });
});
