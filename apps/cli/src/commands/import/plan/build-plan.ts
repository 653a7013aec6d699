/**
 * Everything an import would do, computed without writing anything: the mapped config, auth
 * profiles, workspace copies, sessions, cron jobs and memory re-index, each as a step with its
 * status against what the Claw state dir already holds.
 */
import { join } from "node:path";
import { type ImportedSession, importSessions } from "@claw/agent-core";
import { type ClawConfig, resolveAgentWorkspaceDir, validateConfig } from "@claw/config";
import type { AuthProfile } from "@claw/failover";
import { mapConfig } from "../map/config.js";
import { mapCredentials } from "../map/credentials.js";
import { type CronJob, mapCronJobs } from "../map/cron-jobs.js";
import type { Unmapped } from "../map/fit-schema.js";
import { convertSession } from "../map/transcript.js";
import { isRecord, type OpenClawState } from "../source/types.js";
import { fileStep, jsonText, readJsonIfExists, type Step } from "./steps.js";
import { workspaceSteps } from "./workspace-files.js";

/** Session ids become transcript file names: letters, digits, `_ . -` only. */
const SAFE_FILE_NAME = /^[A-Za-z0-9][A-Za-z0-9_.-]{0,127}$/;

export interface ClawTarget {
  stateDir: string;
  configPath: string;
  homeDir: string;
  /** Replace an existing, different claw.json (the old one is kept as .bak). */
  force: boolean;
}

export interface ImportPlan {
  steps: Step[];
  unmapped: Unmapped[];
  warnings: string[];
  /** The sessions the session steps write. */
  sessions: ImportedSession[];
  config: ClawConfig;
}

function countOf(value: unknown): number {
  return Array.isArray(value) ? value.length : isRecord(value) ? Object.keys(value).length : 0;
}

function describeConfig(document: Record<string, unknown>): string {
  const agents = isRecord(document.agents) ? countOf(document.agents.list) : 0;
  const channels = isRecord(document.channels) ? Object.keys(document.channels).join(", ") : "";
  return `${agents} agent(s), ${countOf(document.bindings)} binding(s)${channels ? `, channels: ${channels}` : ""}`;
}

function authSteps(stateDir: string, byAgent: Map<string, AuthProfile[]>): Step[] {
  return [...byAgent].map(([agentId, profiles]) => {
    const target = join(stateDir, "agents", agentId, "auth-profiles.json");
    const existing = readJsonIfExists(target);
    const kept =
      isRecord(existing) && Array.isArray(existing.profiles)
        ? existing.profiles.filter((p) => isRecord(p) && !profiles.some((q) => q.id === p.id))
        : [];
    return fileStep("auth", target, jsonText({ version: 1, profiles: [...kept, ...profiles] }), {
      detail: `${agentId}: ${profiles.map((p) => p.id).join(", ")}`,
      mode: 0o600,
      replaceable: true,
    });
  });
}

function cronStep(stateDir: string, jobs: CronJob[]): Step[] {
  if (jobs.length === 0) return [];
  const target = join(stateDir, "cron", "jobs.json");
  const existing = readJsonIfExists(target);
  const kept =
    isRecord(existing) && Array.isArray(existing.jobs)
      ? existing.jobs.filter((j) => isRecord(j) && !jobs.some((k) => k.id === j.id))
      : [];
  return [
    fileStep("cron", target, jsonText({ version: 1, jobs: [...kept, ...jobs] }), {
      detail: jobs.map((j) => `"${j.name}"`).join(", "),
      replaceable: true,
    }),
  ];
}

/**
 * @example
 * const plan = buildImportPlan(readOpenClawState(from), { stateDir, configPath, homeDir, force: false });
 * plan.steps.filter((s) => s.status !== "unchanged"); // what a real run would change
 */
export function buildImportPlan(state: OpenClawState, target: ClawTarget): ImportPlan {
  const mapped = mapConfig(state);
  const validated = validateConfig(mapped.document);
  if (!validated.ok)
    throw new Error(`the mapped config does not validate: ${validated.issues.map((i) => i.path).join(", ")}`);
  const config = validated.config;
  const steps: Step[] = [];
  const configStep = fileStep("config", target.configPath, jsonText(mapped.document), {
    detail: describeConfig(mapped.document),
    mode: 0o600,
    replaceable: target.force,
  });
  steps.push(configStep);

  const agentIds = mapped.agents.map((a) => a.id);
  const credentials = mapCredentials(state, agentIds);
  steps.push(...authSteps(target.stateDir, credentials.byAgent));

  const dirs = { homeDir: target.homeDir, stateDir: target.stateDir };
  for (const agent of mapped.agents)
    if (agent.copyWorkspace && agent.sourceWorkspace)
      steps.push(
        ...workspaceSteps(agent.id, agent.sourceWorkspace, resolveAgentWorkspaceDir(config, agent.id, dirs)),
      );

  const importable = state.sessions.filter(
    (s) => agentIds.includes(s.agentId) && SAFE_FILE_NAME.test(s.sessionId),
  );
  const converted = importable.map((s) => convertSession(s));
  const sessions = converted.map((c) => c.session);
  const results = importSessions({ stateDir: target.stateDir, sessions, dryRun: true });
  results.forEach((result, i) => {
    const skipped = Object.entries(converted[i]?.skipped ?? {})
      .map(([kind, n]) => `${n} ${kind}`)
      .join(", ");
    const compactions = sessions[i]?.entries.filter((e) => e.type === "compaction").length ?? 0;
    steps.push({
      kind: "session",
      status: result.status,
      target: result.transcriptPath,
      sessionKey: result.sessionKey,
      agentId: result.agentId,
      messages: result.messages,
      detail: `${result.sessionKey}: ${result.messages} message(s)${compactions ? `, ${compactions} compaction(s)` : ""}${skipped ? ` (left out: ${skipped})` : ""}`,
    });
  });
  const unmappedSessions = state.sessions
    .filter((s) => !importable.includes(s))
    .map((s) => ({
      path: `session ${s.sessionKey}`,
      reason: agentIds.includes(s.agentId)
        ? `session id ${JSON.stringify(s.sessionId)} is not a safe file name`
        : `agent "${s.agentId}" is not in the config`,
    }));

  const cron = mapCronJobs(state.cronJobs);
  steps.push(...cronStep(target.stateDir, cron.jobs));

  if (config.agents.defaults.memorySearch.enabled)
    for (const agent of mapped.agents) {
      const copied = steps.filter(
        (s) =>
          s.kind === "workspace" &&
          s.detail.startsWith(`${agent.id}: `) &&
          /(^|: )(MEMORY\.md|memory\/)/.test(s.detail),
      );
      if (copied.length === 0) continue;
      steps.push({
        kind: "memory",
        agentId: agent.id,
        target: join(target.stateDir, "memory", `${agent.id}.sqlite`),
        status: copied.some((s) => s.status === "create" || s.status === "update") ? "update" : "unchanged",
        detail: `${agent.id}: re-index ${copied.length} memory file(s)`,
      });
    }

  return {
    steps,
    unmapped: [...mapped.unmapped, ...credentials.unmapped, ...cron.unmapped, ...unmappedSessions],
    warnings: state.warnings,
    sessions,
    config,
  };
}
