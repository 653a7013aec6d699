/** The runtime's tool filter on @claw/tool-policy: the labelled, remove-only pipeline per run. */
import { subagentDepth } from "@claw/ids";
import {
  type AgentToolPolicy,
  createToolPolicyCache,
  type ScopeToolPolicy,
  type SourcedToolRuleSet,
  type ToolPolicyOptions,
} from "@claw/tool-policy";
import type { AgentDefinition, ToolFilterContext } from "../runtime/options.js";
import type { AgentTool } from "../tools/types.js";

export interface PolicyToolFilterOptions {
  /** `tools.*` from the config. */
  global?: ScopeToolPolicy;
  /** `agents.list[<id>].tools`. */
  agent?: AgentToolPolicy;
  /** `agents.defaults.subagents.maxSpawnDepth`. */
  maxSpawnDepth?: number;
  /** `tools.subagents.tools`. */
  subagentTools?: SourcedToolRuleSet;
  ownerOnly?: readonly string[];
  /** The sandbox layer for a session (`sandbox.tools`), or undefined when it is not sandboxed. */
  sandboxFor?: (sessionKey: string) => SourcedToolRuleSet | undefined;
}

/** How deep a session key is nested, one level per `:subagent:` segment (owned by `@claw/ids`). */
export { subagentDepth };

/**
 * @example
 * const agent = { id: "main", model, tools, filterTools: createPolicyToolFilter({ global: { profile: "coding" } }) };
 */
export function createPolicyToolFilter(
  options: PolicyToolFilterOptions,
): NonNullable<AgentDefinition["filterTools"]> {
  const cache = createToolPolicyCache();
  return (tools: AgentTool[], context: ToolFilterContext) => {
    const policy = cache.get(toolPolicyOptions(options, context));
    const kept = new Set(policy.resolve(tools.map((t) => t.name)));
    return tools.filter((t) => kept.has(t.name));
  };
}

/** The tool-policy options for one run (shared with `tools.effective` / `claw tools explain`). */
export function toolPolicyOptions(
  options: PolicyToolFilterOptions,
  context: ToolFilterContext,
): ToolPolicyOptions {
  return {
    global: options.global,
    agent: options.agent ?? { id: context.agentId },
    model: { provider: context.model.provider, id: context.model.id },
    ...(context.channel ? { channel: { id: context.channel } } : {}),
    ...(context.groupTools ? { group: context.groupTools } : {}),
    ...withSandbox(options.sandboxFor?.(context.sessionKey)),
    subagent: {
      depth: subagentDepth(context.sessionKey),
      maxSpawnDepth: options.maxSpawnDepth,
      tools: options.subagentTools,
    },
    sender: { isOwner: context.senderIsOwner },
    ownerOnly: options.ownerOnly,
  };
}

function withSandbox(sandbox: SourcedToolRuleSet | undefined): Pick<ToolPolicyOptions, "sandbox"> {
  return sandbox ? { sandbox } : {};
}
