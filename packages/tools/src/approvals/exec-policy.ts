/**
 * The exec decision as a pure function: `tools.exec.security` (deny | allowlist | full) and
 * `ask` (off | on-miss | always) applied to an analysed command and an allowlist. Every segment
 * must be vouched for (a safe binary or an allowlist entry); anything the analysis could not
 * prove is a miss.
 */
import { basename, dirname } from "node:path";
import { type CommandAnalysis, type CommandSegment, describeSegment } from "./command-analysis.js";
import { safeBinary, TRUSTED_BINARY_DIRS } from "./safe-binaries.js";

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

/** Where safe binaries must live to count as safe (kept with the safe-binary table). */
export { TRUSTED_BINARY_DIRS };

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
  if (path.startsWith("builtin:")) return safeVerdict(shown, segment, "builtin");
  const entry = allowlist.find((candidate) => entryMatches(candidate, path, segment.args));
  if (entry) return { allowed: true, by: entry };
  const safe = TRUSTED_BINARY_DIRS.includes(dirname(path)) ? safeBinary(basename(path)) : undefined;
  if (safe) return safeVerdict(shown, segment, "safe-binary");
  return { allowed: false, reason: `${shown}: ${path} is not on the allowlist` };
}

/** A safe binary or builtin runs only when its grammar-aware check found nothing to ask about. */
function safeVerdict(shown: string, segment: CommandSegment, by: "safe-binary" | "builtin"): SegmentVerdict {
  const check = segment.safeCheck;
  if (!check) return { allowed: false, reason: `${shown}: its arguments were not checked` };
  if (check.reasons.length === 0) return { allowed: true, by };
  return { allowed: false, reason: `${shown}: ${check.reasons.join("; ")}` };
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
