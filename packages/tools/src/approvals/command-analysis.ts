/**
 * What a command string would run: its simple commands (via the shell reader), each program
 * resolved to its real path on the command's PATH, and every reason one of them cannot be
 * judged by an allowlist (a computed program name, variable assignments, writes through
 * redirections, builtins that change later resolution).
 */
import { constants } from "node:fs";
import { access, realpath } from "node:fs/promises";
import { delimiter, isAbsolute, resolve, sep } from "node:path";
import { parseShellCommand, type SimpleCommand } from "../exec/shell-parse.js";
import { SAFE_BUILTINS, UNSAFE_BUILTINS } from "./safe-binaries.js";

export interface CommandSegment {
  /** The program as written. */
  program: string;
  /** Its arguments as written (quotes removed, expansions kept). */
  args: string[];
  /** True when an argument is expanded by the shell with `$…` or backticks. */
  substitutedArgs: boolean;
  /** True when an argument is a glob, brace or tilde pattern. */
  globArgs: boolean;
  /** The real path of the program, `builtin:<name>` for a safe builtin, or undefined when unresolved. */
  resolvedPath?: string;
  /** Arguments or input files that name a path outside the workspace (safe binaries may not read them). */
  outsidePaths: string[];
  /** Why an allowlist cannot vouch for this segment, if it cannot. */
  problem?: string;
}

export interface CommandAnalysis {
  command: string;
  segments: CommandSegment[];
  /** Set when the reader could not follow the whole command (control flow, here-docs, …). */
  unprovable?: string;
}

/** Where a command runs: its directory, its PATH, and the workspace it may read without asking. */
export interface AnalysisPlace {
  cwd: string;
  path: string;
  /** The workspace root; paths outside it make safe binaries ask (default: the cwd). */
  workspaceRoot?: string;
}

/** Redirections that write to their target. */
const WRITING_REDIRECTS = new Set([">", ">>", ">|", "&>", "&>>", "<>"]);

/**
 * @example
 * await analyzeCommand("ls -l | wc -l", { cwd: "/w", path: "/usr/bin:/bin" });
 * // { segments: [{ program: "ls", resolvedPath: "/usr/bin/ls", … }, { program: "wc", … }] }
 */
export async function analyzeCommand(command: string, where: AnalysisPlace): Promise<CommandAnalysis> {
  const parsed = parseShellCommand(command);
  const changesDirectory = parsed.commands.some((c) => c.argv[0]?.text === "cd" && !c.argv[0].dynamic);
  const segments = await Promise.all(
    parsed.commands.map((simple) => analyzeSegment(simple, where, changesDirectory)),
  );
  return { command, segments, ...(parsed.ok ? {} : { unprovable: parsed.reason }) };
}

async function analyzeSegment(
  simple: SimpleCommand,
  where: AnalysisPlace,
  changesDirectory: boolean,
): Promise<CommandSegment> {
  const [first, ...rest] = simple.argv;
  const inputs = simple.redirects.filter((r) => r.op === "<").map((r) => r.target.text);
  const segment: CommandSegment = {
    program: first?.text ?? "",
    args: rest.map((word) => word.text),
    substitutedArgs: rest.some((word) => word.dynamic && /[$`]/.test(word.text)),
    globArgs: rest.some((word) => word.dynamic && !/[$`]/.test(word.text)),
    outsidePaths: await outsidePaths([...rest.map((word) => word.text), ...inputs], where),
  };
  const problem = segmentProblem(simple, changesDirectory);
  if (problem) return { ...segment, problem };
  if (SAFE_BUILTINS.has(segment.program)) return { ...segment, resolvedPath: `builtin:${segment.program}` };
  const resolvedPath = await resolveProgram(segment.program, where);
  if (!resolvedPath)
    return { ...segment, problem: `"${segment.program}" is not an executable on the command's PATH` };
  return { ...segment, resolvedPath };
}

function segmentProblem(simple: SimpleCommand, changesDirectory: boolean): string | undefined {
  const first = simple.argv[0];
  if (simple.assignments.length > 0)
    return `it sets variables for the command (${simple.assignments.join(" ")})`;
  for (const redirect of simple.redirects) {
    const target = redirect.target.text;
    const writes =
      WRITING_REDIRECTS.has(redirect.op) ||
      ((redirect.op === ">&" || redirect.op === "<&") && !/^(\d+|-)$/.test(target));
    if (writes && target !== "/dev/null") return `it writes to "${target}" through a redirection`;
  }
  if (!first) return undefined;
  if (first.dynamic) return `the program name "${first.text}" is computed by the shell`;
  if (UNSAFE_BUILTINS.has(first.text)) return `the shell builtin "${first.text}" can change what runs`;
  if (changesDirectory && first.text.includes("/") && !isAbsolute(first.text))
    return `"${first.text}" is a relative path after a cd`;
  return undefined;
}

/**
 * Words that name a path outside the workspace: any argument (or `--opt=value` value, or input
 * file) with a `/` or a leading `~`, resolved from the cwd and through symlinks, that leaves it.
 */
async function outsidePaths(words: string[], where: AnalysisPlace): Promise<string[]> {
  const root = where.workspaceRoot ?? where.cwd;
  const inside = (p: string) => p === root || p.startsWith(root.endsWith(sep) ? root : root + sep);
  const outside: string[] = [];
  for (const word of words) {
    const value = word.startsWith("-") ? word.slice(word.indexOf("=") + 1 || word.length) : word;
    if (!value.includes("/") && !value.startsWith("~")) continue;
    if (value.startsWith("~")) {
      outside.push(word);
      continue;
    }
    const lexical = resolve(where.cwd, value);
    const real = await realpath(lexical).catch(() => lexical);
    if (!inside(lexical) || !inside(real)) outside.push(word);
  }
  return outside;
}

/** The real path of a program as the shell would find it: on PATH, or relative to the cwd. */
export async function resolveProgram(program: string, where: AnalysisPlace): Promise<string | undefined> {
  if (!program) return undefined;
  const candidates = program.includes("/")
    ? [resolve(where.cwd, program)]
    : where.path
        .split(delimiter)
        .filter((dir) => isAbsolute(dir))
        .map((dir) => resolve(dir, program));
  for (const candidate of candidates) {
    try {
      await access(candidate, constants.X_OK);
      return await realpath(candidate);
    } catch {
      // not here; try the next PATH entry
    }
  }
  return undefined;
}

/** A segment as one line, for prompts and denials. */
export function describeSegment(segment: CommandSegment): string {
  return [segment.program, ...segment.args].join(" ");
}
