/** Who else can read the state dir and its secrets, and whether an agent's workspace reaches them. */
import { chmodSync, existsSync, statSync } from "node:fs";
import { isAbsolute, join, relative } from "node:path";
import { resolveAgentStateDir, resolveAgentWorkspaceDir } from "@claw/config";
import { listAgents } from "../../../local-state/agents.js";
import type { AuditCheck, AuditFinding, AuditInput } from "../finding.js";

/** Files holding secrets or every conversation, and what each holds (for the finding's wording). */
export function secretFiles(input: AuditInput): { path: string; what: string }[] {
  const { config, paths, homeDir } = input;
  const dirs = { homeDir, stateDir: paths.stateDir };
  const db = join(paths.stateDir, "state.db");
  return [
    { path: paths.configPath, what: "the config (claw.json)" },
    { path: join(paths.stateDir, "gateway.token"), what: "the gateway token" },
    ...listAgents(config).map((agent) => ({
      path: join(resolveAgentStateDir(config, agent.id, dirs), "auth-profiles.json"),
      what: `agent ${agent.id}'s API keys`,
    })),
    { path: db, what: "state.db (sessions, pairing, device tokens)" },
    { path: `${db}-wal`, what: "state.db's write-ahead log" },
  ];
}

/** `inner` is `outer` or inside it. */
export function isWithin(inner: string, outer: string): boolean {
  const rel = relative(outer, inner);
  return rel === "" || (!rel.startsWith("..") && !isAbsolute(rel));
}

function ownerFinding(path: string, uid: number | undefined, fileUid: number): AuditFinding[] {
  if (uid === undefined || fileUid === uid) return [];
  return [
    {
      id: "files.owner",
      severity: "warn",
      title: `${path} is owned by uid ${fileUid}, not by you (uid ${uid}): that user can read and change it`,
      fix: `chown ${uid} ${path}`,
    },
  ];
}

export const fileFindings: AuditCheck = (input) => {
  const { paths, uid } = input;
  if (process.platform === "win32") return [];
  const findings: AuditFinding[] = [];
  if (!existsSync(paths.stateDir))
    return [
      {
        id: "files.no-state-dir",
        severity: "info",
        title: `${paths.stateDir} does not exist yet`,
        fix: "run `claw onboard`",
      },
    ];
  const dir = statSync(paths.stateDir);
  const dirMode = dir.mode & 0o777;
  if ((dirMode & 0o077) !== 0)
    findings.push({
      id: "files.state-dir-mode",
      severity: (dirMode & 0o002) !== 0 ? "critical" : "warn",
      title: `the state dir ${paths.stateDir} is mode ${dirMode.toString(8)}: other users can ${(dirMode & 0o002) !== 0 ? "add and replace files in it" : "look inside it"}`,
      fix: `chmod 700 ${paths.stateDir}`,
      repair: () => chmodSync(paths.stateDir, 0o700),
    });
  findings.push(...ownerFinding(paths.stateDir, uid, dir.uid));
  for (const file of secretFiles(input)) {
    if (!existsSync(file.path)) continue;
    const stat = statSync(file.path);
    const mode = stat.mode & 0o777;
    if ((mode & 0o077) !== 0)
      findings.push({
        id: "files.secret-mode",
        severity: "critical",
        title: `${file.what} at ${file.path} is mode ${mode.toString(8)}: other users on this machine can ${(mode & 0o022) !== 0 ? "change" : "read"} it`,
        fix: `chmod 600 ${file.path}`,
        repair: () => chmodSync(file.path, 0o600),
      });
    findings.push(...ownerFinding(file.path, uid, stat.uid));
  }
  findings.push(...workspaceFindings(input));
  return findings;
};

function workspaceFindings({ config, paths, homeDir }: AuditInput): AuditFinding[] {
  return listAgents(config).flatMap((agent): AuditFinding[] => {
    const workspace = resolveAgentWorkspaceDir(config, agent.id, { homeDir, stateDir: paths.stateDir });
    if (isWithin(paths.stateDir, workspace))
      return [
        {
          id: "files.workspace-holds-state",
          severity: "critical",
          title: `agent ${agent.id}'s workspace ${workspace} contains the state dir: its file tools (and a sandbox with workspace access) reach claw.json, tokens and API keys`,
          fix: `move the workspace out: \`claw config set agents.defaults.workspace ~/claw-workspace\` (or agents.list[].workspace)`,
        },
      ];
    if (isWithin(workspace, paths.stateDir))
      return [
        {
          id: "files.workspace-in-state",
          severity: "info",
          title: `agent ${agent.id}'s workspace ${workspace} is inside the state dir (the default): file tools see only the workspace, but syncing or sharing it must not take the rest of ${paths.stateDir} along`,
          fix: "nothing to do; or `claw config set agents.defaults.workspace ~/claw-workspace` to keep it apart",
        },
      ];
    return [];
  });
}
