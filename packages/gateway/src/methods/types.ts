import type { Connection } from "../connection.js";
import type { GatewayContext } from "../context.js";

/** One method invocation. `ack` sends an early response with the same id (the `agent` ack). */
export interface MethodCall<P = unknown> {
  ctx: GatewayContext;
  conn: Connection;
  params: P;
  ack(payload: unknown): void;
}

/** A method handler returns the (final) result; throwing RuntimeError picks the error code. */
export type MethodHandler<P = never> = (call: MethodCall<P>) => Promise<unknown>;
