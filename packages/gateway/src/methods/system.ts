import { RuntimeError } from "../runtime.js";
import type { MethodHandler } from "./types.js";

export const health: MethodHandler<{ probe?: boolean }> = ({ ctx, params }) =>
  ctx.hub.health(params.probe ? 0 : 1_000);

export const status: MethodHandler<{ includeChannelSummary?: boolean }> = async ({ ctx }) => {
  const base = await ctx.runtime.status();
  const mem = process.memoryUsage();
  return {
    ...base,
    pid: process.pid,
    uptimeMs: Date.now() - ctx.startedAt,
    processMemory: { rssBytes: mem.rss, heapUsedBytes: mem.heapUsed, heapTotalBytes: mem.heapTotal },
    activeRuns: ctx.runs.active().length,
    connections: ctx.hub.connections.size,
  };
};

export const systemPresence: MethodHandler<Record<string, never>> = async ({ ctx }) =>
  ctx.hub.presence.list();

export const modelsList: MethodHandler<{ agentId?: string }> = async ({ ctx, params }) => ({
  models: await ctx.runtime.listModels(params.agentId ? { agentId: params.agentId } : {}),
});

export const toolsEffective: MethodHandler<{ sessionKey: string; agentId?: string }> = ({ ctx, params }) =>
  ctx.runtime.effectiveTools(params);

export const skillsList: MethodHandler<{ agentId?: string }> = async ({ ctx, params }) => ({
  skills: await ctx.runtime.listSkills(params),
});

export const memorySearch: MethodHandler<{ query: string; agentId?: string; limit?: number }> = async ({
  ctx,
  params,
}) => {
  const search = ctx.runtime.memorySearch?.bind(ctx.runtime);
  if (!search)
    throw new RuntimeError("UNAVAILABLE", "memory.search: no memory backend is configured on this gateway");
  return {
    results: await search({
      query: params.query,
      limit: params.limit ?? 10,
      ...(params.agentId ? { agentId: params.agentId } : {}),
    }),
  };
};

export const logsTail: MethodHandler<{ cursor?: number; limit?: number; maxBytes?: number }> = ({
  ctx,
  params,
}) =>
  ctx.runtime.tailLogs({
    limit: params.limit ?? 200,
    maxBytes: params.maxBytes ?? 250_000,
    ...(params.cursor !== undefined ? { cursor: params.cursor } : {}),
  });
