import type { GatewayContext } from "../../context.js";
import type { AgentInfo } from "../../runtime.js";

/** Model ids clients pick: `claw` (default agent) and `claw/<agentId>` per agent. */
export function agentModelId(agentId: string): string {
  return `claw/${agentId}`;
}

/** Resolves a requested model id to an agent; undefined when it names none. */
export function resolveAgent(model: string, agents: AgentInfo[]): AgentInfo | undefined {
  if (model === "claw") return agents.find((a) => a.isDefault) ?? agents[0];
  const id = model.startsWith("claw/") ? model.slice(5) : model.startsWith("agent:") ? model.slice(6) : model;
  return agents.find((a) => a.agentId === id);
}

export async function listModels(ctx: GatewayContext): Promise<unknown> {
  const agents = await ctx.ports.catalog.agents();
  const created = Math.floor(ctx.startedAt / 1000);
  const data = [
    { id: "claw", object: "model", created, owned_by: "claw" },
    ...agents.map((a) => ({ id: agentModelId(a.agentId), object: "model", created, owned_by: "claw" })),
  ];
  return { object: "list", data };
}
