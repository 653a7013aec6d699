import { buildMainSessionKey } from "@claw/ids";
import type { AgentAccepted } from "@claw/protocol";
import type { GatewayContext } from "../context.js";
import { RuntimeError } from "../runtime.js";
import { runResultToWire } from "./run-result.js";
import type { StartedRun } from "./runs.js";
import type { MethodHandler } from "./types.js";

/**
 * Session key used when a request names none: the named agent's main session, else the default
 * agent's (as hello-ok's `mainSessionKey` says), so both paths land in the same session.
 */
export async function defaultSessionKey(ctx: GatewayContext, agentId: string | undefined): Promise<string> {
  const id = agentId ?? (await ctx.ports.catalog.agents()).find((a) => a.isDefault)?.agentId ?? "main";
  return buildMainSessionKey(id, ctx.mainKey);
}

/** Longest a timer can wait (~24.8 days): a re-attached `agent` request waits for its run's end. */
const UNTIL_THE_END_MS = 2_147_483_647;

/** `agent`: ack `{runId, status:"accepted", acceptedAt}` at once, the final result when the run ends. */
export const agent: MethodHandler<"agent"> = async ({ ctx, params, ack }) => {
  let started: StartedRun | undefined;
  const accepted = await ctx.idempotency.run<AgentAccepted>(`agent:${params.idempotencyKey}`, async () => {
    started = await ctx.fanout.start({
      sessionKey: params.sessionKey || (await defaultSessionKey(ctx, params.agentId)),
      message: params.message,
      idempotencyKey: params.idempotencyKey,
      ...(params.agentId ? { agentId: params.agentId } : {}),
      ...(params.thinking ? { thinking: params.thinking } : {}),
      ...(params.model ? { model: params.model } : {}),
    });
    return { runId: started.runId, status: "accepted", acceptedAt: started.startedAt };
  });
  ack(accepted);
  // The request that started the run answers after its last event went out; a repeat of the
  // same request (same idempotency key, e.g. after a reconnect) re-attaches through the registry.
  const run = started as StartedRun | undefined;
  const result = run
    ? await run.delivered
    : ctx.ports.runs.get(accepted.runId)
      ? await ctx.ports.runs.wait(accepted.runId, UNTIL_THE_END_MS)
      : undefined;
  return result ? runResultToWire(result, "agent") : { runId: accepted.runId, status: "timeout" };
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
