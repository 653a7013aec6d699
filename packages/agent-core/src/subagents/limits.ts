/** Subagent limits and the tool policy by depth, as plain data and pure checks. */

export interface SubagentLimits {
  /** Deepest nesting allowed: a session at depth d may spawn iff d < maxSpawnDepth (default 1). */
  maxSpawnDepth: number;
  /** Running children per parent session (default 5). */
  maxChildrenPerAgent: number;
  /** Running subagents overall (default 8). */
  maxConcurrent: number;
  /** Archive finished children this long after they end (default 60; 0 = never). */
  archiveAfterMinutes: number;
  /** Default run timeout for children in seconds (0 = none; unset = the agent's timeout). */
  runTimeoutSeconds?: number;
  /** Agents each agent may spawn under; ["*"] = any. Default: only itself. */
  allowAgents?: Record<string, readonly string[]>;
}

export const DEFAULT_SUBAGENT_LIMITS: SubagentLimits = {
  maxSpawnDepth: 1,
  maxChildrenPerAgent: 5,
  maxConcurrent: 8,
  archiveAfterMinutes: 60,
};

/** Session tools a subagent never gets, and the ones an orchestrator (depth < max) keeps. */
export const SESSION_TOOL_NAMES = [
  "sessions_spawn",
  "sessions_list",
  "sessions_history",
  "sessions_send",
  "session_status",
];
export const ORCHESTRATOR_SESSION_TOOLS = ["sessions_spawn", "sessions_list", "sessions_history"];

/**
 * Why a spawn is refused, or undefined when it may go ahead.
 *
 * @example
 * spawnRefusal({ parentDepth: 1, activeChildren: 0, running: 0, requester: "main", target: "main" }, DEFAULT_SUBAGENT_LIMITS);
 * // → "sessions_spawn is not available at depth 1: maxSpawnDepth is 1 …"
 */
export function spawnRefusal(
  state: { parentDepth: number; activeChildren: number; running: number; requester: string; target: string },
  limits: SubagentLimits,
): string | undefined {
  if (state.parentDepth >= limits.maxSpawnDepth)
    return `sessions_spawn is not available at depth ${state.parentDepth}: maxSpawnDepth is ${limits.maxSpawnDepth} (raise agents.defaults.subagents.maxSpawnDepth to allow nesting).`;
  const allowed = limits.allowAgents?.[state.requester] ?? [state.requester];
  if (!allowed.includes("*") && !allowed.includes(state.target))
    return `Agent "${state.requester}" may not spawn agent "${state.target}" (allowed: ${allowed.join(", ")}); add it to subagents.allowAgents.`;
  if (state.activeChildren >= limits.maxChildrenPerAgent)
    return `This session already has ${state.activeChildren} running subagents (maxChildrenPerAgent ${limits.maxChildrenPerAgent}); wait for one to finish.`;
  if (state.running >= limits.maxConcurrent)
    return `${state.running} subagents are running (maxConcurrent ${limits.maxConcurrent}); wait for one to finish.`;
  return undefined;
}

/** The tool names a subagent at `depth` may keep: no session tools, except an orchestrator's. */
export function subagentAllowsTool(
  name: string,
  depth: number,
  limits: Pick<SubagentLimits, "maxSpawnDepth">,
): boolean {
  if (!SESSION_TOOL_NAMES.includes(name)) return true;
  return depth < limits.maxSpawnDepth && ORCHESTRATOR_SESSION_TOOLS.includes(name);
}
