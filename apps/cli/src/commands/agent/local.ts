/** `claw agent --local`: the embedded runtime (assembleClaw) in this process, no gateway. */
import { resolveAgentIdAlias } from "@claw/ids";
import { loadCliConfig } from "../../cli-config.js";
import { type CommandContext, UsageError } from "../../context.js";
import type { AgentRequest } from "./index.js";
import { sessionKeyFor } from "./index.js";
import { createRunRenderer } from "./render.js";

export async function runLocal(
  request: AgentRequest,
  context: CommandContext,
  json: boolean,
): Promise<number> {
  const { config, paths } = loadCliConfig(context);
  const { assembleClaw } = await import("@claw/app-gateway");
  const claw = await assembleClaw({
    config,
    stateDir: paths.stateDir,
    homeDir: context.io.homeDir,
    env: context.io.env,
    watchSkills: false,
    ...(context.io.embedded ?? {}),
  });
  try {
    const agentIds = claw.runtime.agents.map((a) => a.id);
    const defaultId = claw.runtime.resolveAgent(undefined).id;
    if (request.agentId !== undefined && !resolveAgentIdAlias(request.agentId, agentIds, defaultId))
      throw new UsageError(`unknown agent "${request.agentId}"`, `known agents: ${agentIds.join(", ")}`);
    if (request.model !== undefined && !claw.models.resolve(request.model))
      throw new UsageError(`unknown model "${request.model}"`, "list them with `claw models list`");
    const agent = claw.runtime.resolveAgent(request.agentId);
    const renderer = createRunRenderer(context, { json });
    const handle = claw.runtime.run({
      sessionKey: sessionKeyFor(agent.id, request.session, config.session.mainKey),
      agentId: agent.id,
      message: request.message,
      senderIsOwner: true,
      ...(request.model ? { model: request.model } : {}),
      ...(request.thinking ? { thinking: request.thinking as "off" } : {}),
    });
    const onSigint = () => handle.abort("interrupted (Ctrl-C)");
    process.once("SIGINT", onSigint);
    try {
      for await (const event of handle.events) renderer.event(event);
      const result = await handle.result;
      return renderer.finish({
        runId: result.runId,
        status: result.status,
        ...(result.text !== undefined ? { text: result.text } : {}),
        ...(result.error ? { error: result.error.message } : {}),
        usage: result.usage,
      });
    } finally {
      process.off("SIGINT", onSigint);
    }
  } finally {
    await claw.close();
  }
}
