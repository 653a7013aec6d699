/**
 * A program's option grammar as data, and an argv reader that follows the program's own rules:
 * GNU getopt_long (clusters `-uo F`, attached values `-fX` / `--file=X`, unambiguous long-option
 * abbreviations, `--`, options after operands) or jq's hand-rolled reader (exact long names, no
 * `=`). It reports what every value and operand is used for, so a caller can check the paths and
 * refuse the writes; an option the grammar does not know is an ask, never a guess.
 */

/** What a program does with a value or operand. `text`, `number` and `pattern` never name a file. */
export type ValueKind =
  | "path-read"
  | "path-write"
  | "program"
  | "names-from"
  | "jq-program"
  | "date-spec"
  | "text"
  | "number"
  | "pattern";
export type ArgMode = "none" | "required" | "optional";
/**
 * `recursive`: walks directories; `follows`: follows symlinks (asks when recursing);
 * `pattern-elsewhere`: the pattern or program comes from an option (`grep -e`, `jq -f`), so every
 * operand is a file.
 */
export type OptionTag = "recursive" | "follows" | "pattern-elsewhere";

/** One option row, e.g. `"-o --output= path-write"` or `"-s --set= | sets the system clock"`. */
export interface OptionSpec {
  /** The row as written in the table (`-x` flag, `-x=` value, `-x[=]` optional; same for `--long`). */
  row: string;
  /** The name shown in reasons: the first long name, else the short one. */
  display: string;
  short: Map<string, ArgMode>;
  long: Map<string, ArgMode>;
  /** What each value is (one entry per value; jq's `--rawfile NAME FILE` takes two). */
  kinds: ValueKind[];
  tags: Set<OptionTag>;
  /** Why this option is never safe, whatever its value. */
  asks?: string;
}

const KINDS = new Set<string>([
  "path-read",
  "path-write",
  "program",
  "names-from",
  "jq-program",
  "date-spec",
  "text",
  "number",
  "pattern",
]);
const TAGS = new Set<string>(["recursive", "follows", "pattern-elsewhere"]);

/** Reads one option row; a malformed row is a bug in the table and throws at load. */
export function compileOption(row: string): OptionSpec {
  const [spec = "", asks] = row.split(" | ");
  const spec0: OptionSpec = {
    row,
    display: "",
    short: new Map(),
    long: new Map(),
    kinds: [],
    tags: new Set(),
  };
  if (asks) spec0.asks = asks.trim();
  for (const token of spec.trim().split(/\s+/)) {
    const name = /^(--?)([^=[\s]+)(=|\[=\])?$/.exec(token);
    if (name) {
      const mode: ArgMode = name[3] === "=" ? "required" : name[3] === "[=]" ? "optional" : "none";
      const key = name[2] as string;
      if (name[1] === "-" && key.length !== 1)
        throw new Error(`option row "${row}": "${token}" is not one letter`);
      (name[1] === "--" ? spec0.long : spec0.short).set(key, mode);
    } else if (KINDS.has(token)) spec0.kinds.push(token as ValueKind);
    else if (token.startsWith("+") && TAGS.has(token.slice(1))) spec0.tags.add(token.slice(1) as OptionTag);
    else throw new Error(`option row "${row}": unknown token "${token}"`);
  }
  const firstLong = [...spec0.long.keys()][0];
  spec0.display = firstLong ? `--${firstLong}` : `-${[...spec0.short.keys()][0] ?? "?"}`;
  const takesValue = [...spec0.short.values(), ...spec0.long.values()].some((m) => m !== "none");
  if (takesValue && spec0.kinds.length === 0) spec0.kinds.push("text");
  return spec0;
}

/** How a program reads its argv. */
export interface ArgvGrammar {
  options: readonly OptionSpec[];
  /** Kinds of the operands by position; `rest` for the ones after (absent: extra operands ask). */
  operands: { positional: ValueKind[]; rest?: ValueKind };
  /** `getopt` (GNU getopt_long) or `jq` (exact long names, no `=`, flag clusters). */
  style: "getopt" | "jq";
  /** False when options end at the first operand (getopt's `+`, POSIX getopts). */
  permute: boolean;
  /** A first argument the program reads its own way (`head -5`, `tail -3f`): taken whole. */
  obsoleteFirst?: RegExp;
}

export interface ArgUse {
  kind: ValueKind;
  value: string;
  /** How the reason names it: `"--compress-prog" (--compress-program)` or `the operand "x"`. */
  origin: string;
  operand: boolean;
}

export interface ParsedArgv {
  uses: ArgUse[];
  /** Reasons the argv cannot be proven safe (unknown options, ambiguous abbreviations, …). */
  asks: string[];
  /** Tags the options set, each with the option that set it first (for reasons). */
  tags: Map<OptionTag, string>;
  operandCount: number;
}

/** Lookup tables for one grammar, built once per table row. */
export interface GrammarIndex {
  short: Map<string, OptionSpec>;
  long: Map<string, OptionSpec>;
  longNames: string[];
}

export function indexGrammar(grammar: ArgvGrammar): GrammarIndex {
  const short = new Map<string, OptionSpec>();
  const long = new Map<string, OptionSpec>();
  for (const option of grammar.options) {
    for (const key of option.short.keys()) short.set(key, option);
    for (const key of option.long.keys()) long.set(key, option);
  }
  return { short, long, longNames: [...long.keys()] };
}

/**
 * @example
 * parseArgv(sortGrammar, index, ["-uo", "out", "in"]);
 * // uses: [{ kind: "path-write", value: "out", origin: '"-o" (--output)' }, { kind: "path-read", value: "in", … }]
 */
export function parseArgv(grammar: ArgvGrammar, index: GrammarIndex, args: readonly string[]): ParsedArgv {
  const out: ParsedArgv = { uses: [], asks: [], tags: new Map(), operandCount: 0 };
  const operands: string[] = [];
  let i = 0;
  if (grammar.obsoleteFirst && args[0] !== undefined && grammar.obsoleteFirst.test(args[0])) i = 1;
  let optionsDone = false;
  while (i < args.length) {
    const arg = args[i++] as string;
    if (optionsDone || arg === "-" || !arg.startsWith("-")) {
      operands.push(arg);
      if (!grammar.permute) optionsDone = true;
      continue;
    }
    if (arg === "--") {
      optionsDone = true;
      continue;
    }
    const next = () => (i < args.length ? (args[i++] as string) : undefined);
    if (arg.startsWith("--")) readLong(grammar, index, arg, out, next);
    else readShortCluster(grammar, index, arg, out, next);
  }
  out.operandCount = operands.length;
  const positional = out.tags.has("pattern-elsewhere") ? [] : grammar.operands.positional;
  operands.forEach((value, n) => {
    const kind = n < positional.length ? positional[n] : grammar.operands.rest;
    if (!kind) out.asks.push(`the operand "${value}" is one more than the program takes`);
    else out.uses.push({ kind, value, origin: `the operand "${value}"`, operand: true });
  });
  return out;
}

function readLong(
  grammar: ArgvGrammar,
  index: GrammarIndex,
  arg: string,
  out: ParsedArgv,
  next: () => string | undefined,
): void {
  const eq = arg.indexOf("=");
  const written = eq < 0 ? arg.slice(2) : arg.slice(2, eq);
  const attached = eq < 0 ? undefined : arg.slice(eq + 1);
  if (grammar.style === "jq" && attached !== undefined) {
    out.asks.push(`"${arg}" is not how jq reads options (it takes no "=")`);
    return;
  }
  const found = resolveLong(grammar, index, written);
  if ("problem" in found) {
    out.asks.push(found.problem);
    return;
  }
  const { option, name } = found;
  const mode = option.long.get(name) ?? "none";
  const origin = name === written ? `"--${name}"` : `"--${written}" (--${name})`;
  applyOption(option, origin, out);
  if (mode === "none") {
    if (attached !== undefined) out.asks.push(`${origin} takes no value, yet "${arg}" gives one`);
  } else if (attached !== undefined) addValues(option, origin, [attached, ...takeMore(option, next)], out);
  else if (mode === "required") {
    const values: string[] = [];
    for (let n = 0; n < option.kinds.length; n++) {
      const value = next();
      if (value === undefined) {
        out.asks.push(`${origin} is missing its value`);
        return;
      }
      values.push(value);
    }
    addValues(option, origin, values, out);
  }
}

/** Values after the first for options that take two (only `--opt a b` styles). */
function takeMore(option: OptionSpec, next: () => string | undefined): string[] {
  const more: string[] = [];
  for (let n = 1; n < option.kinds.length; n++) {
    const value = next();
    if (value !== undefined) more.push(value);
  }
  return more;
}

/** getopt_long's matching: an exact name, else a unique prefix (prefixes of one row's aliases count once). */
function resolveLong(
  grammar: ArgvGrammar,
  index: GrammarIndex,
  written: string,
): { option: OptionSpec; name: string } | { problem: string } {
  const exact = index.long.get(written);
  if (exact) return { option: exact, name: written };
  if (grammar.style === "jq" || written === "")
    return { problem: `"--${written}" is not an option this table knows for the program` };
  const matches = index.longNames.filter((name) => name.startsWith(written));
  const rows = new Set(matches.map((name) => index.long.get(name)));
  if (rows.size === 1 && matches[0])
    return { option: index.long.get(matches[0]) as OptionSpec, name: matches[0] };
  if (rows.size > 1)
    return { problem: `"--${written}" is ambiguous (${matches.map((m) => `--${m}`).join(", ")})` };
  return { problem: `"--${written}" is not an option this table knows for the program` };
}

function readShortCluster(
  grammar: ArgvGrammar,
  index: GrammarIndex,
  arg: string,
  out: ParsedArgv,
  next: () => string | undefined,
): void {
  for (let p = 1; p < arg.length; p++) {
    const letter = arg[p] as string;
    const option = index.short.get(letter);
    if (!option) {
      out.asks.push(
        `"-${letter}"${arg.length > 2 ? ` (in "${arg}")` : ""} is not an option this table knows`,
      );
      return;
    }
    const mode = option.short.get(letter) ?? "none";
    const alias = option.display !== `-${letter}` ? ` (${option.display})` : "";
    const origin = `"-${letter}"${alias}`;
    applyOption(option, origin, out);
    if (mode === "none") continue;
    const rest = arg.slice(p + 1);
    if (grammar.style === "jq" && (p !== 1 || rest !== "")) {
      out.asks.push(`"${arg}": jq reads a value option only on its own ("-${letter} VALUE")`);
      return;
    }
    if (rest !== "") addValues(option, origin, [rest], out);
    else if (mode === "required") {
      const value = next();
      if (value === undefined) out.asks.push(`${origin} is missing its value`);
      else addValues(option, origin, [value], out);
    }
    return;
  }
}

function applyOption(option: OptionSpec, origin: string, out: ParsedArgv): void {
  for (const tag of option.tags) if (!out.tags.has(tag)) out.tags.set(tag, origin);
  if (option.asks) out.asks.push(`${origin} ${option.asks}`);
}

function addValues(option: OptionSpec, origin: string, values: string[], out: ParsedArgv): void {
  values.forEach((value, n) => {
    out.uses.push({ kind: option.kinds[n] ?? "text", value, origin, operand: false });
  });
}
