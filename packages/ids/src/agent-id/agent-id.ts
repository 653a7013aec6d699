/**
 * Agent ids: the default one and the names that mean "the default agent". OpenClaw calls the
 * agent of a config that lists none `main`, so `--agent main` and `agent:main:main` work for its
 * users; Claw used `default` before, and configs and keys that say `default` keep working.
 */

/** The id of the agent when the config lists none (OpenClaw's). */
export const DEFAULT_AGENT_ID = "main";

/** Claw's earlier default agent id, still accepted as a name for the default agent. */
export const LEGACY_DEFAULT_AGENT_ID = "default";

const DEFAULT_AGENT_ALIASES: readonly string[] = [DEFAULT_AGENT_ID, LEGACY_DEFAULT_AGENT_ID];

/**
 * The configured agent a requested id names: an exact (case-insensitive) match, else — for
 * `main` or `default` when no agent has that id — the default agent; undefined when unknown.
 *
 * @example
 * resolveAgentIdAlias("main", ["default", "research"], "default"); // → "default"
 * resolveAgentIdAlias("Research", ["default", "research"], "default"); // → "research"
 * resolveAgentIdAlias("nope", ["default"], "default"); // → undefined
 */
export function resolveAgentIdAlias(
  requested: string,
  agentIds: readonly string[],
  defaultAgentId: string,
): string | undefined {
  const wanted = requested.trim().toLowerCase();
  if (!wanted) return undefined;
  const exact = agentIds.find((id) => id.toLowerCase() === wanted);
  if (exact !== undefined) return exact;
  return DEFAULT_AGENT_ALIASES.includes(wanted) && agentIds.includes(defaultAgentId)
    ? defaultAgentId
    : undefined;
}
