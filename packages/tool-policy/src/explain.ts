/**
 * Explain: for every tool, kept or removed, by which layer and which written rule — the data
 * behind `claw tools explain` and the gateway's `tools.effective` method.
 */
import { normalizeToolName } from "./groups.js";
import type { RuleHit } from "./match.js";
import { type CompiledToolPolicy, compileToolPolicy } from "./pipeline/compile.js";
import type { ToolPolicyLayerId } from "./pipeline/layers.js";
import type { PolicyStep } from "./pipeline/steps.js";
import type { ToolPolicyWarning } from "./pipeline/warnings.js";
import type { ToolPolicyOptions } from "./types.js";

export interface ToolRemoval {
  readonly layer: ToolPolicyLayerId;
  /** The step's label, e.g. `agents.list[safe-agent].tools`. */
  readonly step: string;
  /** `deny`: a deny entry matched; `not-allowed`: the step's allow-list does not name the tool. */
  readonly kind: "deny" | "not-allowed";
  /** Printable rule, e.g. `agents.list[safe-agent].tools.deny ("exec")`. */
  readonly rule: string;
  /** The matching entry as written (deny only). */
  readonly entry?: string;
}

export interface ToolVerdict {
  readonly tool: string;
  readonly kept: boolean;
  /** The first step that removes the tool. */
  readonly removedBy?: ToolRemoval;
  /** Later steps that would also remove it (fixing `removedBy` alone would not bring it back). */
  readonly alsoRemovedBy: readonly ToolRemoval[];
}

export interface ToolPolicyExplanation {
  /** Surviving tools, in input order (same as `resolve`). */
  readonly tools: readonly string[];
  readonly verdicts: readonly ToolVerdict[];
  readonly steps: readonly { layer: ToolPolicyLayerId; label: string; active: boolean }[];
  readonly warnings: readonly ToolPolicyWarning[];
}

function formatHit(hit: RuleHit): string {
  const via = hit.via ? `, ${hit.via}` : "";
  const note = hit.note ? ` — ${hit.note}` : "";
  return `${hit.path} (${JSON.stringify(hit.entry)}${via})${note}`;
}

function removalAt(step: PolicyStep, name: string): ToolRemoval | undefined {
  const denied = step.deny?.match(name);
  if (denied)
    return {
      layer: step.layer,
      step: step.label,
      kind: "deny",
      rule: formatHit(denied),
      entry: denied.entry,
    };
  if (step.allow && !step.allow.test(name))
    return {
      layer: step.layer,
      step: step.label,
      kind: "not-allowed",
      rule: `${step.allowSource} (not allowed)`,
    };
  return undefined;
}

/**
 * Explains an already compiled policy.
 *
 * @example
 * const policy = compileToolPolicy({ agent: { id: "safe-agent", deny: ["exec"] }, sender: { isOwner: true } });
 * explainCompiledToolPolicy(policy, ["read", "exec"]).verdicts[1]?.removedBy?.rule;
 * // 'agents.list[safe-agent].tools.deny ("exec")'
 */
export function explainCompiledToolPolicy(
  policy: CompiledToolPolicy,
  tools: readonly string[],
): ToolPolicyExplanation {
  const verdicts = tools.map((tool): ToolVerdict => {
    const name = normalizeToolName(tool);
    const removals = policy.steps.flatMap((step) => removalAt(step, name) ?? []);
    const [removedBy, ...alsoRemovedBy] = removals;
    return removedBy
      ? { tool, kept: false, removedBy, alsoRemovedBy }
      : { tool, kept: true, alsoRemovedBy: [] };
  });
  return {
    tools: verdicts.filter((v) => v.kept).map((v) => v.tool),
    verdicts,
    steps: policy.steps.map((s) => ({
      layer: s.layer,
      label: s.label,
      active: s.allow !== null || s.deny !== null,
    })),
    warnings: policy.warnings,
  };
}

/**
 * Compiles and explains in one call.
 *
 * @example
 * const e = explainToolPolicy({ agent: { id: "safe-agent", deny: ["exec"] } }, ["read", "exec"]);
 * e.verdicts.map(formatToolVerdict);
 * // ["read: kept", 'exec: removed by agents.list[safe-agent].tools.deny ("exec")']
 */
export function explainToolPolicy(
  options: ToolPolicyOptions,
  tools: readonly string[],
): ToolPolicyExplanation {
  return explainCompiledToolPolicy(compileToolPolicy(options), tools);
}

/**
 * One line per verdict.
 *
 * @example
 * formatToolVerdict({ tool: "read", kept: true, alsoRemovedBy: [] }); // "read: kept"
 */
export function formatToolVerdict(verdict: ToolVerdict): string {
  if (!verdict.removedBy) return `${verdict.tool}: kept`;
  const also = verdict.alsoRemovedBy.map((r) => r.rule);
  return `${verdict.tool}: removed by ${verdict.removedBy.rule}${also.length > 0 ? `; also ${also.join("; ")}` : ""}`;
}

/**
 * The whole explanation as text: verdicts, then warnings.
 *
 * @example
 * console.log(formatToolPolicyExplanation(explainToolPolicy(options, tools)));
 */
export function formatToolPolicyExplanation(explanation: ToolPolicyExplanation): string {
  const lines = explanation.verdicts.map(formatToolVerdict);
  for (const warning of explanation.warnings) lines.push(`warning: ${warning.message}`);
  return lines.join("\n");
}
