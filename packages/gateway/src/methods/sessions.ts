import type { MethodHandler } from "./types.js";

export const sessionsList: MethodHandler<"sessions.list"> = async ({ ctx: { ports }, params }) => {
  const sessions = await ports.sessions.list(params);
  return { sessions, count: sessions.length };
};

export const sessionsPatch: MethodHandler<"sessions.patch"> = async ({ ctx: { ports }, params }) => {
  const { key, agentId: _agentId, ...patch } = params;
  const entry = await ports.sessions.patch(key, patch);
  return { ok: true, key, entry };
};

export const sessionsReset: MethodHandler<"sessions.reset"> = async ({ ctx: { ports }, params }) => {
  ports.runs.abort({ sessionKey: params.key }, "session reset");
  const { sessionId } = await ports.sessions.reset(params.key, params.reason ?? "reset");
  return { ok: true, key: params.key, ...(sessionId ? { sessionId } : {}) };
};

export const sessionsCompact: MethodHandler<"sessions.compact"> = async ({ ctx: { ports }, params }) => {
  const outcome = await ports.sessions.compact(params.key);
  return outcome.compacted
    ? { ok: true, key: params.key, compacted: true, messages: outcome.messages }
    : { ok: true, key: params.key, compacted: false, reason: outcome.reason };
};

export const sessionsDelete: MethodHandler<"sessions.delete"> = async ({ ctx: { ports }, params }) => {
  ports.runs.abort({ sessionKey: params.key }, "session deleted");
  const deleted = await ports.sessions.delete(params.key, {
    deleteTranscript: params.deleteTranscript ?? true,
  });
  return { ok: true, key: params.key, deleted };
};
