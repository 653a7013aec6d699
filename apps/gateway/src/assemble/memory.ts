/**
 * Memory per agent: `agents.*.memorySearch` → @claw/memory options. The index lives at
 * `<stateDir>/memory/<agentId>.sqlite`; embeddings come from the configured provider, else the
 * first provider with a key (OpenAI, then Gemini), else keyword-only search with a notice.
 */
import { join } from "node:path";
import { type ClawConfig, resolveAgentConfig } from "@claw/config";
import type { AuthProfile } from "@claw/failover";
import {
  EMBEDDING_PROVIDER_TABLE_IDS,
  type EmbeddingProviderConfig,
  type OpenMemoryIndexOptions,
  type RemoteEmbeddingConfig,
} from "@claw/memory";
import { findProvider } from "@claw/providers";

export interface MemoryAssemblyInputs {
  stateDir: string;
  workspaceDir: string;
  env: Readonly<Record<string, string | undefined>>;
  /** Credentials already found for model calls (their keys serve embeddings too). */
  profiles?: readonly AuthProfile[];
  ollamaBaseUrl?: string;
  /** Told about settings that could not be honoured. */
  onNotice?: (message: string) => void;
}

/** Memory search is on unless `memorySearch.enabled` is false for the agent (or its defaults). */
export function isMemoryEnabled(config: ClawConfig, agentId: string): boolean {
  const settings = resolveAgentConfig(config, agentId)?.memorySearch ?? config.agents.defaults.memorySearch;
  return settings?.enabled !== false;
}

/** The memory index options for one agent, or undefined when memory search is disabled. */
export function memoryIndexOptions(
  config: ClawConfig,
  agentId: string,
  inputs: MemoryAssemblyInputs,
): OpenMemoryIndexOptions | undefined {
  if (!isMemoryEnabled(config, agentId)) return undefined;
  const settings = resolveAgentConfig(config, agentId)?.memorySearch ?? config.agents.defaults.memorySearch;
  const keyFor = (provider: string) => {
    const profile = inputs.profiles?.find((p) => p.provider === provider && p.type === "api_key");
    if (profile?.type === "api_key") return profile.apiKey;
    for (const name of findProvider(provider)?.envKeys ?? []) if (inputs.env[name]) return inputs.env[name];
    return undefined;
  };
  const remote = settings?.remote;
  const candidate = (provider: "openai" | "gemini" | "ollama"): RemoteEmbeddingConfig => ({
    provider,
    ...(settings?.model ? { model: settings.model } : {}),
    ...(provider === "ollama"
      ? { baseUrl: remote?.baseUrl ?? inputs.ollamaBaseUrl }
      : {
          apiKey: remote?.apiKey ?? keyFor(EMBEDDING_PROVIDER_TABLE_IDS[provider]),
          ...(remote?.baseUrl ? { baseUrl: remote.baseUrl } : {}),
        }),
    ...(remote?.headers ? { headers: remote.headers } : {}),
  });
  let embedding: EmbeddingProviderConfig;
  if (settings?.provider === "openai" || settings?.provider === "gemini")
    embedding = candidate(settings.provider);
  // "local" means an embedding model on this machine: served here by a local Ollama.
  else if (settings?.provider === "local" || settings?.provider === "ollama") embedding = candidate("ollama");
  // Voyage has no adapter yet: say so and search by keyword rather than fail.
  else if (settings?.provider === "voyage") {
    inputs.onNotice?.('memory: embedding provider "voyage" is not supported yet; using keyword-only search');
    embedding = { provider: "none" };
  } else {
    const candidates = [candidate("openai"), candidate("gemini")].filter((c) => c.apiKey);
    embedding = candidates.length > 0 ? { provider: "auto", candidates } : { provider: "none" };
  }
  const query = settings?.query;
  return {
    workspaceDir: inputs.workspaceDir,
    dbPath: join(inputs.stateDir, "memory", `${agentId}.sqlite`),
    extraPaths: settings?.extraPaths,
    embedding,
    ...(query
      ? {
          query: {
            maxResults: query.maxResults,
            minScore: query.minScore,
            hybrid: query.hybrid,
          },
        }
      : {}),
  };
}
