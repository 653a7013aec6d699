/**
 * Turns embedding config into a provider. `auto` walks its candidates in order, skips those
 * missing a required API key, and keeps the first one that answers a probe; the rest are the
 * fallback chain. No usable provider means keyword-only search, reported through `log`.
 */
import { createGeminiEmbeddings } from "./gemini.js";
import { createOllamaEmbeddings } from "./ollama.js";
import { createOpenAiEmbeddings } from "./openai.js";
import {
  type EmbeddingProvider,
  type EmbeddingProviderConfig,
  type EmbeddingProviderId,
  PROVIDERS_NEEDING_KEY,
  type RemoteEmbeddingConfig,
} from "./types.js";

const FACTORIES: Record<EmbeddingProviderId, (config: RemoteEmbeddingConfig) => EmbeddingProvider> = {
  openai: createOpenAiEmbeddings,
  gemini: createGeminiEmbeddings,
  ollama: createOllamaEmbeddings,
};

/**
 * Builds one provider from remote config (no network).
 * @example createEmbeddingProvider({ provider: "ollama", model: "nomic-embed-text" })
 */
export function createEmbeddingProvider(config: RemoteEmbeddingConfig): EmbeddingProvider {
  const factory = FACTORIES[config.provider];
  if (!factory)
    throw new Error(
      `memory: unknown embedding provider "${config.provider}" — use openai, gemini, ollama or auto`,
    );
  return factory(config);
}

export interface ResolvedEmbeddings {
  provider: EmbeddingProvider;
  /** Known once a probe or an embedding call returned a vector. */
  dims?: number;
}

/**
 * Resolves embedding config to a ready provider, or `undefined` for keyword-only search.
 * @example await resolveEmbeddingProvider({ provider: "auto", candidates: [{ provider: "openai", apiKey }] }, console.warn)
 */
export async function resolveEmbeddingProvider(
  config: EmbeddingProviderConfig | undefined,
  log: (message: string) => void,
  signal?: AbortSignal,
): Promise<ResolvedEmbeddings | undefined> {
  if (!config || config.provider === "none") return undefined;
  if (config.provider === "custom") return { provider: config.instance };
  if (config.provider !== "auto") {
    if (PROVIDERS_NEEDING_KEY.includes(config.provider) && !config.apiKey) {
      log(
        `memory: ${config.provider} embeddings need an apiKey — using keyword-only search until one is configured`,
      );
      return undefined;
    }
    return { provider: createEmbeddingProvider(config) };
  }
  const reasons: string[] = [];
  for (const candidate of config.candidates) {
    if (PROVIDERS_NEEDING_KEY.includes(candidate.provider) && !candidate.apiKey) {
      reasons.push(`${candidate.provider}: no apiKey`);
      continue;
    }
    const provider = createEmbeddingProvider({ ...candidate, maxAttempts: candidate.maxAttempts ?? 2 });
    try {
      const probe = await provider.embedQuery("memory index probe", signal);
      if (probe.length === 0) throw new Error("returned an empty vector");
      if (reasons.length > 0)
        log(`memory: embeddings fell back to ${provider.id}/${provider.model} (${reasons.join("; ")})`);
      return { provider, dims: probe.length };
    } catch (error) {
      reasons.push(`${candidate.provider}: ${error instanceof Error ? error.message : String(error)}`);
    }
  }
  log(
    `memory: no embedding provider available (${reasons.join("; ") || "no candidates"}) — using keyword-only search`,
  );
  return undefined;
}
