/** What the config says about agents, models and memory files, without starting anything. */
import { existsSync, statSync } from "node:fs";
import { join } from "node:path";
import { type ClawConfig, modelSelectionRefs, resolveAgentConfig, resolveDefaultAgentId } from "@claw/config";
import { resolveAgentIdAlias } from "@claw/ids";
import { UsageError } from "../context.js";

/** Same fallback as the gateway when no model is configured anywhere. */
export const FALLBACK_MODEL = "anthropic/claude-sonnet-4-5";

export interface AgentSummary {
  id: string;
  isDefault: boolean;
  primary: string;
  fallbacks: string[];
}

/** Every configured agent, or the one default agent when `agents.list` is empty. */
export function listAgents(config: ClawConfig): AgentSummary[] {
  const defaultId = resolveDefaultAgentId(config);
  const list = config.agents.list ?? [];
  const ids = list.length > 0 ? list.map((a) => a.id) : [defaultId];
  return ids.map((id) => {
    const refs = modelSelectionRefs(resolveAgentConfig(config, id)?.model ?? config.agents.defaults.model);
    return { id, isDefault: id === defaultId, primary: refs[0] ?? FALLBACK_MODEL, fallbacks: refs.slice(1) };
  });
}

/** The agent named by `--agent`, or the default; an unknown id is a usage error listing the known ones. */
export function pickAgent(config: ClawConfig, requested: string | undefined): AgentSummary {
  const agents = listAgents(config);
  const defaultId = resolveDefaultAgentId(config);
  const id =
    requested === undefined
      ? defaultId
      : resolveAgentIdAlias(
          requested,
          agents.map((a) => a.id),
          defaultId,
        );
  const found = agents.find((a) => a.id === id);
  if (!found)
    throw new UsageError(
      `unknown agent "${requested}"`,
      `known agents: ${agents.map((a) => a.id).join(", ")}`,
    );
  return found;
}

export function memoryIndexPath(stateDir: string, agentId: string): string {
  return join(stateDir, "memory", `${agentId}.sqlite`);
}

/** The memory index file of an agent, if it exists: size and last change. */
export function memoryIndexFile(stateDir: string, agentId: string) {
  const path = memoryIndexPath(stateDir, agentId);
  if (!existsSync(path)) return { agentId, path, exists: false as const };
  const stat = statSync(path);
  return { agentId, path, exists: true as const, bytes: stat.size, modifiedAt: stat.mtimeMs };
}
