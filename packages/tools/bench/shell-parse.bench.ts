/**
 * The shell reader runs before every exec, so its worst case must stay linear. Two groups:
 * 16 KB worst-case inputs against a 16 KB plain word (what one character costs in each shape),
 * and each worst case at 16 KB against the same at 4 KB (≈4× when linear, ≈16× when quadratic;
 * the target is ≤ 8×, which leaves room for garbage collection and a busy machine).
 */
import { report, suite } from "@claw/bench-harness";
import { MAX_COMMAND_CHARS, parseShellCommand } from "../src/exec/shell-parse.js";

/** `unit` repeated and cut to exactly `length` characters (UTF-16 units, as the limit counts). */
const fill = (unit: string, length: number) => unit.repeat(Math.ceil(length / unit.length)).slice(0, length);

/** Shapes that once rescanned the rest of the input per character, or stress one code path each. */
const WORST_CASES: { name: string; make: (length: number) => string }[] = [
  { name: "{ × n (brace scan inside one word)", make: (n) => fill("{", n) },
  { name: "echo {a,b}{a,b}… (brace expansion check)", make: (n) => `echo ${fill("{a,b}", n - 5)}` },
  { name: "$( × n/2 (nesting limit)", make: (n) => fill("$(", n) },
  { name: "' × n (empty single quotes)", make: (n) => fill("'", n) },
  { name: '" × n (empty double quotes)', make: (n) => fill('"', n) },
  { name: "\\ × n (escapes)", make: (n) => fill("\\", n) },
  { name: "` × n (empty backticks)", make: (n) => fill("`", n) },
  { name: "`a` × n/3 (backtick scripts)", make: (n) => fill("`a`", n) },
  { name: "$x × n/2 (parameters)", make: (n) => fill("$x", n) },
  { name: "$" + "{x} × n/4 (parameter expansions)", make: (n) => fill(`${"$"}{x}`, n) },
  { name: "$((1)) × n/6 (arithmetic)", make: (n) => fill("$((1))", n) },
  { name: "a; × n/2 (commands)", make: (n) => fill("a;", n) },
  { name: "2>a × n/3 (redirections)", make: (n) => fill("2>a ", n) },
  { name: "é × n (non-ASCII check)", make: (n) => fill("é", n) },
  { name: "a × n then \\r (refused at the end)", make: (n) => `${fill("a", n - 1)}\r` },
];

const plainWord = `echo ${fill("a", MAX_COMMAND_CHARS - 5)}`;
const rows = await suite("shell-parse 16 KB", {
  baseline: { name: "16 KB plain word", fn: () => parseShellCommand(plainWord) },
  cases: WORST_CASES.map(({ name, make }) => {
    const input = make(MAX_COMMAND_CHARS);
    return { name, fn: () => parseShellCommand(input) };
  }),
  minSamples: 30,
  minTimeMs: 150,
});

for (const { name, make } of WORST_CASES) {
  const quarter = make(MAX_COMMAND_CHARS / 4);
  const full = make(MAX_COMMAND_CHARS);
  await suite("shell-parse growth 4 KB → 16 KB", {
    baseline: { name: `${name} at 4 KB`, fn: () => parseShellCommand(quarter) },
    cases: [{ name: `${name} at 16 KB`, fn: () => parseShellCommand(full), target: { maxRatio: 8 } }],
    minSamples: 30,
    minTimeMs: 100,
  });
}

const slowest = Math.max(...rows.map((row) => row.medianMs));
report("shell-parse 16 KB", "slowest 16 KB input (median)", slowest, "ms", { target: { max: 50 } });
