/**
 * The shell reader's fuzz inputs, from a seed: random bytes, random shell token soup, random code
 * points, every invisible or control character at every position, deep nesting and 16 KB lines
 * of each metacharacter. The test and the child that parses them both build the list from here.
 */

export interface FuzzCase {
  group: string;
  input: string;
  /** What the reader must answer; "either" when only "it returns" is promised. */
  expect: "ok" | "refused" | "either";
  /** A refusal's reason must match this. */
  reason?: RegExp;
}

const LIMIT = 16_384;

/** xorshift32: a deterministic stream of 32-bit numbers from a seed. */
export function prng(seed: number): () => number {
  let state = seed >>> 0 || 0x9e3779b9;
  return () => {
    state ^= state << 13;
    state >>>= 0;
    state ^= state >>> 17;
    state ^= state << 5;
    state >>>= 0;
    return state;
  };
}

const SHELL_TOKENS = [
  "ls",
  "x",
  " ",
  " ",
  "\t",
  "\n",
  ";",
  "&",
  "&&",
  "|",
  "||",
  "|&",
  "(",
  ")",
  "{",
  "}",
  "{ ",
  " }",
  "$",
  "$(",
  "${",
  "$((",
  "))",
  "`",
  "\\`",
  "'",
  '"',
  "\\",
  "\\\n",
  "<",
  ">",
  ">>",
  "<<",
  "<<<",
  "&>",
  "2>&1",
  "*",
  "?",
  "[",
  "]",
  "~",
  ",",
  "..",
  "=",
  "a=b",
  "#",
  "if",
  "for",
  "do",
  "{a,b}",
  "<(",
  ">(",
  "$'",
  "$[",
  "$1",
  "$@",
  "é",
  "😀",
  "\r",
  "\u00a0",
  "\u2028",
  "\u202e",
];

/** Metacharacters (and a few short words) repeated to a 16 KB line. */
const REPEATED = [
  "{",
  "}",
  "(",
  ")",
  "$(",
  "${",
  "$((",
  "))",
  "'",
  '"',
  "\\",
  "`",
  ";",
  "&",
  "|",
  "<",
  ">",
  "#",
  "*",
  "?",
  "[",
  "]",
  "~",
  "=",
  "$",
  " ",
  "\t",
  "\n",
  "a",
  "<(",
  ">(",
  "\\\n",
  "{,}",
  "{a,b}",
  `${"$"}{x}`,
  "$x",
  "'a'",
  '"a"',
  "a ",
  "a;",
  "a|",
  "a&&",
  "`a`",
  "$(a)",
  "$((1))",
  "{ ",
  "( ",
  "é",
  "😀",
  "\\`",
  '\\"',
  "\\'",
  "2>",
  "a=b ",
];

/** Every control, format and separator character below U+10000, plus a few astral ones. */
function invisibleCodePoints(): number[] {
  const found: number[] = [];
  const invisible = /^[\p{Cc}\p{Cf}\p{Z}]$/u;
  for (let cp = 0; cp <= 0xffff; cp++) {
    if (cp === 0x09 || cp === 0x0a || cp === 0x20 || (cp >= 0xd800 && cp <= 0xdfff)) continue;
    if (invisible.test(String.fromCharCode(cp))) found.push(cp);
  }
  return [...found, 0xd800, 0xdbff, 0xdc00, 0xdfff, 0xe0001, 0xe0020, 0xe007f];
}

function repeatTo(unit: string, length: number): string {
  return unit.repeat(Math.ceil(length / unit.length)).slice(0, length);
}

export function fuzzCases(seed: number): FuzzCase[] {
  const next = prng(seed);
  const below = (n: number) => next() % n;
  const cases: FuzzCase[] = [];

  for (let i = 0; i < 2000; i++) {
    const length = below(300);
    let input = "";
    for (let j = 0; j < length; j++) input += String.fromCharCode(below(256));
    cases.push({ group: "random bytes", input, expect: "either" });
  }

  for (let i = 0; i < 2000; i++) {
    const count = 1 + below(80);
    let input = "";
    for (let j = 0; j < count; j++) input += SHELL_TOKENS[below(SHELL_TOKENS.length)];
    cases.push({ group: "random shell tokens", input, expect: "either" });
  }

  for (let i = 0; i < 2000; i++) {
    const count = 1 + below(50);
    let input = "";
    for (let j = 0; j < count; j++) {
      const cp = below(4) === 0 ? below(0x80) : below(0x110000);
      input += cp >= 0xd800 && cp <= 0xdfff ? String.fromCharCode(cp) : String.fromCodePoint(cp);
    }
    cases.push({ group: "random code points", input, expect: "either" });
  }

  const template = "echo 'a b' \"c $d\" $(e f) `g` {h,i} <(j) # k";
  for (const cp of invisibleCodePoints()) {
    const ch = cp >= 0xd800 && cp <= 0xdfff ? String.fromCharCode(cp) : String.fromCodePoint(cp);
    const hex = cp.toString(16).toUpperCase().padStart(4, "0");
    for (let at = 0; at <= template.length; at++)
      cases.push({
        group: "invisible character at every position",
        input: template.slice(0, at) + ch + template.slice(at),
        expect: "refused",
        reason: new RegExp(`^the command contains U\\+${hex} \\(.+\\) at character ${at + 1};`),
      });
  }

  for (const n of [1, 2, 7, 8, 9, 10, 64, 1000, 3000]) {
    const deep = n > 8 ? /nest deeper/ : undefined;
    const group = "deep nesting";
    cases.push({
      group,
      input: `echo ${"$(".repeat(n)}ls${")".repeat(n)}`,
      expect: deep ? "refused" : "ok",
      reason: deep,
    });
    cases.push({
      group,
      input: `${"( ".repeat(n)}ls${" )".repeat(n)}`,
      expect: deep ? "refused" : "ok",
      reason: deep,
    });
    cases.push({
      group,
      input: `${"{ ".repeat(n)}ls${"; }".repeat(n)}`,
      expect: deep ? "refused" : "ok",
      reason: deep,
    });
    cases.push({
      group,
      input: `cat ${"<(".repeat(n)}ls${")".repeat(n)}`,
      expect: deep ? "refused" : "ok",
      reason: deep,
    });
    cases.push({ group, input: `echo "${'$("'.repeat(n)}ls${'")'.repeat(n)}"`, expect: "either" });
    cases.push({ group, input: `echo ${"$(".repeat(n)}`, expect: "refused" });
    cases.push({ group, input: "(".repeat(n), expect: "refused" });
    cases.push({
      group,
      input: `echo ${"$((".repeat(n)}1${"))".repeat(n)}`,
      expect: n > 1 ? "refused" : "ok",
    });
    cases.push({ group, input: `echo ${"${".repeat(n)}x${"}".repeat(n)}`, expect: n > 1 ? "refused" : "ok" });
    cases.push({ group, input: `echo ${"{".repeat(n)}a,b${"}".repeat(n)}`, expect: "ok" });
    cases.push({ group, input: `echo ${"`".repeat(n)}`, expect: "either" });
  }
  let ticks = "ls";
  for (let level = 1; ticks.length < LIMIT; level++) {
    ticks = `echo \`${ticks.replace(/[\\`]/g, "\\$&")}\``;
    if (ticks.length <= LIMIT)
      cases.push({
        group: "deep nesting",
        input: ticks,
        expect: level > 8 ? "refused" : "ok",
        ...(level > 8 ? { reason: /nest deeper/ } : {}),
      });
  }

  for (const unit of REPEATED) {
    cases.push({ group: "16 KB of one metacharacter", input: repeatTo(unit, LIMIT), expect: "either" });
    cases.push({
      group: "16 KB of one metacharacter",
      input: `echo ${repeatTo(unit, LIMIT - 5)}`,
      expect: "either",
    });
    cases.push({
      group: "16 KB of one metacharacter",
      input: repeatTo(unit, LIMIT + 1),
      expect: "refused",
      reason: /longer than 16384 characters/,
    });
  }
  return cases;
}
