/**
 * Who decides an exec approval asked from a chat: the owners of the session's agent
 * (`identity.ownerNumbers`) and the account's configured approvers
 * (`channels.<ch>.execApprovals.approvers`), never the requester as such. A paired stranger who
 * presses "Allow once" on their own command is refused; the CLI and the Control UI decide as before.
 */
import { matchOwnerId, ownerIdsOn } from "@claw/ids";
import type { OwnerList } from "../routing/sender-owner.js";

export interface ApprovalDeciders {
  /** The agent's owners (undefined or empty: no owner on any channel). */
  owners?: OwnerList;
  /** Bare platform ids of the account's approvers. */
  approvers?: readonly string[];
}

/** The refusal a presser who may not decide reads. */
export const ONLY_THE_OWNER = "Only the owner (or a configured approver) can approve this.";

/**
 * @example
 * mayDecideApproval("telegram", "42", { owners: { entries: ["telegram:42"], source: "…" } }); // true
 * mayDecideApproval("telegram", "43", { owners: { entries: ["telegram:42"], source: "…" } }); // false
 */
export function mayDecideApproval(channel: string, senderId: string, deciders: ApprovalDeciders): boolean {
  if (matchOwnerId(deciders.owners?.entries, channel, senderId)) return true;
  return (deciders.approvers ?? []).some((id) => id === senderId.trim());
}

/**
 * The platform ids whose DMs get a prompt on `channel` (owners first, then approvers, once each).
 *
 * @example
 * decidersOn("telegram", { owners: { entries: ["telegram:42", "slack:U7"], source: "…" }, approvers: ["9"] }); // ["42", "9"]
 */
export function decidersOn(channel: string, deciders: ApprovalDeciders): string[] {
  return [...new Set([...ownerIdsOn(deciders.owners?.entries, channel), ...(deciders.approvers ?? [])])];
}
