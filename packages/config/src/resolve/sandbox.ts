/**
 * Whether a session runs sandboxed, and with which settings: `agents.*.sandbox.mode` is `off`,
 * `non-main` (every session except the agent's main one) or `all`. One rule for the exec tool,
 * the tool-policy filter, `tools.effective` and `claw tools explain`.
 */

import { buildMainSessionKey } from "@claw/ids";
import type { ClawConfig } from "../schema/config.js";
import { resolveAgentConfig } from "./agent-scope.js";

export type SandboxMode = "off" | "non-main" | "all";

/** What a sandboxed session gets; absent fields fall back to the safe defaults. */
export interface SessionSandbox {
  workspaceAccess: "rw" | "ro" | "none";
  network: boolean;
  limits?: { cpuSeconds?: number; memoryMb?: number; maxProcesses?: number };
  /** `sandbox.user`: who commands run as when the gateway is root (the tools default otherwise). */
  user?: { uid: number; gid: number };
  /** `sandbox.tools`, the tool-policy sandbox layer. */
  tools?: { allow?: string[]; deny?: string[] };
  /** The config path the settings come from, for explanations (`agents.list[1].sandbox`). */
  source: string;
}

type SandboxView = Pick<ClawConfig, "agents"> & { session?: Partial<Pick<ClawConfig["session"], "mainKey">> };

/**
 * The sandbox the session runs in, or undefined when it runs on the host. A run without a
 * session key counts as not the main session (the safe side for `non-main`).
 *
 * @example
 * const config = { agents: { defaults: { sandbox: { mode: "non-main" } } } };
 * resolveSessionSandbox(config, "main", "agent:main:main"); // undefined
 * resolveSessionSandbox(config, "main", "agent:main:telegram:group:7"); // { workspaceAccess: "rw", network: false, … }
 */
export function resolveSessionSandbox(
  config: SandboxView,
  agentId: string,
  sessionKey: string | undefined,
): SessionSandbox | undefined {
  const index = config.agents.list?.findIndex((agent) => agent.id === agentId.trim().toLowerCase()) ?? -1;
  const own = index >= 0 ? config.agents.list?.[index]?.sandbox : undefined;
  const settings = resolveAgentConfig(config, agentId)?.sandbox ?? config.agents.defaults.sandbox;
  const mode: SandboxMode = settings?.mode ?? "off";
  if (mode === "off") return undefined;
  if (mode === "non-main" && sessionKey !== undefined && isMainSession(config, agentId, sessionKey))
    return undefined;
  return {
    workspaceAccess: settings?.workspaceAccess ?? "rw",
    network: settings?.network ?? false,
    ...(settings?.limits ? { limits: settings.limits } : {}),
    ...(settings?.user ? { user: settings.user } : {}),
    ...(settings?.tools ? { tools: settings.tools } : {}),
    source: own ? `agents.list[${index}].sandbox` : "agents.defaults.sandbox",
  };
}

/**
 * The sandbox tool-policy layer for a session: `sandbox.tools` with its config path, or
 * undefined when the session is not sandboxed (the layer then does nothing).
 *
 * @example
 * sandboxToolRules(resolveSessionSandbox(config, "main", key)); // { deny: ["exec"], source: "agents.defaults.sandbox.tools" }
 */
export function sandboxToolRules(
  sandbox: SessionSandbox | undefined,
): { allow?: string[]; deny?: string[]; source: string } | undefined {
  if (!sandbox) return undefined;
  const implied = WORKSPACE_ACCESS_DENIES[sandbox.workspaceAccess];
  if (implied.length === 0) return { ...sandbox.tools, source: `${sandbox.source}.tools` };
  return {
    ...sandbox.tools,
    deny: [...(sandbox.tools?.deny ?? []), ...implied],
    source: `${sandbox.source}.tools (with workspaceAccess "${sandbox.workspaceAccess}")`,
  };
}

/**
 * File tools a sandboxed session loses with its workspace view: `ro` keeps reading and loses
 * writing; `none` loses every file tool (exec then starts in a private /tmp).
 */
export const WORKSPACE_ACCESS_DENIES: Record<SessionSandbox["workspaceAccess"], readonly string[]> = {
  rw: [],
  ro: ["write", "edit", "apply_patch"],
  none: ["read", "write", "edit", "apply_patch", "ls", "find", "grep"],
};

/** Whether any agent (or the defaults) turns the sandbox on, e.g. for `claw doctor`. */
export function isSandboxConfigured(config: Pick<ClawConfig, "agents">): boolean {
  const modes = [
    config.agents.defaults.sandbox?.mode,
    ...(config.agents.list ?? []).map((a) => a.sandbox?.mode),
  ];
  return modes.some((mode) => mode !== undefined && mode !== "off");
}

/** Whether the key is the agent's main session (`agent:<id>:<session.mainKey>`). */
export function isMainSession(config: SandboxView, agentId: string, sessionKey: string): boolean {
  const main = buildMainSessionKey(agentId, config.session?.mainKey);
  return sessionKey.trim().toLowerCase() === main.toLowerCase();
}
