import { RuntimeError } from "../runtime.js";
import type { MethodHandler } from "./types.js";

export const health: MethodHandler<"health"> = ({ ctx, params }) => ctx.hub.health(params.probe ? 0 : 1_000);

export const status: MethodHandler<"status"> = async ({ ctx }) => {
  const base = await ctx.ports.status.status();
  const mem = process.memoryUsage();
  return {
    ...base,
    pid: process.pid,
    uptimeMs: Date.now() - ctx.startedAt,
    processMemory: { rssBytes: mem.rss, heapUsedBytes: mem.heapUsed, heapTotalBytes: mem.heapTotal },
    activeRuns: ctx.ports.runs.active().length,
    connections: ctx.hub.connections.size,
  };
};

export const systemPresence: MethodHandler<"system-presence"> = async ({ ctx }) => ctx.hub.presence.list();

export const modelsList: MethodHandler<"models.list"> = async ({ ctx: { ports }, params }) => ({
  models: await ports.catalog.models(params.agentId ? { agentId: params.agentId } : {}),
});

export const toolsEffective: MethodHandler<"tools.effective"> = ({ ctx: { ports }, params }) =>
  ports.catalog.effectiveTools(params);

export const skillsList: MethodHandler<"skills.list"> = async ({ ctx: { ports }, params }) => ({
  skills: await ports.catalog.skills(params),
});

export const memorySearch: MethodHandler<"memory.search"> = async ({ ctx: { ports }, params }) => {
  if (!ports.memory)
    throw new RuntimeError("UNAVAILABLE", "memory.search: no memory backend is configured on this gateway");
  return {
    results: await ports.memory.search({
      query: params.query,
      limit: params.limit ?? 10,
      ...(params.agentId ? { agentId: params.agentId } : {}),
    }),
  };
};

export const logsTail: MethodHandler<"logs.tail"> = ({ ctx: { ports }, params }) =>
  ports.status.tailLogs({
    limit: params.limit ?? 200,
    maxBytes: params.maxBytes ?? 250_000,
    ...(params.cursor !== undefined ? { cursor: params.cursor } : {}),
  });

export const modelsAuthStatus: MethodHandler<"models.authStatus"> = async ({ ctx: { ports }, params }) => {
  if (!ports.auth)
    throw new RuntimeError("UNAVAILABLE", "models.authStatus: this gateway keeps no credentials");
  return { ts: Date.now(), ...(await ports.auth.status(params.agentId ? { agentId: params.agentId } : {})) };
};

export const doctorMemoryStatus: MethodHandler<"doctor.memory.status"> = async ({
  ctx: { ports },
  params,
}) => {
  if (!ports.memory)
    throw new RuntimeError(
      "UNAVAILABLE",
      "doctor.memory.status: no memory backend is configured on this gateway",
    );
  return ports.memory.status(params.agentId ? { agentId: params.agentId } : {});
};
