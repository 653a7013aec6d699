/** `wake`, `last-heartbeat` and `set-heartbeats`: thin calls into the heartbeat port. */
import type { HeartbeatPort } from "../runtime.js";
import { RuntimeError } from "../runtime.js";
import type { MethodCall, MethodHandler } from "./types.js";

function heartbeatPort({ ctx }: MethodCall<unknown>): HeartbeatPort {
  if (!ctx.ports.heartbeat)
    throw new RuntimeError("UNAVAILABLE", "heartbeat: this gateway runs no heartbeat or system events");
  return ctx.ports.heartbeat;
}

export const wake: MethodHandler<"wake"> = (call) => heartbeatPort(call).wake(call.params);

export const lastHeartbeat: MethodHandler<"last-heartbeat"> = (call) => heartbeatPort(call).last();

export const setHeartbeats: MethodHandler<"set-heartbeats"> = (call) =>
  heartbeatPort(call).setEnabled(call.params.enabled);
