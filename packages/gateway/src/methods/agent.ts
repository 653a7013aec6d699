import type { AgentParams } from "@claw/protocol";
import type { GatewayContext } from "../context.js";
import { RuntimeError } from "../runtime.js";
import type { MethodHandler } from "./types.js";

/**
 * Session key used when a request names none: the named agent's main session, else the default
 * agent's (as hello-ok's `mainSessionKey` says), so both paths land in the same session.
 */
export async function defaultSessionKey(ctx: GatewayContext, agentId: string | undefined): Promise<string> {
  const id = agentId ?? (await ctx.runtime.listAgents()).find((a) => a.isDefault)?.agentId ?? "main";
  return `agent:${id}:main`;
}

interface Ack {
  runId: string;
  status: "accepted";
  acceptedAt: number;
}

/** `agent`: ack `{runId, status:"accepted", acceptedAt}` at once, the final result when the run ends. */
export const agent: MethodHandler<AgentParams> = async ({ ctx, params, ack }) => {
  const accepted = await ctx.idempotency.run<Ack>(`agent:${params.idempotencyKey}`, async () => {
    const run = await ctx.runs.start({
      sessionKey: params.sessionKey || (await defaultSessionKey(ctx, params.agentId)),
      message: params.message,
      idempotencyKey: params.idempotencyKey,
      ...(params.agentId ? { agentId: params.agentId } : {}),
      ...(params.thinking ? { thinking: params.thinking } : {}),
      ...(params.model ? { model: params.model } : {}),
    });
    return { runId: run.runId, status: "accepted", acceptedAt: run.startedAt };
  });
  ack(accepted);
  const run = ctx.runs.get(accepted.runId);
  if (!run) {
    // Started before a gateway restart: only the runtime still knows it.
    const waited = await ctx.runtime.waitRun(accepted.runId, ctx.limits.agentWaitDefaultMs);
    return {
      runId: accepted.runId,
      status: waited?.status ?? "timeout",
      ...(waited?.error ? { error: waited.error } : {}),
    };
  }
  const result = await run.result;
  return {
    runId: accepted.runId,
    status: result.status,
    ...(result.text !== undefined ? { summary: result.text } : {}),
    ...(result.error ? { error: result.error } : {}),
    ...(result.usage ? { usage: result.usage } : {}),
  };
};

export const agentWait: MethodHandler<{ runId: string; timeoutMs?: number }> = async ({ ctx, params }) => {
  const result = await ctx.runs.wait(params.runId, params.timeoutMs ?? ctx.limits.agentWaitDefaultMs);
  if (!result)
    throw new RuntimeError(
      "NOT_FOUND",
      `agent.wait: no run with id "${params.runId}" (runs are kept 5 min after they end)`,
    );
  return result;
};
