/**
 * Whether one invocation of a safe binary (or safe builtin) is provably read-only inside the
 * workspace: the shell's expansions are done first (globs against the real filesystem; `$…`,
 * `~` and braces ask), then the argv is read with the program's own grammar, and every path it
 * would read — operands, option values, implicit cwd, input redirections, glob matches — must
 * lead inside the workspace. Returns the reasons it is not (empty: safe).
 */
import { statSync } from "node:fs";
import type { ShellWord } from "../exec/shell-parse.js";
import { parseFindArgv } from "./find-grammar.js";
import { expandGlob } from "./glob-expand.js";
import {
  type ArgUse,
  type GrammarIndex,
  indexGrammar,
  type ParsedArgv,
  parseArgv,
} from "./option-grammar.js";
import type { SafeBinary } from "./safe-binaries.js";
import { wordFacts } from "./word-facts.js";
import type { WorkspaceScope } from "./workspace-scope.js";

export interface InvocationCheck {
  /** Why the invocation cannot run without asking, most serious first (empty: it can). */
  reasons: string[];
  /** Words that lead outside the workspace. */
  outside: string[];
}

/** A jq program that loads modules or prints the environment. */
const JQ_REACHES_OUT = /\b(import|include|modulemeta|get_search_list|env)\b|\$ENV\b|\$__prog/;

const indexes = new WeakMap<object, GrammarIndex>();

interface Expanded {
  words: string[];
  /** Words that came from glob matches: the shell chose them, so each is checked as a path. */
  matched: Set<string>;
}

/**
 * @example
 * checkSafeInvocation(safeBinary("sort"), argvWords, [], scope).reasons;
 * // ['"--compress-prog" (--compress-program) runs a program']
 */
export function checkSafeInvocation(
  bin: SafeBinary,
  args: readonly ShellWord[],
  inputs: readonly ShellWord[],
  scope: WorkspaceScope,
): InvocationCheck {
  const check: InvocationCheck = { reasons: [], outside: [] };
  const expanded = expandWords(args, scope, check, { braceAsks: true });
  const redirected = expandWords(inputs, scope, check, { braceAsks: true });
  if (!expanded || !redirected) return check;
  for (const word of redirected.words) checkRead(word, "the input redirection:", scope, check);
  const parsed = parseWords(bin, expanded.words);
  const serious: string[] = [];
  const other: string[] = [...parsed.asks];
  const follows = parsed.tags.get("follows");
  const recursing = bin.recursive || parsed.tags.has("recursive");
  if (follows && recursing)
    other.push(`${follows} follows symlinks while recursing (they may lead outside the workspace)`);
  const checked = new Set<string>();
  let pathOperands = 0;
  for (const use of parsed.uses) {
    if (use.operand && use.kind === "path-read") pathOperands++;
    const problem = useProblem(bin, use, scope, check, checked);
    if (!problem) continue;
    if (use.kind === "program") serious.unshift(problem);
    else if (use.kind === "path-write") serious.push(problem);
    else other.push(problem);
  }
  const implicit = bin.implicitCwd === "always" || (bin.implicitCwd === "when-recursive" && recursing);
  if (implicit && pathOperands === 0)
    checkRead(".", "with no path it reads the working directory, and", scope, check);
  for (const word of expanded.matched)
    if (!checked.has(word)) checkRead(word, `the glob match "${word}"`, scope, check);
  check.reasons.unshift(...serious);
  check.reasons.push(...other);
  return check;
}

/** Builtins (`echo`, `test`, …) read no files, but a glob still lists folders and `~` names home. */
export function checkSafeBuiltin(args: readonly ShellWord[], scope: WorkspaceScope): InvocationCheck {
  const check: InvocationCheck = { reasons: [], outside: [] };
  expandWords(args, scope, check, { braceAsks: false });
  return check;
}

function parseWords(bin: SafeBinary, words: string[]): ParsedArgv {
  if (bin.grammar === "find") return parseFindArgv(words);
  let index = indexes.get(bin.grammar);
  if (!index) {
    index = indexGrammar(bin.grammar);
    indexes.set(bin.grammar, index);
  }
  return parseArgv(bin.grammar, index, words);
}

function useProblem(
  bin: SafeBinary,
  use: ArgUse,
  scope: WorkspaceScope,
  check: InvocationCheck,
  checked: Set<string>,
): string | undefined {
  if (use.operand && bin.operandRule && !bin.operandRule.match.test(use.value))
    return `${use.origin} ${bin.operandRule.otherwise}`;
  switch (use.kind) {
    case "program":
      return `${use.origin} runs a program`;
    case "path-write":
      return `${use.origin} writes a file`;
    case "names-from":
      return `${use.origin} reads file names from a file (they cannot be checked)`;
    case "jq-program":
      return JQ_REACHES_OUT.test(use.value)
        ? `the jq program loads modules or reads the environment (import, include, env, $ENV)`
        : undefined;
    case "date-spec":
      return /TZ\s*=/i.test(use.value)
        ? `${use.origin} names a time zone file (TZ="…" in a date makes it read that file)`
        : undefined;
    case "path-read": {
      // bash (not dash) expands `--file=~/x`: a value that starts with ~ may be a home directory.
      if (!use.operand && use.value.startsWith("~"))
        return `${use.origin} "${use.value}" starts with ~ (bash expands it to a home directory)`;
      // "-" too: stdin for most programs, a file named "-" in the cwd for ls, stat, find, …
      checked.add(use.value);
      const before = check.reasons.length;
      checkRead(use.value, use.operand ? "" : `${use.origin} reads a file:`, scope, check);
      if (check.reasons.length > before) return check.reasons.pop();
      if (bin.directoryOperands && isDirectory(scope.real(use.value)))
        return `${use.origin} names a directory: ${bin.name} ${bin.directoryOperands}`;
      return undefined;
    }
    default:
      return undefined;
  }
}

function checkRead(word: string, lead: string, scope: WorkspaceScope, check: InvocationCheck): void {
  const why = scope.outsideReason(word);
  if (!why) return;
  check.outside.push(word);
  check.reasons.push(lead ? `${lead} ${why}` : why);
}

function isDirectory(path: string | undefined): boolean {
  if (!path) return false;
  try {
    return statSync(path).isDirectory();
  } catch {
    return false;
  }
}

/** The words after the shell's expansions, or undefined (with reasons) when they cannot be known. */
function expandWords(
  words: readonly ShellWord[],
  scope: WorkspaceScope,
  check: InvocationCheck,
  options: { braceAsks: boolean },
): Expanded | undefined {
  const out: Expanded = { words: [], matched: new Set() };
  let known = true;
  for (const word of words) {
    const facts = wordFacts(word);
    if (facts.substituted) {
      check.reasons.push(`"${facts.raw}" is computed by the shell ($…, backticks or <(…))`);
      known = false;
    } else if (facts.tilde) {
      check.reasons.push(`"${facts.raw}" starts with ~ (a home directory, outside the workspace)`);
      known = false;
    } else if (facts.brace && options.braceAsks) {
      check.reasons.push(`"${facts.raw}" is a brace pattern the shell expands into several words`);
      known = false;
    } else if (facts.glob !== undefined) {
      const result = expandGlob(facts.glob, scope.cwd, (dir) => scope.outsideReason(dir));
      if (!result.ok) {
        check.reasons.push(result.reason);
        known = false;
        continue;
      }
      const matchedAny = result.words.length !== 1 || result.words[0] !== facts.text;
      for (const match of result.words) {
        out.words.push(match);
        if (!matchedAny) continue;
        out.matched.add(match);
        if (match.startsWith("-")) {
          check.reasons.push(
            `the glob "${facts.raw}" matches "${match}", which the program would read as an option`,
          );
          known = false;
        }
      }
    } else out.words.push(facts.text);
  }
  return known ? out : undefined;
}
