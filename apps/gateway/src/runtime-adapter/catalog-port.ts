/** The gateway's catalog and memory ports: agents, models, effective tools, skills, memory search. */
import type { AgentRuntime } from "@claw/agent-core";
import type { AuthStore } from "@claw/failover";
import { type CatalogPort, type MemoryPort, RuntimeError } from "@claw/gateway";
import { resolveAgentIdAlias } from "@claw/ids";
import { TOOL_PROFILE_IDS } from "@claw/tool-policy";
import type { AssembledAgent } from "../assemble/agents.js";
import type { ModelResolver } from "../assemble/models.js";
import { DEFAULT_OLLAMA_URL, type ServerProbe } from "../assemble/ollama-probe.js";
import { chatCommandEntries } from "./command-entries.js";
import { memoryIndexStatus } from "./diagnostics-port.js";
import { effectiveTools } from "./effective-tools.js";

export interface CatalogPortParts {
  runtime: AgentRuntime;
  agents: readonly AssembledAgent[];
  models: ModelResolver;
  hasCredential: (provider: string) => boolean;
  /** Whether a keyless local server (Ollama) answers; its models are unavailable while it does not. */
  ollama?: ServerProbe;
  toolProfile?: string;
  /** Built tools an agent is not offered and why (`absentTools` under the current config). */
  absentTools?: (agentId: string) => { tool: string; reason: string }[];
  /** Credentials and their cooldowns: a model whose every credential is cooling is unavailable. */
  auth?: { store: AuthStore };
}

export function createCatalogPort(parts: CatalogPortParts): CatalogPort {
  const { runtime } = parts;
  const defaultAgent = runtime.resolveAgent(undefined);
  return {
    async agents() {
      return runtime.agents.map((a) => {
        const workspace = parts.agents.find((p) => p.definition.id === a.id)?.workspaceDir;
        return {
          agentId: a.id,
          isDefault: a.id === defaultAgent.id,
          model: { primary: a.model.primary, fallbacks: a.model.fallbacks ?? [] },
          ...(workspace ? { workspace } : {}),
        };
      });
    },
    async commands() {
      return chatCommandEntries();
    },
    async models() {
      const models = parts.models.list();
      const servers = new Map<string, Promise<boolean>>();
      for (const m of models)
        if (m.api === "ollama-chat" && parts.ollama && !servers.has(m.baseUrl ?? DEFAULT_OLLAMA_URL))
          servers.set(
            m.baseUrl ?? DEFAULT_OLLAMA_URL,
            parts.ollama.reachable(m.baseUrl ?? DEFAULT_OLLAMA_URL),
          );
      const answering = new Map<string, boolean>();
      for (const [url, answer] of servers) answering.set(url, await answer);
      const entries = models.map(async (m) => {
        const credential = parts.hasCredential(m.provider);
        const serverUp = m.api !== "ollama-chat" || answering.get(m.baseUrl ?? DEFAULT_OLLAMA_URL) !== false;
        const cooling =
          credential && serverUp ? await coolingUntil(parts.auth?.store, m.provider, m.id) : undefined;
        return {
          id: m.id,
          name: m.name ?? m.id,
          provider: m.provider,
          available: credential && serverUp && cooling === undefined,
          ...(!credential ? { unavailableReason: "missing-auth" as const } : {}),
          ...(cooling !== undefined
            ? { unavailableReason: "cooldown" as const, unavailableUntil: cooling }
            : {}),
          contextWindow: m.contextWindow,
          reasoning: m.reasoning,
          supportsTools: true,
        };
      });
      return Promise.all(entries);
    },
    async effectiveTools(query) {
      const id = query.agentId ?? runtime.resolveAgent(undefined, query.sessionKey).id;
      const agent = findAgent(parts.agents, id, defaultAgent.id);
      if (!agent) throw new RuntimeError("NOT_FOUND", `Unknown agent "${query.agentId}".`);
      const model = parts.models.resolve(agent.definition.model.primary);
      if (!model)
        throw new RuntimeError(
          "UNAVAILABLE",
          `The agent's model "${agent.definition.model.primary}" is unknown.`,
        );
      const profile =
        parts.toolProfile && (TOOL_PROFILE_IDS as readonly string[]).includes(parts.toolProfile)
          ? parts.toolProfile
          : "full";
      return effectiveTools(agent, model, query.sessionKey, profile, parts.absentTools?.(id) ?? []);
    },
    async skills(query) {
      const agent =
        findAgent(parts.agents, query.agentId ?? defaultAgent.id, defaultAgent.id) ?? parts.agents[0];
      if (!agent) return [];
      const snapshot = await agent.skills.ready();
      return snapshot.skills.map((s) => ({
        name: s.name,
        description: s.description,
        source: s.source,
        enabled: true,
        path: s.location,
      }));
    },
  };
}

export function createMemoryPort(runtime: AgentRuntime, agents: readonly AssembledAgent[]): MemoryPort {
  const defaultAgent = runtime.resolveAgent(undefined);
  return {
    async search(query) {
      const agent = findAgent(agents, query.agentId ?? defaultAgent.id, defaultAgent.id);
      if (!agent) throw new RuntimeError("NOT_FOUND", `Unknown agent "${query.agentId}".`);
      if (!agent.memory)
        throw new RuntimeError(
          "UNAVAILABLE",
          `Memory search is disabled for agent "${agent.definition.id}" (agents.*.memorySearch.enabled).`,
        );
      const response = await agent.memory.search(query.query, { maxResults: query.limit });
      return response.results.map((r) => ({
        path: r.path,
        startLine: r.startLine,
        endLine: r.endLine,
        score: r.score,
        snippet: r.snippet,
      }));
    },
    async status(query) {
      if (query.agentId === undefined) return { agents: await Promise.all(agents.map(memoryIndexStatus)) };
      const agent = findAgent(agents, query.agentId, defaultAgent.id);
      if (!agent) throw new RuntimeError("NOT_FOUND", `Unknown agent "${query.agentId}".`);
      return { agents: [await memoryIndexStatus(agent)] };
    },
  };
}

/** The assembled agent an id names (`main` / `default` name the default agent). */
function findAgent(
  agents: readonly AssembledAgent[],
  requested: string,
  defaultAgentId: string,
): AssembledAgent | undefined {
  const ids = agents.map((a) => a.definition.id);
  const id = resolveAgentIdAlias(requested, ids, defaultAgentId);
  return agents.find((a) => a.definition.id === id);
}

/**
 * When a model whose every credential is cooling becomes usable again (the earliest credential's
 * end), or undefined while one credential is usable (or the provider is keyless).
 */
async function coolingUntil(store: AuthStore | undefined, provider: string, modelId: string) {
  if (!store) return undefined;
  const plan = await store.plan(provider, modelId);
  if (plan.kind !== "profiles" || plan.usable.length > 0 || plan.cooling.length === 0) return undefined;
  return Math.min(...plan.cooling.map((c) => c.until));
}
