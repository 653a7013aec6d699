import { sessionKeyAgentId } from "@claw/ids";
import type { MethodHandler } from "./types.js";

/** `commands.list`: the chat commands of the agent (of `agentId`, else the session's, else the default). */
export const commandsList: MethodHandler<"commands.list"> = async ({ ctx, params }) => {
  const agentId = params.agentId ?? sessionKeyAgentId(params.sessionKey);
  const commands = await ctx.ports.catalog.commands(agentId ? { agentId } : {});
  const scope = params.scope;
  return { commands: scope ? commands.filter((c) => c.scope === scope || c.scope === "both") : commands };
};
