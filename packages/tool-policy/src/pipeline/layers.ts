/**
 * The step order, as data. Three filters run first (facts about the channel, the model and the
 * sender), then the nine policy layers. Every step can only remove tools, so order decides only
 * which rule explain reports first; later removers are listed too.
 */

export type ToolPolicyLayerId =
  | "channel"
  | "model"
  | "owner"
  | "profile"
  | "provider-profile"
  | "global"
  | "global-provider"
  | "agent"
  | "agent-provider"
  | "group"
  | "sandbox"
  | "subagent";

export interface ToolPolicyLayer {
  readonly id: ToolPolicyLayerId;
  /** Where its rules come from, for docs and `claw tools explain`. */
  readonly source: string;
  readonly description: string;
}

/** All steps in application order; docs/tool-policy.md is written from this table. */
export const TOOL_POLICY_LAYERS: readonly ToolPolicyLayer[] = [
  { id: "channel", source: "channel capabilities", description: "tools the delivery channel cannot support" },
  { id: "model", source: "model.unsupportedTools", description: "tools the model provider cannot handle" },
  { id: "owner", source: "owner-only tools", description: "gateway, cron, nodes for non-owner senders" },
  {
    id: "profile",
    source: "tools.profile / agents.list[].tools.profile + alsoAllow",
    description: "1. profile allow-list joined with every alsoAllow",
  },
  {
    id: "provider-profile",
    source: "tools.byProvider[p].profile / agents.list[].tools.byProvider[p].profile",
    description: "2. provider profile, joined with alsoAllow",
  },
  { id: "global", source: "tools.allow / tools.deny", description: "3. global allow/deny" },
  { id: "global-provider", source: "tools.byProvider[p]", description: "4. global per-provider allow/deny" },
  { id: "agent", source: "agents.list[].tools", description: "5. agent allow/deny" },
  { id: "agent-provider", source: "agents.list[].tools.byProvider[p]", description: "6. agent per-provider" },
  { id: "group", source: "group/chat tools policy", description: "7. group or chat policy" },
  { id: "sandbox", source: "sandbox tools policy", description: "8. sandbox policy" },
  {
    id: "subagent",
    source: "subagent depth defaults + tools.subagents.tools",
    description: "9. subagent policy by depth",
  },
];
