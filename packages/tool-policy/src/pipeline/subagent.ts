/**
 * Subagent tool policy by depth (layer 9). Depth 0 is the main agent and gets nothing here.
 * `sessions_spawn` is denied once depth ≥ maxSpawnDepth, which is how the reference's
 * "depth 1 denies sessions_spawn" and "maxSpawnDepth: 2 lets depth 1 spawn" both hold.
 */
import type { ToolListEntry } from "../match.js";

export interface SubagentDenyRule {
  readonly tools: readonly string[];
  /** First depth the rule applies at; `"maxSpawnDepth"` follows the configured limit. */
  readonly fromDepth: number | "maxSpawnDepth";
  readonly why: string;
}

/** Built-in subagent deny rules, as data. */
export const SUBAGENT_DENY_RULES: readonly SubagentDenyRule[] = [
  { tools: ["gateway"], fromDepth: 1, why: "subagents never manage the gateway" },
  { tools: ["sessions_spawn"], fromDepth: "maxSpawnDepth", why: "depth ≥ maxSpawnDepth" },
  { tools: ["cron", "message"], fromDepth: 2, why: "depth ≥ 2" },
];

/** Default `agents.defaults.subagents.maxSpawnDepth`. */
export const DEFAULT_MAX_SPAWN_DEPTH = 1;

/**
 * The built-in deny entries for a run at `depth`.
 *
 * @example
 * subagentDenyEntries(1, 1).map((e) => e.entry); // ["gateway", "sessions_spawn"]
 * subagentDenyEntries(1, 2).map((e) => e.entry); // ["gateway"]
 */
export function subagentDenyEntries(depth: number, maxSpawnDepth = DEFAULT_MAX_SPAWN_DEPTH): ToolListEntry[] {
  if (!Number.isInteger(depth) || depth < 0)
    throw new RangeError(
      `tool-policy: subagent.depth ${String(depth)} must be an integer ≥ 0 (0 = main agent)`,
    );
  if (!Number.isInteger(maxSpawnDepth) || maxSpawnDepth < 1)
    throw new RangeError(
      `tool-policy: subagent.maxSpawnDepth ${String(maxSpawnDepth)} must be an integer ≥ 1 ` +
        "(agents.defaults.subagents.maxSpawnDepth, default 1)",
    );
  if (depth === 0) return [];
  const path = `subagent depth ${depth} (maxSpawnDepth ${maxSpawnDepth})`;
  const entries: ToolListEntry[] = [];
  for (const rule of SUBAGENT_DENY_RULES) {
    const from = rule.fromDepth === "maxSpawnDepth" ? maxSpawnDepth : rule.fromDepth;
    if (depth < from) continue;
    for (const tool of rule.tools) entries.push({ entry: tool, path, note: rule.why, exact: true });
  }
  return entries;
}
