import { buildMainSessionKey } from "@claw/ids";
import type { AgentAccepted } from "@claw/protocol";
import type { GatewayContext } from "../context.js";
import { RuntimeError } from "../runtime.js";
import { checkAttachments } from "./attachments.js";
import { assertMessageSize } from "./message-size.js";
import { runResultToWire } from "./run-result.js";
import type { MethodHandler } from "./types.js";

/**
 * Session key used when a request names none: the named agent's main session, else the default
 * agent's (as hello-ok's `mainSessionKey` says), so both paths land in the same session.
 */
export async function defaultSessionKey(ctx: GatewayContext, agentId: string | undefined): Promise<string> {
  const id = agentId ?? (await ctx.ports.catalog.agents()).find((a) => a.isDefault)?.agentId ?? "main";
  return buildMainSessionKey(id, ctx.mainKey);
}

/**
 * `agent`: accepts the message durably (once per idempotency key), acks
 * `{runId, status:"accepted", acceptedAt}` at once, and answers the final result when the run
 * ends. A repeat of the key (a reconnect, a retry after a restart) gets the first run's id and
 * its real outcome.
 */
export const agent: MethodHandler<"agent"> = async ({ ctx, params, ack }) => {
  assertMessageSize("agent", params.message, ctx.limits.maxMessageBytes);
  const attachments = checkAttachments(params.attachments, ctx.limits, "agent");
  const run = await ctx.fanout.accept({
    sessionKey: params.sessionKey || (await defaultSessionKey(ctx, params.agentId)),
    message: params.message,
    idempotencyKey: `agent:${params.idempotencyKey}`,
    ...(params.agentId ? { agentId: params.agentId } : {}),
    ...(params.thinking ? { thinking: params.thinking } : {}),
    ...(params.model ? { model: params.model } : {}),
    ...(attachments.length > 0 ? { attachments } : {}),
  });
  const accepted: AgentAccepted = { runId: run.runId, status: "accepted", acceptedAt: run.startedAt };
  ack(accepted);
  // The starter answers after its last event went out; a repeat answers when the run ended.
  return runResultToWire(await run.delivered, "agent");
};

export const agentWait: MethodHandler<"agent.wait"> = async ({ ctx: { ports, limits }, params }) => {
  if (!ports.runs.get(params.runId))
    throw new RuntimeError(
      "NOT_FOUND",
      `agent.wait: no run with id "${params.runId}" (only recent runs are kept)`,
    );
  const result = await ports.runs.wait(params.runId, params.timeoutMs ?? limits.agentWaitDefaultMs);
  return result ? runResultToWire(result, "agent.wait") : { runId: params.runId, status: "timeout" };
};
