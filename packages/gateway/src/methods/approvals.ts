import { RuntimeError } from "../runtime.js";
import type { MethodHandler } from "./types.js";

/** `exec.approval.list`: pending commands, oldest first (OpenClaw answers a bare array too). */
export const execApprovalList: MethodHandler<"exec.approval.list"> = async ({ ctx }) =>
  ctx.ports.approvals?.list() ?? [];

export const execApprovalGet: MethodHandler<"exec.approval.get"> = async ({ ctx, params }) => {
  const approval = ctx.ports.approvals?.list().find((a) => a.id === params.id);
  if (!approval) throw notPending("exec.approval.get", params.id);
  return approval;
};

/** Settles a pending command; who decided is recorded as the device (or connection) that asked. */
export const execApprovalResolve: MethodHandler<"exec.approval.resolve"> = async ({ ctx, conn, params }) => {
  const resolvedBy = params.reviewer
    ? `${params.reviewer.channel}:${params.reviewer.senderId}`
    : (conn.client?.displayName ?? conn.deviceId ?? `conn:${conn.id}`);
  if (!ctx.ports.approvals?.resolve(params.id, params.decision, resolvedBy))
    throw notPending("exec.approval.resolve", params.id);
  return { ok: true, id: params.id, decision: params.decision };
};

/** `plugin.approval.list`: Claw runs no plugins, so none is ever pending. */
export const pluginApprovalList: MethodHandler<"plugin.approval.list"> = async () => [];

function notPending(method: string, id: string): RuntimeError {
  return new RuntimeError(
    "NOT_FOUND",
    `${method}: no pending approval "${id.slice(0, 100)}" (it was already decided or timed out) — list them with exec.approval.list`,
  );
}
