/**
 * `tools.effective`: the tools a run of this agent on this session would get, after tool policy,
 * each with its risk from the tool catalog, and the built tools the agent is not offered with why.
 */
import { isSubagentSessionKey } from "@claw/ids";
import type { ToolsEffectiveResult } from "@claw/protocol";
import type { Model } from "@claw/providers";
import { getCoreTool } from "@claw/tool-policy";
import type { AssembledAgent } from "../assemble/agents.js";

export function effectiveTools(
  agent: AssembledAgent,
  model: Model,
  sessionKey: string,
  profile: string,
  absent: readonly { tool: string; reason: string }[] = [],
): ToolsEffectiveResult {
  const definition = agent.definition;
  const all = definition.tools ?? [];
  const context = {
    agentId: definition.id,
    sessionKey,
    model,
    isSubagent: isSubagentSessionKey(sessionKey),
    senderIsOwner: true,
  };
  const kept = definition.filterTools ? definition.filterTools(all, context) : all;
  return {
    agentId: definition.id,
    profile,
    groups: [
      {
        id: "core",
        label: "Built-in tools",
        source: "core",
        tools: kept.map((t) => ({
          id: t.name,
          label: t.label ?? t.name,
          description: t.description.split("\n")[0] ?? t.description,
          rawDescription: t.description,
          source: "core" as const,
          // A tool without a catalog row (a plugin) is not known to be harmless.
          risk: getCoreTool(t.name)?.risk ?? ("medium" as const),
        })),
      },
    ],
    ...(absent.length > 0 ? { absent: absent.map(({ tool, reason }) => ({ id: tool, reason })) } : {}),
  };
}
