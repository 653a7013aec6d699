import type { ApprovalsPort } from "../runtime.js";
import type { EventHub } from "./hub.js";

/**
 * Forwards the approvals port's events to clients holding `operator.approvals` (or admin) only:
 * a command line can carry paths and secrets a read-only client should not see.
 */
export function forwardApprovalEvents(hub: EventHub, approvals: ApprovalsPort | undefined): () => void {
  if (!approvals) return () => {};
  return approvals.subscribe((event) => {
    if (event.type === "requested")
      hub.broadcast("exec.approval.requested", event.approval, { requiredScope: "operator.approvals" });
    else hub.broadcast("exec.approval.resolved", event.resolved, { requiredScope: "operator.approvals" });
  });
}
