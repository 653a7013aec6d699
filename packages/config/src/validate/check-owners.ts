/**
 * Owner and approver ids must be in a form a sender id can match (`parseOwnerId`): an entry in
 * an unknown form would silently make nobody the owner, so it is a config error.
 */
import { parseOwnerId } from "@claw/ids";
import type { ClawConfig } from "../schema/config.js";
import type { ConfigIssue } from "./issue.js";

const CHANNELS = ["telegram", "discord", "slack"] as const;

function ownerIssues(path: string, entries: readonly string[] | undefined): ConfigIssue[] {
  return (entries ?? []).flatMap((entry, i) => {
    const parsed = parseOwnerId(entry);
    if (parsed.ok) return [];
    return [
      {
        path: `${path}[${i}]`,
        value: entry,
        message: parsed.problem.replace(/^"(?:[^"\\]|\\.)*" /, ""),
        hint: "write e.g. telegram:42, discord:80351110224678912, slack:U0123ABCD or +15551234567",
      },
    ];
  });
}

/** An approver is a bare platform id of its channel or `<channel>:<id>` of the same channel. */
function approverIssues(
  path: string,
  channel: string,
  entries: readonly string[] | undefined,
): ConfigIssue[] {
  return (entries ?? []).flatMap((entry, i) => {
    const qualified = entry.includes(":") ? entry : `${channel}:${entry.trim()}`;
    const parsed = parseOwnerId(qualified);
    if (parsed.ok && parsed.owner.channel === channel) return [];
    return [
      {
        path: `${path}[${i}]`,
        value: entry,
        message: parsed.ok
          ? `names a ${parsed.owner.channel ?? "phone"} sender, not a ${channel} one`
          : `is not a ${channel} user id (${parsed.problem.replace(/^.*?accepted forms: /, "accepted forms: ")})`,
        hint: `write the ${channel} user id, e.g. ${channel === "slack" ? "U0123ABCD" : "42"}`,
      },
    ];
  });
}

export function checkOwners(config: ClawConfig): ConfigIssue[] {
  const issues = ownerIssues(
    "agents.defaults.identity.ownerNumbers",
    config.agents.defaults.identity?.ownerNumbers,
  );
  for (const [i, agent] of (config.agents.list ?? []).entries())
    issues.push(...ownerIssues(`agents.list[${i}].identity.ownerNumbers`, agent.identity?.ownerNumbers));
  for (const channel of CHANNELS) {
    const settings = config.channels[channel];
    if (!settings) continue;
    issues.push(
      ...approverIssues(
        `channels.${channel}.execApprovals.approvers`,
        channel,
        settings.execApprovals?.approvers,
      ),
    );
    for (const [accountId, account] of Object.entries(settings.accounts ?? {}))
      issues.push(
        ...approverIssues(
          `channels.${channel}.accounts.${accountId}.execApprovals.approvers`,
          channel,
          account.execApprovals?.approvers,
        ),
      );
  }
  return issues;
}
