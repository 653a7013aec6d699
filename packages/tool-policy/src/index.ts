/**
 * @claw/tool-policy — layered tool permissions that explain themselves.
 *
 * @example
 * import { compileToolPolicy, CORE_TOOL_IDS } from "@claw/tool-policy";
 * const policy = compileToolPolicy({ global: { profile: "coding" }, sender: { isOwner: false } });
 * policy.resolve(CORE_TOOL_IDS); // the coding tools available to this turn
 */

// Commonly used: compile a policy, explain it, and the core tool catalog.
export { type CompiledToolPolicy, compileToolPolicy } from "./pipeline/compile.js";
export {
  explainCompiledToolPolicy,
  explainToolPolicy,
  formatToolPolicyExplanation,
  formatToolVerdict,
  type ToolPolicyExplanation,
  type ToolRemoval,
  type ToolVerdict,
} from "./explain.js";
export { CORE_TOOLS, type ToolCatalogEntry, type ToolGroupName, type ToolRisk } from "./catalog.js";
export {
  BUILTIN_CATALOG,
  CORE_TOOL_IDS,
  catalogView,
  getCoreTool,
  OWNER_ONLY_TOOLS,
  sortToolsByCatalog,
  type ToolCatalogView,
} from "./catalog-view.js";
export { isToolProfileId, TOOL_PROFILE_IDS, TOOL_PROFILES, type ToolProfileId } from "./profiles.js";
export type * from "./types.js";

// Advanced: matching, groups, layers, caching and subagent rules the policy is built from.
export {
  classifyEntry,
  compileToolMatcher,
  globToRegExp,
  type RuleHit,
  type ToolListEntry,
  type ToolMatcher,
} from "./match.js";
export { normalizeToolName, TOOL_ALIASES, TOOL_GROUPS } from "./groups.js";
export { TOOL_POLICY_LAYERS, type ToolPolicyLayer, type ToolPolicyLayerId } from "./pipeline/layers.js";
export type { PolicyStep } from "./pipeline/steps.js";
export { createToolPolicyCache, type ToolPolicyCache, toolPolicyCacheKey } from "./pipeline/cache.js";
export { DEFAULT_MAX_SPAWN_DEPTH, SUBAGENT_DENY_RULES, subagentDenyEntries } from "./pipeline/subagent.js";
export type { ToolPolicyWarning, ToolPolicyWarningCode } from "./pipeline/warnings.js";
