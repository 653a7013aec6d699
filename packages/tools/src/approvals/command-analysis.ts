/**
 * What a command string would run: its simple commands (via the shell reader), each program
 * resolved to its real path on the command's PATH, and every reason one of them cannot be
 * judged by an allowlist (a computed program name, variable assignments, writes through
 * redirections, builtins that change later resolution). A safe binary from a trusted directory
 * also gets its grammar-aware check (`safeCheck`, see safe-invocation.ts).
 */
import { accessSync, constants, realpathSync } from "node:fs";
import { basename, delimiter, dirname, isAbsolute, resolve } from "node:path";
import { parseShellCommand, type SimpleCommand } from "../exec/shell-parse.js";
import { SAFE_BUILTINS, safeBinary, TRUSTED_BINARY_DIRS, UNSAFE_BUILTINS } from "./safe-binaries.js";
import { checkSafeBuiltin, checkSafeInvocation, type InvocationCheck } from "./safe-invocation.js";
import { wordFacts } from "./word-facts.js";
import { WorkspaceScope } from "./workspace-scope.js";

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
  /** For safe binaries and builtins: words (arguments, glob matches, input files) that lead outside the workspace. */
  outsidePaths: string[];
  /**
   * For a safe binary (from a trusted directory) or a safe builtin: what its grammar-aware check
   * found. Empty `reasons` means it may run without asking; absent means it was not checked.
   */
  safeCheck?: InvocationCheck;
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
  // One scope (realpath cache) and one PATH cache per call: a later call may see a changed filesystem.
  const context: SegmentContext = {
    where,
    scope: new WorkspaceScope(where.cwd, where.workspaceRoot ?? where.cwd),
    programs: new Map(),
    changesDirectory,
  };
  const segments = parsed.commands.map((simple) => analyzeSegment(simple, context));
  // Control and invisible characters are the reader's to refuse (it says so in `reason`).
  return { command, segments, ...(parsed.ok ? {} : { unprovable: parsed.reason }) };
}

interface SegmentContext {
  where: AnalysisPlace;
  scope: WorkspaceScope;
  programs: Map<string, string | undefined>;
  changesDirectory: boolean;
}

function analyzeSegment(simple: SimpleCommand, context: SegmentContext): CommandSegment {
  const [first, ...rest] = simple.argv;
  const facts = rest.map(wordFacts);
  const segment: CommandSegment = {
    program: first?.text ?? "",
    args: rest.map((word) => word.text),
    substitutedArgs: facts.some((word) => word.substituted),
    globArgs: facts.some((word) => word.glob !== undefined || word.tilde || word.brace),
    outsidePaths: [],
  };
  const problem = segmentProblem(simple, context.changesDirectory);
  if (problem) return { ...segment, problem };
  if (SAFE_BUILTINS.has(segment.program)) {
    const safeCheck = guarded(() => checkSafeBuiltin(rest, context.scope));
    return {
      ...segment,
      resolvedPath: `builtin:${segment.program}`,
      outsidePaths: safeCheck.outside,
      safeCheck,
    };
  }
  const resolvedPath = cachedProgram(segment.program, context);
  if (!resolvedPath)
    return { ...segment, problem: `"${segment.program}" is not an executable on the command's PATH` };
  const bin = TRUSTED_BINARY_DIRS.includes(dirname(resolvedPath))
    ? safeBinary(basename(resolvedPath))
    : undefined;
  if (!bin) return { ...segment, resolvedPath };
  const inputs = simple.redirects.filter((r) => r.op === "<").map((r) => r.target);
  const safeCheck = guarded(() => checkSafeInvocation(bin, rest, inputs, context.scope));
  return { ...segment, resolvedPath, outsidePaths: safeCheck.outside, safeCheck };
}

/** A check that fails unexpectedly asks (with the error) instead of failing the exec call. */
function guarded(check: () => InvocationCheck): InvocationCheck {
  try {
    return check();
  } catch (error) {
    return { reasons: [`its arguments could not be checked (${(error as Error).message})`], outside: [] };
  }
}

function cachedProgram(program: string, context: SegmentContext): string | undefined {
  if (!context.programs.has(program))
    context.programs.set(program, resolveProgramSync(program, context.where));
  return context.programs.get(program);
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

/** The real path of a program as the shell would find it: on PATH, or relative to the cwd. */
export async function resolveProgram(program: string, where: AnalysisPlace): Promise<string | undefined> {
  return resolveProgramSync(program, where);
}

function resolveProgramSync(program: string, where: AnalysisPlace): string | undefined {
  if (!program) return undefined;
  const candidates = program.includes("/")
    ? [resolve(where.cwd, program)]
    : where.path
        .split(delimiter)
        .filter((dir) => isAbsolute(dir))
        .map((dir) => resolve(dir, program));
  for (const candidate of candidates) {
    try {
      accessSync(candidate, constants.X_OK);
      return realpathSync(candidate);
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
