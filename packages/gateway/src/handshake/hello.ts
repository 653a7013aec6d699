import { buildMainSessionKey } from "@claw/ids";
import { GATEWAY_EVENTS, GATEWAY_METHODS, type HelloOk } from "@claw/protocol";
import type { Connection } from "../connection.js";
import type { GatewayContext } from "../context.js";

/** Builds the hello-ok payload; every field validates against OpenClaw's `HelloOk`. */
export async function buildHello(
  ctx: GatewayContext,
  conn: Connection,
  protocol: number,
  auth: HelloOk["auth"],
): Promise<HelloOk> {
  const health = await ctx.hub.health();
  const methods = ctx.ports.memory ? GATEWAY_METHODS : GATEWAY_METHODS.filter((m) => m !== "memory.search");
  const hello: HelloOk = {
    type: "hello-ok",
    protocol,
    server: { version: ctx.version, bootId: ctx.bootId, connId: conn.id },
    features: { methods: [...methods], events: [...GATEWAY_EVENTS] },
    snapshot: {
      presence: ctx.hub.presence.list(),
      health,
      stateVersion: ctx.hub.stateVersion(),
      uptimeMs: Date.now() - ctx.startedAt,
      authMode: ctx.auth.mode,
    },
    auth,
    policy: {
      maxPayload: ctx.limits.maxPayloadBytes,
      maxBufferedBytes: ctx.limits.maxBufferedBytes,
      tickIntervalMs: ctx.tickIntervalMs,
      attachments: { maxBytes: ctx.limits.maxAttachmentBytes, maxImageBytes: ctx.limits.maxImageBytes },
    },
  };
  if (ctx.stateDir) hello.snapshot.stateDir = ctx.stateDir;
  if (health.defaultAgentId) {
    hello.snapshot.sessionDefaults = {
      defaultAgentId: health.defaultAgentId,
      mainKey: ctx.mainKey,
      mainSessionKey: buildMainSessionKey(health.defaultAgentId, ctx.mainKey),
    };
  }
  return hello;
}
