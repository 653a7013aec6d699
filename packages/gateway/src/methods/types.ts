import type { MethodName, MethodParams, MethodResult } from "@claw/protocol";
import type { Connection } from "../connection.js";
import type { GatewayContext } from "../context.js";

/** One method invocation. `ack` sends an early response with the same id (the `agent` ack). */
export interface MethodCall<P = unknown> {
  ctx: GatewayContext;
  conn: Connection;
  params: P;
  ack(payload: unknown): void;
}

/**
 * The handler of one method of the table: params and result are the method's TypeBox types.
 * Throwing RuntimeError picks the error code.
 */
export type MethodHandler<M extends MethodName> = (
  call: MethodCall<MethodParams<M>>,
) => Promise<MethodResult<M>>;

/** One handler per method of `METHODS`, each typed from its row. */
export type HandlerTable = { [M in MethodName]: MethodHandler<M> };
