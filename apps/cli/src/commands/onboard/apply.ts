/**
 * Writes an onboarding plan: validated config (previous file kept as .bak), keys in the default
 * agent's auth-profiles.json (mode 0600, merged with keys already there), the workspace with its
 * starter files, and the gateway token.
 */
import { existsSync, mkdirSync, readFileSync } from "node:fs";
import { join } from "node:path";
import {
  type ClawConfig,
  ConfigError,
  parseJson5,
  resolveAgentWorkspaceDir,
  resolveDefaultAgentId,
  substituteEnv,
  validateConfig,
  writeConfigFile,
} from "@claw/config";
import { CliError } from "../../context.js";
import type { AppliedConfig } from "../config/apply-live.js";
import { loadModelKnowledge } from "../config/load.js";
import type { OnboardPlan } from "./plan.js";

export interface AppliedOnboarding {
  configPath: string;
  backupPath?: string;
  authProfilesPath: string | undefined;
  workspaceDir: string;
  createdFiles: string[];
  tokenPath: string;
  agentId: string;
  model: string;
  /** What a running gateway applied live and what needs its restart (absent with no gateway). */
  gateway?: AppliedConfig;
}

export function readExistingDocument(configPath: string): unknown {
  return existsSync(configPath) ? parseJson5(readFileSync(configPath, "utf8"), configPath) : {};
}

export async function applyOnboarding(
  plan: OnboardPlan,
  paths: { stateDir: string; configPath: string },
  io: { env: Readonly<Record<string, string | undefined>>; homeDir: string },
  /** Hands the config to a running gateway (which writes and applies it); undefined: none runs. */
  applyLive: (document: unknown) => Promise<AppliedConfig | undefined> = async () => undefined,
): Promise<AppliedOnboarding> {
  const result = validateConfig(
    substituteEnv(plan.document, io.env, paths.configPath),
    await loadModelKnowledge(),
  );
  if (!result.ok)
    throw new CliError(new ConfigError(result.issues, paths.configPath).message, {
      hint: "nothing was written",
    });
  const config: ClawConfig = result.config;
  mkdirSync(paths.stateDir, { recursive: true, mode: 0o700 });
  const agentId = resolveDefaultAgentId(config);
  // Keys first: a running gateway re-reads them when it applies the config below.
  let authProfilesPath: string | undefined;
  if (plan.profiles.length > 0) {
    const { createJsonFileAuthStateStore } = await import("@claw/failover");
    const store = createJsonFileAuthStateStore(join(paths.stateDir, "agents", agentId));
    const kept = (await store.loadProfiles()).filter((p) => !plan.profiles.some((n) => n.id === p.id));
    await store.saveProfiles([...kept, ...plan.profiles]);
    authProfilesPath = store.secretsPath;
  }
  const gateway = await applyLive(plan.document);
  const written: { backupPath?: string } = gateway ? {} : writeConfigFile(paths.configPath, plan.document);
  const workspaceDir = resolveAgentWorkspaceDir(config, agentId, {
    homeDir: io.homeDir,
    stateDir: paths.stateDir,
  });
  const { seedWorkspace } = await import("@claw/prompt");
  const seeded = await seedWorkspace(workspaceDir);
  const { ensureGatewayToken, gatewayTokenPath } = await import("@claw/app-gateway");
  ensureGatewayToken(config, paths.stateDir, io.env);
  return {
    configPath: paths.configPath,
    ...(written.backupPath ? { backupPath: written.backupPath } : {}),
    authProfilesPath,
    workspaceDir,
    createdFiles: seeded.created,
    tokenPath: gatewayTokenPath(paths.stateDir),
    agentId,
    model: plan.model,
    ...(gateway ? { gateway } : {}),
  };
}
