/**
 * The Status page's two extra views, on the state the gateway owns: the failover cooldowns of
 * each credential (@claw/failover's auth store, kept in state.db) and each agent's memory index
 * (@claw/memory's status).
 */
import type { AuthStore } from "@claw/failover";
import type { AuthStatusPort } from "@claw/gateway";
import type { MemoryIndexStatus } from "@claw/protocol";
import type { AssembledAgent } from "../assemble/agents.js";

/**
 * @example
 * const port = createAuthStatusPort({ store: auth.store, keyless: auth.keyless });
 * await port.status({}); // { profiles: [{ profileId: "anthropic:env", cooldowns: [] }], keyless: ["ollama"] }
 */
export function createAuthStatusPort(auth: {
  store: AuthStore;
  keyless(): readonly string[];
}): AuthStatusPort {
  return {
    async status() {
      return { profiles: await auth.store.status(), keyless: [...new Set(auth.keyless())].sort() };
    },
  };
}

/** One agent's memory index as `doctor.memory.status` reports it. */
export async function memoryIndexStatus(agent: AssembledAgent): Promise<MemoryIndexStatus> {
  const agentId = agent.definition.id;
  if (!agent.memory) return { agentId, enabled: false };
  const s = await agent.memory.status();
  const keywordOnly = s.provider === "keyword-only";
  const lastIndexedAt = s.lastSync?.result ? Date.parse(s.lastSync.at) : undefined;
  return {
    agentId,
    enabled: true,
    backend: s.backend,
    location: s.location,
    files: s.counts.files,
    chunks: s.counts.chunks,
    pendingFiles: s.pendingFiles,
    dirty: s.dirty,
    syncing: s.syncing,
    watching: s.watching,
    ...(lastIndexedAt !== undefined ? { lastIndexedAt } : {}),
    ...(s.lastSync?.error ? { lastError: s.lastSync.error } : {}),
    vector: {
      available: !keywordOnly && !s.stale,
      ...(keywordOnly ? {} : { provider: s.provider }),
      ...(s.model ? { model: s.model } : {}),
      ...(s.dims ? { dims: s.dims } : {}),
      vectors: s.counts.vectors,
      ...(keywordOnly
        ? { reason: "no embedding provider: keyword search only (set agents.defaults.memorySearch.provider)" }
        : s.stale
          ? { reason: "built for another embedding model: the next index run rebuilds it" }
          : {}),
    },
  };
}
