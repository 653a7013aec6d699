import type { SessionsPatchParams } from "@claw/protocol";
import type { MethodHandler } from "./types.js";

export const sessionsList: MethodHandler<{
  limit?: number;
  offset?: number;
  agentId?: string;
  search?: string;
}> = async ({ ctx, params }) => {
  const sessions = await ctx.runtime.listSessions(params);
  return { sessions, count: sessions.length };
};

export const sessionsPatch: MethodHandler<SessionsPatchParams> = async ({ ctx, params }) => {
  const { key, agentId: _agentId, ...patch } = params;
  const entry = await ctx.runtime.patchSession(key, patch);
  return { ok: true, key, entry };
};

export const sessionsReset: MethodHandler<{ key: string; reason?: "new" | "reset" }> = async ({
  ctx,
  params,
}) => {
  await ctx.runs.abort({ sessionKey: params.key });
  const { sessionId } = await ctx.runtime.resetSession(params.key, params.reason ?? "reset");
  return { ok: true, key: params.key, ...(sessionId ? { sessionId } : {}) };
};

export const sessionsDelete: MethodHandler<{ key: string; deleteTranscript?: boolean }> = async ({
  ctx,
  params,
}) => {
  await ctx.runs.abort({ sessionKey: params.key });
  const deleted = await ctx.runtime.deleteSession(params.key, {
    deleteTranscript: params.deleteTranscript ?? true,
  });
  return { ok: true, key: params.key, deleted };
};
