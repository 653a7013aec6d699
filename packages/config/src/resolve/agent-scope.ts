/**
 * Which agent a session belongs to, and that agent's effective settings. Pure functions of the
 * config; they accept a partial config so callers with only `agents` can use them.
 */

import { DEFAULT_AGENT_ID, parseAgentSessionKey, resolveAgentIdAlias } from "@claw/ids";
import type { AgentDefaultsConfig, AgentEntryConfig, ClawConfig } from "../schema/config.js";

/** The agent id used when the config lists no agents: `main`, as in OpenClaw. */
export { DEFAULT_AGENT_ID };

export interface AgentsView {
  agents?: { defaults?: Partial<AgentDefaultsConfig>; list?: AgentEntryConfig[] };
}

function normalizeId(id: string | undefined): string | undefined {
  const trimmed = id?.trim().toLowerCase();
  return trimmed ? trimmed : undefined;
}

/**
 * The default agent: the first with `default: true`, else the first listed, else `"main"`.
 *
 * @example
 * resolveDefaultAgentId({ agents: { list: [{ id: "a" }, { id: "b", default: true }] } }); // → "b"
 */
export function resolveDefaultAgentId(config: AgentsView | undefined): string {
  const list = config?.agents?.list ?? [];
  return list.find((agent) => agent.default === true)?.id ?? list[0]?.id ?? DEFAULT_AGENT_ID;
}

export interface SessionAgentParams {
  config?: AgentsView;
  /** An explicit agent id; wins over everything. Empty means absent. */
  agentId?: string;
  /** A session key such as `agent:code-reviewer:main`; its agent id is used when present. */
  sessionKey?: string;
}

/**
 * Resolves `{ defaultAgentId, sessionAgentId }`. Session agent: explicit id > the key's
 * `agent:<id>:…` segment > `default: true` > first in list > `"main"`. `main` and `default`
 * name the default agent unless an agent has that id (`resolveAgentIdAlias`).
 *
 * @example
 * resolveSessionAgentIds({ sessionKey: "agent:research:main", config });
 * // → { defaultAgentId: "main", sessionAgentId: "research" }
 */
export function resolveSessionAgentIds(params: SessionAgentParams): {
  defaultAgentId: string;
  sessionAgentId: string;
} {
  const defaultAgentId = resolveDefaultAgentId(params.config);
  const listed = params.config?.agents?.list?.map((agent) => agent.id) ?? [];
  const known = listed.length > 0 ? listed : [defaultAgentId];
  const canonical = (id: string | undefined) =>
    id === undefined ? undefined : (resolveAgentIdAlias(id, known, defaultAgentId) ?? id);
  const fromKey = params.sessionKey ? parseAgentSessionKey(params.sessionKey)?.agentId : undefined;
  const sessionAgentId = canonical(normalizeId(params.agentId)) ?? canonical(fromKey) ?? defaultAgentId;
  return { defaultAgentId, sessionAgentId };
}

/** Only the session agent id of `resolveSessionAgentIds`. */
export function resolveSessionAgentId(params: SessionAgentParams): string {
  return resolveSessionAgentIds(params).sessionAgentId;
}

/** The fields an agent may inherit from `agents.defaults`, whole value by whole value. */
const INHERITED = [
  "model",
  "imageModel",
  "thinkingDefault",
  "contextTokens",
  "timeoutSeconds",
  "skills",
  "tools",
  "identity",
  "groupChat",
  "humanDelay",
  "compaction",
  "contextPruning",
  "memorySearch",
  "heartbeat",
  "subagents",
  "sandbox",
] as const satisfies readonly (keyof AgentEntryConfig & keyof AgentDefaultsConfig)[];

export type ResolvedAgentConfig = Pick<
  AgentEntryConfig,
  "id" | "name" | "workspace" | "agentDir" | "default"
> & {
  [K in (typeof INHERITED)[number]]: AgentEntryConfig[K] | AgentDefaultsConfig[K];
};

/**
 * An agent's effective settings: each field is the agent's own value, else the default's
 * (`??`, no deep merge: an agent's `tools: { deny: ["exec"] }` replaces the default `tools`).
 * `workspace` is never inherited (see `resolveAgentWorkspaceDir`). Undefined for an unknown id.
 *
 * @example
 * resolveAgentConfig(config, "code-reviewer")?.model; // the agent's model, or agents.defaults.model
 */
export function resolveAgentConfig(
  config: AgentsView | ClawConfig | undefined,
  agentId: string,
): ResolvedAgentConfig | undefined {
  const id = normalizeId(agentId);
  const entry = config?.agents?.list?.find((agent) => agent.id === id);
  if (!entry) return undefined;
  const defaults: Partial<AgentDefaultsConfig> = config?.agents?.defaults ?? {};
  const resolved: Record<string, unknown> = {
    id: entry.id,
    name: entry.name,
    workspace: entry.workspace,
    agentDir: entry.agentDir,
    default: entry.default,
  };
  for (const field of INHERITED) resolved[field] = entry[field] ?? defaults[field];
  return resolved as ResolvedAgentConfig;
}
