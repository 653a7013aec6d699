/**
 * The exec policy of a session (`tools.exec.security` / `ask`) and whether it may use elevated
 * exec (`tools.elevated`). Unset settings follow the session's kind: the agent's main session
 * (the owner at their own terminal, or the owner's DM) gets `full` + `off`. Every other session —
 * groups, channels, DMs from other people, cron, hooks, subagents, runs without a session key —
 * may carry a stranger's words: sandboxed it gets `allowlist` + `on-miss` (safe binaries run, the
 * rest asks); on the host it gets `allowlist` + `always`, so no command runs without a person
 * approving (no approver: the request times out and the command does not run).
 */
import { parseSessionKey } from "@claw/ids";
import type { ClawConfig } from "../schema/config.js";
import { isMainSession, resolveSessionSandbox } from "./sandbox.js";

export type ExecSecurityMode = "deny" | "allowlist" | "full";
export type ExecAskMode = "off" | "on-miss" | "always";

export interface SessionExecPolicy {
  security: ExecSecurityMode;
  ask: ExecAskMode;
  /** Where each value came from (a config path, or `default (main session)` / `default`). */
  source: { security: string; ask: string };
}

type ExecView = Pick<ClawConfig, "agents"> & {
  tools?: Partial<Pick<ClawConfig["tools"], "exec" | "elevated">>;
  session?: Partial<Pick<ClawConfig["session"], "mainKey">>;
};

/** Defaults per session kind (see the module comment for why). */
export const EXEC_POLICY_DEFAULTS = {
  main: { security: "full", ask: "off" },
  sandboxed: { security: "allowlist", ask: "on-miss" },
  other: { security: "allowlist", ask: "always" },
} as const satisfies Record<string, { security: ExecSecurityMode; ask: ExecAskMode }>;

export type ExecDefaultKind = keyof typeof EXEC_POLICY_DEFAULTS;

/** The `source` each default names, so `claw tools explain` says which one applied and why. */
export const EXEC_DEFAULT_SOURCES: Record<ExecDefaultKind, (sandboxSource?: string) => string> = {
  main: () => "default (main session)",
  sandboxed: (sandboxSource) => `default (not the main session, sandboxed by ${sandboxSource ?? "sandbox"})`,
  other: () => "default (not the main session and not sandboxed: every command needs approval)",
};

/**
 * @example
 * resolveExecPolicy(config, "main", "agent:main:main");              // { security: "full", ask: "off", … }
 * resolveExecPolicy(config, "main", "agent:main:telegram:group:-1"); // { security: "allowlist", ask: "always", … }
 * // with agents.defaults.sandbox.mode "non-main":                     // { security: "allowlist", ask: "on-miss", … }
 */
export function resolveExecPolicy(
  config: ExecView,
  agentId: string,
  sessionKey: string | undefined,
): SessionExecPolicy {
  const id = agentId.trim().toLowerCase();
  const index = config.agents.list?.findIndex((agent) => agent.id === id) ?? -1;
  const layers = [
    { path: `agents.list[${index}].tools.exec`, value: config.agents.list?.[index]?.tools?.exec },
    { path: "agents.defaults.tools.exec", value: config.agents.defaults.tools?.exec },
    { path: "tools.exec", value: config.tools?.exec },
  ];
  const main = sessionKey !== undefined && isMainSession(config, id, sessionKey);
  const sandbox = main ? undefined : resolveSessionSandbox(config, id, sessionKey);
  const kind: ExecDefaultKind = main ? "main" : sandbox ? "sandboxed" : "other";
  const fallback = EXEC_POLICY_DEFAULTS[kind];
  const fallbackSource = EXEC_DEFAULT_SOURCES[kind](sandbox?.source);
  const pick = <K extends "security" | "ask">(key: K) => {
    const layer = layers.find((l) => l.value?.[key] !== undefined);
    return layer
      ? { value: layer.value?.[key] as SessionExecPolicy[K], source: `${layer.path}.${key}` }
      : { value: fallback[key] as SessionExecPolicy[K], source: fallbackSource };
  };
  const security = pick("security");
  const ask = pick("ask");
  return { security: security.value, ask: ask.value, source: { security: security.source, ask: ask.source } };
}

/**
 * Whether a session may ask for elevated (host, outside the sandbox) exec: `tools.elevated` is
 * global and sender-based. It must be enabled; the agent's main session may then elevate, and
 * other sessions only when their sender is listed in `tools.elevated.allowFrom.<channel>`.
 *
 * @example
 * resolveElevated({ ...config, tools: { elevated: { enabled: true, allowFrom: { telegram: ["42"] } } } }, "main", "agent:main:telegram:dm:42");
 * // { allowed: true }
 */
export function resolveElevated(
  config: ExecView,
  agentId: string,
  sessionKey: string | undefined,
): { allowed: true } | { allowed: false; reason: string } {
  const elevated = config.tools?.elevated;
  if (!elevated?.enabled) return { allowed: false, reason: "tools.elevated.enabled is off" };
  if (sessionKey !== undefined && isMainSession(config, agentId.trim().toLowerCase(), sessionKey))
    return { allowed: true };
  const parsed = sessionKey ? parseSessionKey(sessionKey) : undefined;
  if (parsed?.kind === "direct" && parsed.channel) {
    const senders = elevated.allowFrom?.[parsed.channel] ?? [];
    if (senders.includes(parsed.peerId) || senders.includes("*")) return { allowed: true };
    return {
      allowed: false,
      reason: `sender ${parsed.peerId} is not in tools.elevated.allowFrom.${parsed.channel}`,
    };
  }
  return {
    allowed: false,
    reason: "only the main session and senders in tools.elevated.allowFrom may elevate",
  };
}
