/**
 * The gateway's approvals port over the exec approval broker: pending commands, decisions from
 * operators, and the broker's events in the wire's shapes.
 */
import type { ApprovalsPort } from "@claw/gateway";
import type { ExecApprovalBroker } from "@claw/tools";

export function createApprovalsPort(broker: ExecApprovalBroker): ApprovalsPort {
  return {
    list: () => broker.list(),
    resolve: (id, decision, resolvedBy) => broker.resolve(id, decision, resolvedBy) !== undefined,
    subscribe: (listener) =>
      broker.subscribe((event) => {
        if (event.type === "requested") listener({ type: "requested", approval: event.approval });
        else
          listener({
            type: "resolved",
            resolved: {
              id: event.id,
              decision: event.decision,
              reason: event.cause,
              ...(event.resolvedBy ? { resolvedBy: event.resolvedBy } : {}),
              ts: event.ts,
            },
          });
      }),
  };
}
