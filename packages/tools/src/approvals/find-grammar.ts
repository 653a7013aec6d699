/**
 * GNU find's command line (findutils 4.9): leading `-H`/`-L`/`-P`/`-D`/`-O`, starting points,
 * then an expression whose predicates are an allow-list. Predicates that run programs, write or
 * delete files, read file lists, or follow symlinks ask; file arguments (`-newer F`, `-samefile F`)
 * are reported as `path-read` so they are checked like any operand.
 */
import type { ArgUse, ParsedArgv, ValueKind } from "./option-grammar.js";

type FindPredicate = { args: ValueKind[] } | { asks: string };

const NONE: FindPredicate = { args: [] };
const TEXT: FindPredicate = { args: ["text"] };
const PATTERN: FindPredicate = { args: ["pattern"] };
const FILE: FindPredicate = { args: ["path-read"] };
const RUNS: FindPredicate = { asks: "runs a program for every file" };
const WRITES: FindPredicate = { asks: "writes a file" };

/** Every predicate, option and operator find accepts that the gate lets through or refuses. */
export const FIND_PREDICATES: Readonly<Record<string, FindPredicate>> = {
  ...Object.fromEntries(
    [
      "-depth",
      "-d",
      "-mount",
      "-xdev",
      "-noleaf",
      "-ignore_readdir_race",
      "-noignore_readdir_race",
      "-daystart",
      "-empty",
      "-executable",
      "-readable",
      "-writable",
      "-false",
      "-true",
      "-nouser",
      "-nogroup",
      "-print",
      "-print0",
      "-ls",
      "-prune",
      "-quit",
      "-not",
      "-a",
      "-and",
      "-o",
      "-or",
      "-warn",
      "-nowarn",
      "-help",
      "--help",
      "-version",
      "--version",
      "!",
      "(",
      ")",
      ",",
    ].map((name) => [name, NONE]),
  ),
  ...Object.fromEntries(
    ["-name", "-iname", "-path", "-ipath", "-wholename", "-iwholename", "-lname", "-ilname"].map((n) => [
      n,
      PATTERN,
    ]),
  ),
  ...Object.fromEntries(
    [
      "-regex",
      "-iregex",
      "-regextype",
      "-type",
      "-xtype",
      "-size",
      "-perm",
      "-user",
      "-group",
      "-uid",
      "-gid",
      "-links",
      "-inum",
      "-mtime",
      "-atime",
      "-ctime",
      "-mmin",
      "-amin",
      "-cmin",
      "-used",
      "-maxdepth",
      "-mindepth",
      "-fstype",
      "-printf",
      "-context",
    ].map((name) => [name, TEXT]),
  ),
  "-samefile": FILE,
  "-newer": FILE,
  "-anewer": FILE,
  "-cnewer": FILE,
  "-exec": RUNS,
  "-execdir": RUNS,
  "-ok": RUNS,
  "-okdir": RUNS,
  "-delete": { asks: "deletes files" },
  "-fprint": WRITES,
  "-fprint0": WRITES,
  "-fprintf": WRITES,
  "-fls": WRITES,
  "-files0-from": { asks: "reads file names from a file (they cannot be checked)" },
  "-follow": { asks: "follows symlinks while walking (they may lead outside the workspace)" },
};

/**
 * @example
 * parseFindArgv([".", "-name", "*.ts", "-exec", "rm", "{}", ";"]).asks;
 * // ['"-exec" runs a program for every file']
 */
export function parseFindArgv(args: readonly string[]): ParsedArgv {
  const out: ParsedArgv = { uses: [], asks: [], tags: new Map([["recursive", "find"]]), operandCount: 0 };
  let i = 0;
  for (; i < args.length; i++) {
    const arg = args[i] as string;
    if (arg === "-P") continue;
    if (arg === "-H" || arg === "-L") {
      out.asks.push(`"${arg}" follows symlinks (they may lead outside the workspace)`);
      continue;
    }
    if (arg === "-D") {
      i++;
      continue;
    }
    if (/^-O\d*$/.test(arg)) continue;
    break;
  }
  for (; i < args.length; i++) {
    const arg = args[i] as string;
    if ((arg.startsWith("-") && arg !== "-") || arg === "(" || arg === "!" || arg === ",") break;
    out.uses.push({ kind: "path-read", value: arg, origin: `the starting point "${arg}"`, operand: true });
    out.operandCount++;
  }
  while (i < args.length) {
    const arg = args[i++] as string;
    const predicate = FIND_PREDICATES[arg] ?? newerPredicate(arg);
    if (!predicate) {
      out.asks.push(`"${arg}" is not a find predicate this table knows`);
      return out;
    }
    if ("asks" in predicate) {
      out.asks.push(`"${arg}" ${predicate.asks}`);
      return out;
    }
    for (const kind of predicate.args) {
      const value = args[i++];
      if (value === undefined) {
        out.asks.push(`"${arg}" is missing its value`);
        return out;
      }
      const use: ArgUse = { kind, value, origin: `"${arg}"`, operand: false };
      out.uses.push(use);
    }
  }
  return out;
}

/** `-newerXY`: a file to compare with, or (Y = t) a date written as text. */
function newerPredicate(arg: string): FindPredicate | undefined {
  const match = /^-newer([aBcm])([aBcmt])$/.exec(arg);
  if (!match) return undefined;
  return match[2] === "t" ? { args: ["date-spec"] } : FILE;
}
