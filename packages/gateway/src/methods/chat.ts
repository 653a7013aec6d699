import { defaultSessionKey } from "./agent.js";
import { checkAttachments } from "./attachments.js";
import { assertMessageSize } from "./message-size.js";
import type { MethodHandler } from "./types.js";

/**
 * `chat.send`: accepts the message durably (once per idempotency key) and answers "started";
 * progress arrives as `chat` delta/final events.
 */
export const chatSend: MethodHandler<"chat.send"> = async ({ ctx, params }) => {
  assertMessageSize("chat.send", params.message, ctx.limits.maxMessageBytes);
  const attachments = checkAttachments(params.attachments, ctx.limits);
  const run = await ctx.fanout.accept({
    sessionKey: params.sessionKey || (await defaultSessionKey(ctx, params.agentId)),
    message: params.message,
    idempotencyKey: `chat.send:${params.idempotencyKey}`,
    ...(params.agentId ? { agentId: params.agentId } : {}),
    ...(params.thinking ? { thinking: params.thinking } : {}),
    ...(attachments.length > 0 ? { attachments } : {}),
  });
  return { runId: run.runId, status: "started" as const, acceptedAt: run.startedAt };
};

export const chatHistory: MethodHandler<"chat.history"> = async ({ ctx: { ports }, params }) => ({
  sessionKey: params.sessionKey,
  messages: await ports.sessions.history(params.sessionKey, params.limit ?? 200),
});

export const chatAbort: MethodHandler<"chat.abort"> = async ({ ctx: { ports }, params }) => ({
  aborted: ports.runs.abort(
    params.runId ? { runId: params.runId } : { sessionKey: params.sessionKey },
    "aborted by a gateway client",
  ),
});
