/**
 * The shape of one safe-binary row and the helper that builds its argv grammar from option rows
 * written like `--help` (`"-o --output= path-write"`, see option-grammar.ts).
 */
import { type ArgvGrammar, compileOption, type ValueKind } from "../option-grammar.js";

export interface SafeBinary {
  name: string;
  /** Other file names of the same program (what `realpath` of the command ends in). */
  aliases?: string[];
  /** What the row allows and what it refuses, for people (and the README). */
  note: string;
  /** The argv grammar, or `find`'s own expression grammar. */
  grammar: ArgvGrammar | "find";
  /** With no path operand the program reads the working directory (always, or when recursing). */
  implicitCwd?: "always" | "when-recursive";
  /** Walks directories whatever its options (so options that follow symlinks ask). */
  recursive?: boolean;
  /** Operands must match, else the segment asks (date's `+FORMAT`; anything else sets the clock). */
  operandRule?: { match: RegExp; otherwise: string };
  /** Why a directory operand asks (diff reads every file in it, following symlinks). */
  directoryOperands?: string;
}

interface RowInput {
  options: string[];
  /** Operand kinds by position; a trailing `*` repeats the last one (`"pattern path-read*"`). */
  operands: string;
  style?: "getopt" | "jq";
  permute?: boolean;
  obsoleteFirst?: RegExp;
}

export function grammar(input: RowInput): ArgvGrammar {
  const words = input.operands.split(/\s+/).filter(Boolean);
  const last = words.at(-1);
  const rest = last?.endsWith("*") ? (last.slice(0, -1) as ValueKind) : undefined;
  const positional = (rest ? words.slice(0, -1) : words) as ValueKind[];
  return {
    options: ["--help", "--version", ...input.options].map(compileOption),
    operands: { positional, ...(rest ? { rest } : {}) },
    style: input.style ?? "getopt",
    permute: input.permute ?? true,
    ...(input.obsoleteFirst ? { obsoleteFirst: input.obsoleteFirst } : {}),
  };
}

export const DIGITS = "0123456789".split("").map((d) => `-${d}`);
export const FOLLOWS_WHILE_RECURSING =
  "follows symlinks while recursing (they may lead outside the workspace)";
