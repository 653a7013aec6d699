import {
  checkMethodParams,
  ERROR_DETAIL_CODES as D,
  type ErrorShape,
  errorShape,
  hasScope,
  METHODS,
  type MethodName,
  type MethodParams,
  type MethodResult,
  type OperatorScope,
  type RequestFrame,
} from "@claw/protocol";
import type { Connection } from "../connection.js";
import type { GatewayContext } from "../context.js";
import { RuntimeError } from "../runtime.js";
import { agent, agentWait } from "./agent.js";
import { agentsList } from "./agents.js";
import { execApprovalGet, execApprovalList, execApprovalResolve, pluginApprovalList } from "./approvals.js";
import { browserProfiles, browserStart, browserStatus, browserStop } from "./browser.js";
import {
  channelsPairingApprove,
  channelsPairingDismiss,
  channelsPairingList,
  channelsRoutesExplain,
  channelsStatus,
  send,
} from "./channels.js";
import { chatAbort, chatHistory, chatSend } from "./chat.js";
import { commandsList } from "./commands.js";
import { configApply, configGet, configPatch } from "./config.js";
import {
  cronAdd,
  cronGet,
  cronList,
  cronRemove,
  cronRun,
  cronRuns,
  cronScratchGet,
  cronScratchSet,
  cronStatus,
  cronUpdate,
} from "./cron.js";
import {
  devicePairApprove,
  devicePairList,
  devicePairReject,
  deviceTokenRevoke,
  deviceTokenRotate,
} from "./devices.js";
import { lastHeartbeat, setHeartbeats, wake } from "./heartbeat.js";
import { sessionsDescribe, sessionsSubscribe, sessionsUnsubscribe } from "./session-events.js";
import { sessionsCompact, sessionsDelete, sessionsList, sessionsPatch, sessionsReset } from "./sessions.js";
import * as system from "./system.js";
import type { HandlerTable, MethodCall } from "./types.js";

/**
 * Handlers by method name, each typed from its row of `METHODS` (where the schemas, scopes and
 * side-effect flags live).
 */
const HANDLERS: HandlerTable = {
  health: system.health,
  status: system.status,
  "system-presence": system.systemPresence,
  agent,
  "agent.wait": agentWait,
  "chat.send": chatSend,
  "chat.history": chatHistory,
  "chat.abort": chatAbort,
  "sessions.list": sessionsList,
  "sessions.patch": sessionsPatch,
  "sessions.reset": sessionsReset,
  "sessions.compact": sessionsCompact,
  "sessions.delete": sessionsDelete,
  "config.get": configGet,
  "config.patch": configPatch,
  "config.apply": configApply,
  "models.list": system.modelsList,
  "tools.effective": system.toolsEffective,
  "skills.list": system.skillsList,
  "memory.search": system.memorySearch,
  "logs.tail": system.logsTail,
  "device.pair.list": devicePairList,
  "device.pair.approve": devicePairApprove,
  "device.pair.reject": devicePairReject,
  "device.token.rotate": deviceTokenRotate,
  "device.token.revoke": deviceTokenRevoke,
  "exec.approval.list": execApprovalList,
  "exec.approval.get": execApprovalGet,
  "exec.approval.resolve": execApprovalResolve,
  "plugin.approval.list": pluginApprovalList,
  "browser.status": browserStatus,
  "browser.start": browserStart,
  "browser.stop": browserStop,
  "browser.profiles": browserProfiles,
  "cron.list": cronList,
  "cron.add": cronAdd,
  "cron.update": cronUpdate,
  "cron.remove": cronRemove,
  "cron.run": cronRun,
  "cron.runs": cronRuns,
  "cron.status": cronStatus,
  "cron.get": cronGet,
  "cron.scratch.get": cronScratchGet,
  "cron.scratch.set": cronScratchSet,
  wake,
  "last-heartbeat": lastHeartbeat,
  "set-heartbeats": setHeartbeats,
  "channels.status": channelsStatus,
  "channels.pairing.list": channelsPairingList,
  "channels.pairing.approve": channelsPairingApprove,
  "channels.pairing.dismiss": channelsPairingDismiss,
  "channels.routes.explain": channelsRoutesExplain,
  send,
  "agents.list": agentsList,
  "sessions.subscribe": sessionsSubscribe,
  "sessions.unsubscribe": sessionsUnsubscribe,
  "sessions.describe": sessionsDescribe,
  "commands.list": commandsList,
  "models.authStatus": system.modelsAuthStatus,
  "doctor.memory.status": system.doctorMemoryStatus,
};

/** Runs one method's handler; the mapped table ties the handler to its params and result. */
function invoke<M extends MethodName>(
  method: M,
  call: MethodCall<MethodParams<M>>,
): Promise<MethodResult<M>> {
  const handler: HandlerTable[M] = HANDLERS[method];
  return handler(call);
}

const isMethod = (name: string): name is MethodName => Object.hasOwn(METHODS, name);

/** Checks scope and params, runs the handler, and answers exactly once (plus an optional ack). */
export async function dispatch(ctx: GatewayContext, conn: Connection, frame: RequestFrame): Promise<void> {
  const refusal = authorize(conn, frame);
  if (refusal) {
    conn.fail(frame.id, refusal);
    return;
  }
  const method = frame.method as MethodName;
  const params = checkMethodParams(method, frame.params);
  if (!params.ok) {
    const details = { code: D.INVALID_PARAMS, path: params.path };
    conn.fail(
      frame.id,
      errorShape("INVALID_REQUEST", `invalid ${method} params: ${params.message}`, { details }),
    );
    return;
  }
  if (ctx.shuttingDown && METHODS[method].sideEffect) {
    conn.fail(
      frame.id,
      errorShape("UNAVAILABLE", "gateway is shutting down; retry after it restarts", {
        retryable: true,
        retryAfterMs: ctx.limits.restartExpectedMs,
        details: { code: D.SHUTTING_DOWN },
      }),
    );
    return;
  }
  try {
    const result = await invoke(method, {
      ctx,
      conn,
      params: params.value,
      ack: (payload) => conn.respond(frame.id, payload),
    });
    conn.respond(frame.id, result);
    ctx.sessionEvents.afterMethod(method, params.value);
  } catch (err) {
    conn.fail(frame.id, toErrorShape(ctx, method, err));
  }
}

function authorize(conn: Connection, frame: RequestFrame): ErrorShape | undefined {
  if (frame.method === "connect")
    return errorShape("INVALID_REQUEST", "already connected: connect is only valid as the first request");
  if (!isMethod(frame.method)) {
    return errorShape(
      "INVALID_REQUEST",
      `unknown method "${frame.method.slice(0, 100)}" — hello-ok features.methods lists the supported ones`,
      {
        details: { code: D.UNKNOWN_METHOD },
      },
    );
  }
  const scope = METHODS[frame.method].scope;
  if (scope === "node") {
    return conn.role === "node"
      ? undefined
      : errorShape("FORBIDDEN", `${frame.method} is for node connections only`);
  }
  if (conn.role !== "operator" || !hasScope(conn.scopes, scope as OperatorScope)) {
    return errorShape("FORBIDDEN", `missing scope: ${scope}`, {
      details: { code: D.MISSING_SCOPE, missingScope: scope, requiredScopes: [scope] },
    });
  }
  return undefined;
}

function toErrorShape(ctx: GatewayContext, method: string, err: unknown): ErrorShape {
  if (err instanceof RuntimeError) {
    const code = err.kind === "UNAVAILABLE" ? "UNAVAILABLE" : "INVALID_REQUEST";
    const details = { code: err.kind === "NOT_FOUND" ? D.NOT_FOUND : err.kind, ...err.details };
    return errorShape(code, err.message, { details, ...(code === "UNAVAILABLE" ? { retryable: true } : {}) });
  }
  ctx.logger.error("gateway: method failed", {
    method,
    error: err instanceof Error ? err.stack : String(err),
  });
  return errorShape("UNAVAILABLE", `${method} failed: ${err instanceof Error ? err.message : String(err)}`, {
    retryable: true,
  });
}
