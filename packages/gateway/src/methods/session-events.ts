import type { MethodHandler } from "./types.js";

/** `sessions.subscribe`: `sessions.changed` events from now on; with list params, the list too. */
export const sessionsSubscribe: MethodHandler<"sessions.subscribe"> = async ({ ctx, conn, params }) => {
  ctx.sessionEvents.subscribe(conn);
  if (Object.keys(params).length === 0) return { subscribed: true };
  const sessions = await ctx.ports.sessions.list(params);
  return { subscribed: true, list: { sessions, count: sessions.length } };
};

export const sessionsUnsubscribe: MethodHandler<"sessions.unsubscribe"> = async ({ ctx, conn }) => {
  ctx.sessionEvents.unsubscribe(conn);
  return { subscribed: false };
};

/** `sessions.describe`: one row, `null` when the key has no session yet (not an error). */
export const sessionsDescribe: MethodHandler<"sessions.describe"> = async ({ ctx, params }) => ({
  session: (await ctx.ports.sessions.describe(params.key)) ?? null,
});
