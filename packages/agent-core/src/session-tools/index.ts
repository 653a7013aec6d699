/** The agent-facing session tools, built from a runtime (and a subagent registry for spawn). */
import type { AgentRuntime } from "../runtime/create-runtime.js";
import type { SubagentRegistry } from "../subagents/registry.js";
import type { AgentTool } from "../tools/types.js";
import { sessionStatusTool, sessionsHistoryTool, sessionsListTool } from "./list-history-status.js";
import { type SessionsSendOptions, sessionsSendTool } from "./sessions-send.js";
import { sessionsSpawnTool } from "./sessions-spawn.js";

export { sessionStatusTool, sessionsHistoryTool, sessionsListTool } from "./list-history-status.js";
export { RESERVED_SESSION_KEYS, resolveSessionTarget } from "./resolve-target.js";
export { REPLY_SKIP, type SessionsSendOptions, sessionsSendTool } from "./sessions-send.js";
export { sessionsSpawnTool } from "./sessions-spawn.js";

/**
 * Every session tool at once.
 *
 * @example
 * const tools = createSessionTools({ runtime, registry });   // add to agent.tools at assembly
 */
export function createSessionTools(params: {
  runtime: AgentRuntime;
  registry?: SubagentRegistry;
  send?: SessionsSendOptions;
}): AgentTool[] {
  const tools: AgentTool[] = [
    sessionsListTool(params.runtime),
    sessionsHistoryTool(params.runtime),
    sessionsSendTool(params.runtime, params.send),
    sessionStatusTool(params.runtime, params.registry),
  ];
  if (params.registry) tools.unshift(sessionsSpawnTool(params.registry));
  return tools;
}
