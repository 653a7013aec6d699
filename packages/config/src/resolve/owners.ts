/**
 * Who the owner of an agent is on the channels: the agent's own `identity.ownerNumbers`, else
 * `agents.defaults.identity.ownerNumbers`. Field by field, unlike other inherited fields: an agent
 * that only sets `identity.name` must not lose its owner. The entries' form is `@claw/ids`'
 * `parseOwnerId`; validation refuses entries in another form.
 */
import type { ClawConfig } from "../schema/config.js";

export interface AgentOwners {
  entries: readonly string[];
  /** The config path of the list, e.g. `agents.defaults.identity.ownerNumbers`. */
  source: string;
}

/**
 * @example
 * resolveAgentOwners({ agents: { defaults: { identity: { ownerNumbers: ["telegram:42"] } } } }, "main");
 * // { entries: ["telegram:42"], source: "agents.defaults.identity.ownerNumbers" }
 */
export function resolveAgentOwners(config: Pick<ClawConfig, "agents">, agentId: string): AgentOwners {
  const id = agentId.trim().toLowerCase();
  const index = config.agents.list?.findIndex((agent) => agent.id === id) ?? -1;
  const own = index >= 0 ? config.agents.list?.[index]?.identity?.ownerNumbers : undefined;
  if (own) return { entries: own, source: `agents.list[${index}].identity.ownerNumbers` };
  return {
    entries: config.agents.defaults.identity?.ownerNumbers ?? [],
    source: "agents.defaults.identity.ownerNumbers",
  };
}

/**
 * The exec approvers of a channel account (`channels.<ch>.accounts.<id>.execApprovals.approvers`,
 * else the channel's), as bare platform ids.
 *
 * @example
 * resolveExecApprovers(config, "telegram", "default"); // ["42"]
 */
export function resolveExecApprovers(
  config: Pick<ClawConfig, "channels">,
  channel: string,
  accountId: string,
): string[] {
  const settings = (config.channels as Record<string, unknown>)[channel] as
    | {
        execApprovals?: { approvers?: string[] };
        accounts?: Record<string, { execApprovals?: { approvers?: string[] } }>;
      }
    | undefined;
  const list =
    settings?.accounts?.[accountId]?.execApprovals?.approvers ?? settings?.execApprovals?.approvers ?? [];
  return list.map((entry) => {
    const trimmed = entry.trim();
    return trimmed.toLowerCase().startsWith(`${channel}:`) ? trimmed.slice(channel.length + 1) : trimmed;
  });
}
