/**
 * Opens an agent's memory index the way the gateway would: `<state dir>/memory/<agent>.sqlite`,
 * the agent's workspace and embedding provider, through the gateway's own `memoryIndexOptions`.
 */
import { mkdirSync } from "node:fs";
import { dirname } from "node:path";
import { type ClawConfig, resolveAgentWorkspaceDir } from "@claw/config";
import type { MemoryIndex } from "@claw/memory";
import { CliError, type CommandContext } from "../../context.js";
import { memoryIndexPath } from "../../local-state/agents.js";

export async function openAgentMemory(
  context: CommandContext,
  config: ClawConfig,
  stateDir: string,
  agentId: string,
): Promise<MemoryIndex> {
  if (!config.agents.defaults.memorySearch.enabled)
    throw new CliError("memory search is turned off (agents.defaults.memorySearch.enabled is false)", {
      hint: "turn it on with `claw config set agents.defaults.memorySearch.enabled true`",
    });
  const dbPath = memoryIndexPath(stateDir, agentId);
  mkdirSync(dirname(dbPath), { recursive: true, mode: 0o700 });
  const [{ openMemoryIndex }, { memoryIndexOptions }] = await Promise.all([
    import("@claw/memory"),
    import("@claw/app-gateway/memory"),
  ]);
  const workspaceDir = resolveAgentWorkspaceDir(config, agentId, { homeDir: context.io.homeDir, stateDir });
  const options = memoryIndexOptions(config, agentId, { stateDir, workspaceDir, env: context.io.env });
  if (!options) throw new CliError(`memory search is turned off for agent "${agentId}"`);
  return openMemoryIndex({
    ...options,
    dbPath,
    sync: { watch: false, onSearch: true, onSessionStart: false },
    log: () => {},
  });
}
