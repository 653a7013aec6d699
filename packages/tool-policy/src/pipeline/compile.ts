/**
 * `compileToolPolicy(options)` builds the labelled steps once; `resolve(tools)` then costs a
 * map lookup per tool, because a tool's fate depends only on its own name: it survives iff no
 * step removes it.
 */
import { normalizeToolName } from "../groups.js";
import type { ToolPolicyOptions } from "../types.js";
import { buildStepSpecs, compileSteps, type PolicyStep } from "./steps.js";
import { collectWarnings, type ToolPolicyWarning } from "./warnings.js";

export interface CompiledToolPolicy {
  /** Every step in order, including no-op ones (allow and deny both `null`). */
  readonly steps: readonly PolicyStep[];
  /** Computed on first read: the per-turn path never pays for them. */
  readonly warnings: readonly ToolPolicyWarning[];
  /** The tools that survive, in input order. */
  resolve(tools: readonly string[]): string[];
  /** Whether one tool survives (for `POST /tools/invoke`-style checks). */
  allows(tool: string): boolean;
}

/** Verdicts are memoized per tool name; the bound only guards against unbounded plugin names. */
const MEMO_LIMIT = 4096;

/**
 * Compiles options into a reusable policy. Throws on an unknown profile or a bad subagent depth.
 *
 * @example
 * const policy = compileToolPolicy({
 *   global: { profile: "coding", alsoAllow: ["memory_search"], deny: ["apply_patch"] },
 *   agent: { id: "safe-agent", deny: ["exec"] },
 *   sender: { isOwner: true },
 * });
 * policy.resolve(["read", "write", "edit", "apply_patch", "exec", "process", "web_search", "memory_search"]);
 * // ["read", "write", "edit", "process", "web_search", "memory_search"]
 */
export function compileToolPolicy(options: ToolPolicyOptions): CompiledToolPolicy {
  const specs = buildStepSpecs(options);
  const steps = compileSteps(specs, options);
  const active = steps.filter((step) => step.allow !== null || step.deny !== null);
  let warnings: readonly ToolPolicyWarning[] | undefined;
  const memo = new Map<string, boolean>();
  const evaluate = (tool: string): boolean => {
    const name = normalizeToolName(tool);
    for (const step of active) {
      if (step.deny?.test(name)) return false;
      if (step.allow && !step.allow.test(name)) return false;
    }
    return true;
  };
  const allows = (tool: string): boolean => {
    let verdict = memo.get(tool);
    if (verdict === undefined) {
      verdict = evaluate(tool);
      if (memo.size >= MEMO_LIMIT) memo.clear();
      memo.set(tool, verdict);
    }
    return verdict;
  };
  const resolve = (tools: readonly string[]): string[] => {
    const kept: string[] = [];
    for (const tool of tools) if (allows(tool)) kept.push(tool);
    return kept;
  };
  return {
    steps,
    get warnings() {
      warnings ??= collectWarnings(options, specs);
      return warnings;
    },
    resolve,
    allows,
  };
}
