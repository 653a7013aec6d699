import { defaultSessionKey } from "./agent.js";
import type { MethodHandler } from "./types.js";

interface ChatSend {
  sessionKey: string;
  message: string;
  idempotencyKey: string;
  agentId?: string;
  thinking?: string;
}

/** `chat.send`: starts a run on the session; progress arrives as `chat` delta/final events. */
export const chatSend: MethodHandler<ChatSend> = ({ ctx, params }) =>
  ctx.idempotency.run(`chat.send:${params.idempotencyKey}`, async () => {
    const run = await ctx.runs.start({
      sessionKey: params.sessionKey || (await defaultSessionKey(ctx, params.agentId)),
      message: params.message,
      idempotencyKey: params.idempotencyKey,
      ...(params.agentId ? { agentId: params.agentId } : {}),
      ...(params.thinking ? { thinking: params.thinking } : {}),
    });
    return { runId: run.runId, status: "started", acceptedAt: run.startedAt };
  });

export const chatHistory: MethodHandler<{ sessionKey: string; limit?: number }> = async ({
  ctx,
  params,
}) => ({
  sessionKey: params.sessionKey,
  messages: await ctx.runtime.chatHistory(params.sessionKey, params.limit ?? 200),
});

export const chatAbort: MethodHandler<{ sessionKey: string; runId?: string }> = async ({ ctx, params }) => ({
  aborted: await ctx.runs.abort(params.runId ? { runId: params.runId } : { sessionKey: params.sessionKey }),
});
