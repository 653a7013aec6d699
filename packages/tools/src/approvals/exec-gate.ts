/**
 * The gate `exec` passes before it spawns anything: analyse the command, apply the session's
 * policy and allowlist, and when a person must decide, wait for them through the broker. An
 * allow-always decision adds each segment (real path + exact arguments) to the allowlist.
 */
import type { ApprovalOutcome, ExecApprovalBroker, PendingApproval } from "./approval-broker.js";
import { analyzeCommand, type CommandAnalysis } from "./command-analysis.js";
import { type AllowlistEntry, decideExec, type ExecPolicy, literalGlob } from "./exec-policy.js";

/** The allowlist as the gate uses it (an `ExecAllowlistStore`, or anything shaped like one). */
export interface AllowlistSource {
  list(agentId: string): AllowlistEntry[];
  add(agentId: string, entry: Omit<AllowlistEntry, "id">): AllowlistEntry;
}

export interface ExecApprovalsOptions {
  /** The policy for a run (from `tools.exec.security` / `ask`, per agent and session kind). */
  policyFor(run: { sessionKey?: string; agentId?: string }): ExecPolicy;
  allowlist: AllowlistSource;
  broker: ExecApprovalBroker;
}

export interface GateInput {
  command: string;
  cwd: string;
  /** PATH the command runs with (to resolve programs to real paths). */
  path: string;
  /** The workspace root: safe binaries may read inside it without asking. */
  workspaceRoot?: string;
  agentId?: string;
  sessionKey?: string;
  host: "gateway" | "sandbox";
  /** Elevated exec always asks unless the policy is `full` with `ask: off`. */
  elevated?: boolean;
}

export type GateResult =
  | { run: true; approval?: ApprovalOutcome }
  | { run: false; message: string; approval?: ApprovalOutcome };

/** Agent id used for the allowlist when a run has none. */
const DEFAULT_AGENT = "main";

/**
 * @example
 * const verdict = await gateExec(options, { command: "ls; rm -rf /", cwd, path, host: "gateway" }, signal);
 * if (!verdict.run) return errorResult(verdict.message);
 */
export async function gateExec(
  options: ExecApprovalsOptions,
  input: GateInput,
  signal: AbortSignal,
  onPending?: (approval: PendingApproval) => void,
): Promise<GateResult> {
  const agentId = input.agentId ?? DEFAULT_AGENT;
  const policy = options.policyFor({ sessionKey: input.sessionKey, agentId });
  const analysis = await analyzeCommand(input.command, {
    cwd: input.cwd,
    path: input.path,
    workspaceRoot: input.workspaceRoot ?? input.cwd,
  });
  let decision = decideExec(policy, analysis, options.allowlist.list(agentId));
  if (input.elevated && decision.action === "run" && !(policy.security === "full" && policy.ask === "off"))
    decision = { action: "ask", reason: "elevated exec runs outside the sandbox", misses: [] };
  if (decision.action === "run") return { run: true };
  if (decision.action === "deny")
    return {
      run: false,
      message: `Command not run: ${decision.reason}. Do not retry it; tell the user what you wanted to run and why, or use another tool.`,
    };
  const outcome = await options.broker.request(
    {
      command: input.command,
      cwd: input.cwd,
      agentId,
      sessionKey: input.sessionKey ?? null,
      reason: decision.reason,
      security: policy.security,
      ask: policy.ask,
      resolvedPath: analysis.segments[0]?.resolvedPath ?? null,
      host: input.host,
    },
    signal,
    onPending,
  );
  if (outcome.decision === "allow-always") rememberSegments(options.allowlist, agentId, analysis);
  if (outcome.decision !== "deny") return { run: true, approval: outcome };
  return { run: false, message: denialMessage(outcome), approval: outcome };
}

function denialMessage(outcome: ApprovalOutcome): string {
  const why =
    outcome.cause === "timeout"
      ? "nobody approved it before the approval timed out"
      : outcome.cause === "run-aborted"
        ? "the run was aborted while it waited for approval"
        : `the user denied it${outcome.resolvedBy ? ` (${outcome.resolvedBy})` : ""}`;
  return `Command not run: ${why}. Do not run it again unchanged; ask the user how to proceed or choose another approach.`;
}

/** Allow-always remembers what was approved, no more: each program with its exact arguments. */
function rememberSegments(allowlist: AllowlistSource, agentId: string, analysis: CommandAnalysis): void {
  for (const segment of analysis.segments) {
    const path = segment.resolvedPath;
    if (!path || path.startsWith("builtin:") || segment.problem) continue;
    allowlist.add(agentId, {
      pattern: literalGlob(path),
      argPattern: literalGlob(segment.args.join(" ")),
      source: "allow-always",
      commandText: analysis.command,
      lastResolvedPath: path,
    });
  }
}
