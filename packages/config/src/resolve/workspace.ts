/** Where each agent's workspace and private state live on disk. */
import { join } from "node:path";
import { expandUserPath } from "../load/paths.js";
import {
  type AgentsView,
  resolveAgentConfig,
  resolveDefaultAgentId,
  resolveSessionAgentId,
} from "./agent-scope.js";

export interface DirInputs {
  homeDir: string;
  /** The state dir (`~/.claw` unless overridden; see `resolveConfigPaths`). */
  stateDir: string;
}

/**
 * An agent's workspace: its own `workspace` > for the default agent `agents.defaults.workspace`
 * or `<stateDir>/workspace` > `<stateDir>/workspace-<agentId>`. `~` expands to `homeDir`;
 * relative paths resolve against the state dir.
 *
 * @example
 * resolveAgentWorkspaceDir(config, "research", { homeDir: "/home/u", stateDir: "/home/u/.claw" });
 * // → "/home/u/.claw/workspace-research" (unless research sets its own workspace)
 */
export function resolveAgentWorkspaceDir(
  config: AgentsView | undefined,
  agentId: string,
  dirs: DirInputs,
): string {
  // `main` / `default` name the default agent (see resolveAgentIdAlias).
  const id = resolveSessionAgentId({ config, agentId: agentId.trim().toLowerCase() });
  const own = resolveAgentConfig(config, id)?.workspace;
  if (own) return expandUserPath(own, dirs.homeDir, dirs.stateDir);
  if (id === resolveDefaultAgentId(config)) {
    const shared = config?.agents?.defaults?.workspace;
    return shared ? expandUserPath(shared, dirs.homeDir, dirs.stateDir) : join(dirs.stateDir, "workspace");
  }
  return join(dirs.stateDir, `workspace-${id}`);
}

/**
 * An agent's private state dir (sessions, auth profiles): `agentDir` if set, else
 * `<stateDir>/agents/<agentId>`.
 *
 * @example
 * resolveAgentStateDir(undefined, "main", { homeDir: "/home/u", stateDir: "/home/u/.claw" }); // → "/home/u/.claw/agents/main"
 */
export function resolveAgentStateDir(
  config: AgentsView | undefined,
  agentId: string,
  dirs: DirInputs,
): string {
  const id = agentId.trim().toLowerCase();
  const own = resolveAgentConfig(config, id)?.agentDir;
  return own ? expandUserPath(own, dirs.homeDir, dirs.stateDir) : join(dirs.stateDir, "agents", id);
}
