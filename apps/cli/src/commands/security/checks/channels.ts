/** Who can talk to the agents: DM policy, allowlists, group mention gating, and shared DM sessions. */

import { type ClawConfig, resolveDefaultAgentId, resolveExecPolicy } from "@claw/config";
import { buildMainSessionKey } from "@claw/ids";
import type { AuditCheck, AuditFinding } from "../finding.js";

export const CHANNEL_NAMES = ["telegram", "discord", "slack", "terminal", "web"] as const;

interface GroupView {
  requireMention?: boolean;
  enabled?: boolean;
  channels?: Readonly<Record<string, GroupView>>;
}

/** The access fields every channel and channel account share (a structural view of the schema). */
interface AccessView {
  enabled?: boolean;
  dmPolicy?: string;
  allowFrom?: readonly string[];
  groupPolicy?: string;
  groups?: Readonly<Record<string, GroupView>>;
  guilds?: Readonly<Record<string, GroupView>>;
  accounts?: Readonly<Record<string, AccessView>>;
}

/** One account's effective access settings, each with the config path it comes from. */
export interface AccountAccess {
  channel: string;
  label: string;
  dmPolicy: { value: string; path: string };
  allowFrom: { value: readonly string[]; path: string };
  groupPolicy: { value: string; path: string };
  /** Group entries (`groups.<id>`, Discord `guilds.<id>[.channels.<id>]`) with mention gating turned off. */
  ungatedGroups: string[];
}

/** Every enabled channel account with its effective settings (an account overrides its channel). */
export function channelAccounts(config: ClawConfig): AccountAccess[] {
  const defaults = config.channels.defaults;
  const out: AccountAccess[] = [];
  for (const channel of CHANNEL_NAMES) {
    const settings = config.channels[channel] as AccessView | undefined;
    if (!settings || settings.enabled === false) continue;
    const accounts = Object.entries(settings.accounts ?? {});
    const list: [string | undefined, AccessView][] = accounts.length > 0 ? accounts : [[undefined, {}]];
    for (const [accountId, account] of list) {
      if (account.enabled === false) continue;
      const own =
        accountId === undefined ? `channels.${channel}` : `channels.${channel}.accounts.${accountId}`;
      const pick = <K extends "dmPolicy" | "allowFrom" | "groupPolicy">(key: K) =>
        account[key] !== undefined
          ? { value: account[key], path: `${own}.${key}` }
          : settings[key] !== undefined
            ? { value: settings[key], path: `channels.${channel}.${key}` }
            : undefined;
      const groups = { ...settings.groups, ...account.groups };
      const guilds = { ...settings.guilds, ...account.guilds };
      out.push({
        channel,
        label: accountId === undefined ? channel : `${channel} account "${accountId}"`,
        dmPolicy: pick("dmPolicy") ?? { value: defaults.dmPolicy, path: "channels.defaults.dmPolicy" },
        allowFrom: pick("allowFrom") ?? { value: [], path: `${own}.allowFrom` },
        groupPolicy: pick("groupPolicy") ?? {
          value: defaults.groupPolicy,
          path: "channels.defaults.groupPolicy",
        },
        ungatedGroups: ungated(groups, `channels.${channel}.groups`).concat(
          ungated(guilds, `channels.${channel}.guilds`),
        ),
      });
    }
  }
  return out;
}

/** Group entries whose `requireMention` is false (the channels layer gates on mention unless told not to). */
function ungated(groups: Readonly<Record<string, GroupView>>, path: string): string[] {
  return Object.entries(groups).flatMap(([id, group]) => {
    if (group.enabled === false) return [];
    const own = group.requireMention === false ? [`${path}.${id}`] : [];
    return own.concat(ungated(group.channels ?? {}, `${path}.${id}.channels`));
  });
}

export const channelFindings: AuditCheck = ({ config, pairedSenders }) => {
  const findings: AuditFinding[] = [];
  const accounts = channelAccounts(config);
  for (const a of accounts) {
    if (a.dmPolicy.value === "open")
      findings.push({
        id: "channels.dm-open",
        severity: "critical",
        title: `${a.label}: anyone who finds the bot can DM the agent and use its tools (dmPolicy "open")`,
        fix: `\`claw config set ${a.dmPolicy.path} pairing\` (strangers get a code you approve with \`claw pairing approve\`)`,
      });
    if (a.dmPolicy.value !== "disabled" && a.allowFrom.value.includes("*"))
      findings.push({
        id: "channels.allow-any",
        severity: "critical",
        title: `${a.label}: ${a.allowFrom.path} contains "*", so every sender is allowed`,
        fix: `list the sender ids in ${a.allowFrom.path} instead of "*"`,
      });
    if (a.groupPolicy.value === "open") {
      const where = a.ungatedGroups.length > 0 ? a.ungatedGroups.join(", ") : undefined;
      findings.push(
        where
          ? {
              id: "channels.group-ungated",
              severity: "warn",
              title: `${a.label}: any group may use the bot (groupPolicy "open") and ${where} answer${a.ungatedGroups.length > 1 ? "" : "s"} every message without a mention`,
              fix: `set requireMention to true in ${where}, or \`claw config set ${a.groupPolicy.path} allowlist\``,
            }
          : {
              id: "channels.group-open",
              severity: "info",
              title: `${a.label}: any group may add the bot (groupPolicy "open"); it answers only when mentioned`,
              fix: `\`claw config set ${a.groupPolicy.path} allowlist\` and list the groups under groups.<id>, to limit it`,
            },
      );
    }
  }
  findings.push(...sharedDmFindings(config, accounts, pairedSenders));
  return findings;
};

/**
 * `session.dmScope: "main"` set explicitly while more than one person can DM: they all share the
 * owner's session. Unset, only owners' DMs reach the main session (everyone else gets their own).
 */
function sharedDmFindings(
  config: ClawConfig,
  accounts: readonly AccountAccess[],
  pairedSenders: Readonly<Record<string, readonly string[]>>,
): AuditFinding[] {
  if (config.session.dmScope !== "main") return [];
  const dmAccounts = accounts.filter((a) => a.dmPolicy.value !== "disabled");
  const anyone = dmAccounts.some((a) => a.dmPolicy.value === "open" || a.allowFrom.value.includes("*"));
  const listed = dmAccounts.flatMap((a) => a.allowFrom.value.map((id) => `${a.channel}:${id}`));
  const paired = [...new Set(dmAccounts.map((a) => a.channel))].flatMap((channel) =>
    (pairedSenders[channel] ?? []).map((id) => `${channel}:${id}`),
  );
  const people = new Set([...listed, ...paired]).size;
  if (!anyone && people <= 1) return [];
  const agentId = resolveDefaultAgentId(config);
  const exec = resolveExecPolicy(config, agentId, buildMainSessionKey(agentId, config.session.mainKey));
  const who = anyone ? "anyone who can DM" : `${people} people can DM (allowFrom and DM pairing)`;
  return [
    {
      id: "session.dm-scope-shared",
      severity: exec.security === "full" ? "critical" : "warn",
      title: `session.dmScope is "main" and ${who}: they all share one session with you, see each other's context${exec.security === "full" ? ', and get the main session\'s exec "full"' : ""}`,
      fix: "`claw config set session.dmScope per-channel-peer` (one session per sender)",
    },
  ];
}
