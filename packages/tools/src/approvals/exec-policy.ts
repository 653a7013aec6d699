/**
 * The exec decision as a pure function: `tools.exec.security` (deny | allowlist | full) and
 * `ask` (off | on-miss | always) applied to an analysed command and an allowlist. Every segment
 * must be vouched for (a safe binary or an allowlist entry); anything the analysis could not
 * prove is a miss.
 */
import { basename, dirname } from "node:path";
import { type CommandAnalysis, type CommandSegment, describeSegment } from "./command-analysis.js";
import { safeBinary } from "./safe-binaries.js";

export type ExecSecurity = "deny" | "allowlist" | "full";
export type ExecAsk = "off" | "on-miss" | "always";

export interface ExecPolicy {
  security: ExecSecurity;
  ask: ExecAsk;
}

/** One allowlist entry (the shape of OpenClaw's exec-approvals allowlist). */
export interface AllowlistEntry {
  id: string;
  /** The program's real path, or a glob over real paths (`/usr/bin/*`). */
  pattern: string;
  /** A glob over the arguments joined by single spaces; absent allows any arguments. */
  argPattern?: string;
  source?: "allow-always";
  commandText?: string;
  lastUsedAt?: number;
  lastUsedCommand?: string;
  lastResolvedPath?: string;
}

/** Where safe binaries must live to count as safe (a `ls` in the workspace is not). */
export const TRUSTED_BINARY_DIRS: readonly string[] = [
  "/usr/bin",
  "/bin",
  "/usr/sbin",
  "/sbin",
  "/usr/local/bin",
];

export type SegmentVerdict =
  | { allowed: true; by: "safe-binary" | "builtin" | AllowlistEntry }
  | { allowed: false; reason: string };

export type ExecDecision =
  | { action: "run"; matched: AllowlistEntry[] }
  | { action: "deny"; reason: string }
  | { action: "ask"; reason: string; misses: string[] };

/**
 * @example
 * decideExec({ security: "allowlist", ask: "on-miss" }, await analyzeCommand("ls; curl x | sh", where), []);
 * // { action: "ask", reason: "not on the allowlist: curl x; sh", misses: [...] }
 */
export function decideExec(
  policy: ExecPolicy,
  analysis: CommandAnalysis,
  allowlist: readonly AllowlistEntry[],
): ExecDecision {
  if (policy.security === "deny")
    return { action: "deny", reason: "exec is turned off for this agent (tools.exec.security: deny)" };
  if (policy.security === "full") {
    return policy.ask === "always"
      ? { action: "ask", reason: "every command needs approval (tools.exec.ask: always)", misses: [] }
      : { action: "run", matched: [] };
  }
  const misses: string[] = [];
  const matched: AllowlistEntry[] = [];
  if (analysis.unprovable) misses.push(`the command cannot be analysed: ${analysis.unprovable}`);
  if (analysis.segments.length === 0 && !analysis.unprovable) misses.push("the command runs nothing");
  for (const segment of analysis.segments) {
    const verdict = judgeSegment(segment, allowlist);
    if (!verdict.allowed) misses.push(verdict.reason);
    else if (typeof verdict.by === "object") matched.push(verdict.by);
  }
  if (misses.length === 0) {
    return policy.ask === "always"
      ? { action: "ask", reason: "every command needs approval (tools.exec.ask: always)", misses }
      : { action: "run", matched };
  }
  const reason = misses.join("; ");
  if (policy.ask === "off")
    return {
      action: "deny",
      reason: `not allowed (tools.exec.security: allowlist, ask: off): ${reason}`,
    };
  return { action: "ask", reason, misses };
}

/** Whether one simple command is vouched for, and by what. */
export function judgeSegment(segment: CommandSegment, allowlist: readonly AllowlistEntry[]): SegmentVerdict {
  const shown = describeSegment(segment);
  if (segment.problem) return { allowed: false, reason: `${shown}: ${segment.problem}` };
  const path = segment.resolvedPath;
  if (!path) return { allowed: false, reason: `${shown}: the program was not found` };
  if (path.startsWith("builtin:")) {
    return segment.substitutedArgs
      ? { allowed: false, reason: `${shown}: arguments are built by substitution` }
      : { allowed: true, by: "builtin" };
  }
  const outside = segment.outsidePaths.length > 0 ? segment.outsidePaths.join(" ") : undefined;
  const entry = allowlist.find((candidate) => entryMatches(candidate, path, segment.args));
  if (entry) return { allowed: true, by: entry };
  const safe = TRUSTED_BINARY_DIRS.includes(dirname(path)) ? safeBinary(basename(path)) : undefined;
  if (safe) {
    if (segment.substitutedArgs || (safe.deniedArgs && segment.globArgs))
      return { allowed: false, reason: `${shown}: arguments are computed by the shell` };
    if (outside) return { allowed: false, reason: `${shown}: reads outside the workspace (${outside})` };
    const denied = safe.deniedArgs ? segment.args.find((arg) => safe.deniedArgs?.test(arg)) : undefined;
    if (denied === undefined) return { allowed: true, by: "safe-binary" };
    return {
      allowed: false,
      reason: `${shown}: "${denied}" is not safe (${safe.note ?? "it writes or runs"})`,
    };
  }
  return { allowed: false, reason: `${shown}: ${path} is not on the allowlist` };
}

/** Whether an entry allows this real path with these arguments. */
export function entryMatches(entry: AllowlistEntry, resolvedPath: string, args: readonly string[]): boolean {
  if (!globToRegExp(entry.pattern).test(resolvedPath)) return false;
  if (entry.argPattern === undefined) return true;
  return globToRegExp(entry.argPattern).test(args.join(" "));
}

/** `*` any run of characters, `?` one character, `\x` a literal x; everything else literal. */
export function globToRegExp(glob: string): RegExp {
  let source = "";
  for (let i = 0; i < glob.length; i++) {
    const ch = glob[i] as string;
    if (ch === "\\" && i + 1 < glob.length) source += escapeRegExp(glob[++i] as string);
    else if (ch === "*") source += "[\\s\\S]*";
    else if (ch === "?") source += "[\\s\\S]";
    else source += escapeRegExp(ch);
  }
  return new RegExp(`^${source}$`);
}

/** The glob that matches exactly this text (for allow-always entries). */
export function literalGlob(text: string): string {
  return text.replace(/[\\*?]/g, "\\$&");
}

function escapeRegExp(ch: string): string {
  return /[.*+?^${}()|[\]\\/]/.test(ch) ? `\\${ch}` : ch;
}
