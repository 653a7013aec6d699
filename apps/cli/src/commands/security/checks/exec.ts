/**
 * What each kind of session may run, computed from @claw/config's own rules (`resolveExecPolicy`,
 * `resolveSessionSandbox`) on a representative session key per kind, so the audit follows the
 * defaults wherever they are changed.
 */
import {
  type ClawConfig,
  resolveExecPolicy,
  resolveSessionSandbox,
  type SessionExecPolicy,
} from "@claw/config";
import {
  buildCronSessionKey,
  buildDirectSessionKey,
  buildGroupSessionKey,
  buildMainSessionKey,
  buildSubagentSessionKey,
} from "@claw/ids";
import { listAgents } from "../../../local-state/agents.js";
import type { AuditCheck, AuditFinding } from "../finding.js";

/** The kinds of session the audit describes, with who starts them (for the finding's wording). */
export const SESSION_KINDS = [
  { kind: "main", who: "you, in the agent's main session" },
  { kind: "dm", who: "other people's DMs" },
  { kind: "group", who: "group chats" },
  { kind: "cron", who: "cron jobs" },
  { kind: "subagent", who: "subagents" },
] as const;
export type SessionKind = (typeof SESSION_KINDS)[number]["kind"];

/**
 * A representative key of each kind for one agent. The DM is another person's (not an owner):
 * it follows an explicit `session.dmScope`, and unset it gets its own session (per-channel-peer).
 */
export function sampleSessionKey(config: ClawConfig, agentId: string, kind: SessionKind): string {
  const { mainKey, dmScope, identityLinks } = config.session;
  switch (kind) {
    case "main":
      return buildMainSessionKey(agentId, mainKey);
    case "dm":
      return buildDirectSessionKey({
        agentId,
        channel: "telegram",
        peerId: "another-person",
        dmScope: dmScope ?? "per-channel-peer",
        ...(mainKey ? { mainKey } : {}),
        ...(identityLinks ? { identityLinks } : {}),
      });
    case "group":
      return buildGroupSessionKey({ agentId, channel: "telegram", id: "some-group" });
    case "cron":
      return buildCronSessionKey("some-job");
    case "subagent":
      return buildSubagentSessionKey(agentId, "some-run");
  }
}

export interface SessionExec {
  kind: SessionKind;
  who: string;
  sessionKey: string;
  exec: SessionExecPolicy;
  sandboxed: boolean;
}

/** Exec policy and sandboxing per session kind for one agent. */
export function sessionExecTable(config: ClawConfig, agentId: string): SessionExec[] {
  return SESSION_KINDS.map(({ kind, who }) => {
    const sessionKey = sampleSessionKey(config, agentId, kind);
    return {
      kind,
      who,
      sessionKey,
      exec: resolveExecPolicy(config, agentId, sessionKey),
      sandboxed: resolveSessionSandbox(config, agentId, sessionKey) !== undefined,
    };
  });
}

const describe = (row: SessionExec, mainKey: string) =>
  row.kind !== "main" && row.sessionKey === mainKey
    ? `${row.kind} = the main session (session.dmScope "main")`
    : `${row.kind} ${row.exec.security}/${row.exec.ask}${row.sandboxed ? " sandboxed" : " on the host"}`;

export const execFindings: AuditCheck = ({ config }) => {
  const findings: AuditFinding[] = [];
  const mainKeyOf = (agentId: string) => buildMainSessionKey(agentId, config.session.mainKey);
  for (const agent of listAgents(config)) {
    const table = sessionExecTable(config, agent.id);
    findings.push({
      id: "exec.sessions",
      severity: "info",
      title: `agent ${agent.id} exec (security/ask): ${table.map((row) => describe(row, mainKeyOf(agent.id))).join(", ")}`,
      fix: "tools.exec.security / tools.exec.ask (or agents.list[].tools.exec) set it; `claw tools explain` shows one session",
    });
    for (const row of table) {
      // Under dmScope "main" a DM is the main session: session.dm-scope-shared reports that.
      if (row.kind === "main" || row.sessionKey === mainKeyOf(agent.id)) continue;
      if (row.exec.security !== "full") continue;
      findings.push({
        id: "exec.full-outside-main",
        severity: row.sandboxed ? "warn" : "critical",
        title: `agent ${agent.id}: ${row.who} may run any command${row.sandboxed ? " (inside the sandbox)" : " on this machine, unsandboxed"} (${row.exec.source.security} = "full")`,
        fix: `\`claw config set ${row.exec.source.security.startsWith("default") ? "tools.exec.security" : row.exec.source.security} allowlist\`${row.sandboxed ? "" : ", or sandbox them: `claw config set agents.defaults.sandbox.mode non-main`"}`,
      });
    }
  }
  findings.push(...elevatedFindings(config));
  return findings;
};

function elevatedFindings(config: ClawConfig): AuditFinding[] {
  const { enabled, allowFrom } = config.tools.elevated;
  return Object.entries(allowFrom ?? {})
    .filter(([, senders]) => senders.includes("*"))
    .map(([channel]) => ({
      id: "exec.elevated-any",
      severity: enabled ? "critical" : "warn",
      title: `tools.elevated.allowFrom.${channel} contains "*": every ${channel} sender may run commands outside the sandbox${enabled ? "" : " once tools.elevated.enabled is turned on"}`,
      fix: `list the sender ids in tools.elevated.allowFrom.${channel} instead of "*"`,
    }));
}
