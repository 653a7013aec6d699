/**
 * Who may talk to the agent: DM policy (pairing | allowlist | open | disabled) and group policy
 * (open | allowlist | disabled) with per-group `requireMention`, `allowFrom`, `enabled` and tool
 * policy. Pure: the caller supplies whether a sender was approved by pairing.
 */
import type { ChannelInbound } from "../contract/channel.js";

export type DmPolicy = "pairing" | "allowlist" | "open" | "disabled";
export type GroupPolicy = "open" | "allowlist" | "disabled";

export interface GroupSettings {
  requireMention?: boolean;
  allowFrom?: readonly string[];
  tools?: { allow?: readonly string[]; deny?: readonly string[] };
  enabled?: boolean;
}

/** An account's access settings, already merged channel ← account. */
export interface AccessSettings {
  dmPolicy: DmPolicy;
  allowFrom?: readonly string[];
  groupPolicy: GroupPolicy;
  /** By group id; `*` applies to every group not listed. */
  groups?: Readonly<Record<string, GroupSettings>>;
  /** Settings of a group message when a platform nests them (Discord guild → channel → thread); replaces `groups`. */
  groupOf?: (message: Pick<ChannelInbound, "peer" | "guildId" | "thread">) => GroupSettings | undefined;
}

export type AccessDecision =
  | { allow: true; tools?: GroupSettings["tools"] }
  | { allow: false; reason: string; pairing?: true };

/** Whether `sender` is in a list of ids or usernames (`*` is everyone, `@name` matches a username). */
export function senderAllowed(
  list: readonly string[] | undefined,
  sender: ChannelInbound["sender"],
): boolean {
  if (!list) return false;
  const username = sender.username?.toLowerCase();
  return list.some((entry) => {
    const e = entry.trim();
    if (e === "*" || e === sender.id) return true;
    return username !== undefined && e.replace(/^@/, "").toLowerCase() === username;
  });
}

/**
 * @example
 * decideAccess(message, { dmPolicy: "pairing", groupPolicy: "allowlist" }, false);
 * // → { allow: false, reason: "dm from 42 needs pairing", pairing: true }
 */
export function decideAccess(
  message: Pick<ChannelInbound, "peer" | "sender" | "mentioned" | "guildId" | "thread">,
  settings: AccessSettings,
  approvedByPairing: boolean,
): AccessDecision {
  if (message.peer.kind === "direct") {
    const who = message.sender.id;
    switch (settings.dmPolicy) {
      case "disabled":
        return { allow: false, reason: "direct messages are disabled (dmPolicy: disabled)" };
      case "open":
        return { allow: true };
      case "allowlist":
        return senderAllowed(settings.allowFrom, message.sender) || approvedByPairing
          ? { allow: true }
          : { allow: false, reason: `dm from ${who} is not in allowFrom (dmPolicy: allowlist)` };
      case "pairing":
        return senderAllowed(settings.allowFrom, message.sender) || approvedByPairing
          ? { allow: true }
          : { allow: false, reason: `dm from ${who} needs pairing`, pairing: true };
    }
  }
  if (settings.groupPolicy === "disabled")
    return { allow: false, reason: "group messages are disabled (groupPolicy: disabled)" };
  const group = settings.groupOf
    ? settings.groupOf(message)
    : (settings.groups?.[message.peer.id] ?? settings.groups?.["*"]);
  if (settings.groupPolicy === "allowlist" && !group)
    return {
      allow: false,
      reason: `group ${message.peer.id} is not listed in groups (groupPolicy: allowlist)`,
    };
  if (group?.enabled === false) return { allow: false, reason: `group ${message.peer.id} is disabled` };
  if (group?.allowFrom && !senderAllowed(group.allowFrom, message.sender))
    return { allow: false, reason: `sender ${message.sender.id} is not in the group's allowFrom` };
  if ((group?.requireMention ?? true) && !message.mentioned)
    return { allow: false, reason: "not mentioned (requireMention)" };
  return group?.tools ? { allow: true, tools: group.tools } : { allow: true };
}
