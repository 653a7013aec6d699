/**
 * Who wrote a message, as routing needs it: whether the sender is one of the agent's owners
 * (`identity.ownerNumbers`, matched by `@claw/ids`' `matchOwnerId`), and the DM scope that
 * follows. Unset `session.dmScope`: the owner's DMs share the agent's main session, every other
 * person's DM gets its own session (`per-channel-peer`), so a paired stranger never lands in the
 * owner's session with its host exec. A configured `dmScope` applies to everyone.
 */
import { type DmScope, matchOwnerId } from "@claw/ids";

/** An agent's owner entries and the config path they come from. */
export interface OwnerList {
  entries: readonly string[];
  source: string;
}

export interface SenderOwnership {
  isOwner: boolean;
  /** One line: "sender telegram:42 is the owner (agents.defaults.identity.ownerNumbers[0])". */
  reason: string;
}

/**
 * @example
 * senderOwnership({ entries: ["telegram:42"], source: "agents.defaults.identity.ownerNumbers" }, "telegram", "42");
 * // { isOwner: true, reason: "sender telegram:42 is the owner (agents.defaults.identity.ownerNumbers[0])" }
 */
export function senderOwnership(
  owners: OwnerList | undefined,
  channel: string,
  senderId: string,
): SenderOwnership {
  const who = `sender ${channel}:${senderId}`;
  if (!owners || owners.entries.length === 0)
    return {
      isOwner: false,
      reason: `${who} is not the owner (${owners?.source ?? "identity.ownerNumbers"} is empty: nobody on a channel is)`,
    };
  const match = matchOwnerId(owners.entries, channel, senderId);
  return match
    ? { isOwner: true, reason: `${who} is the owner (${owners.source}[${match.index}])` }
    : { isOwner: false, reason: `${who} is not the owner (not in ${owners.source})` };
}

export interface DmScopeDecision {
  scope: DmScope;
  reason: string;
}

/** The default scope of a DM from someone who is not an owner. */
export const NON_OWNER_DM_SCOPE: DmScope = "per-channel-peer";

/**
 * @example
 * resolveDmScope(undefined, false); // { scope: "per-channel-peer", reason: "session.dmScope unset: … its own session" }
 * resolveDmScope("main", false);    // { scope: "main", reason: "session.dmScope \"main\" (configured)…" }
 */
export function resolveDmScope(configured: DmScope | undefined, isOwner: boolean): DmScopeDecision {
  if (configured)
    return {
      scope: configured,
      reason:
        configured === "main" && !isOwner
          ? 'session.dmScope "main" (configured): this non-owner shares the owner\'s main session'
          : `session.dmScope "${configured}" (configured)`,
    };
  return isOwner
    ? { scope: "main", reason: "session.dmScope unset: the owner's DMs use the main session" }
    : {
        scope: NON_OWNER_DM_SCOPE,
        reason: `session.dmScope unset: a DM from someone who is not the owner gets its own session (${NON_OWNER_DM_SCOPE})`,
      };
}
