/** The embedding contract and the plain configuration each provider is built from. */
import { isKeylessProvider, type ProviderId } from "@claw/providers";

export interface EmbeddingProvider {
  /** "openai", "gemini", "ollama", or an embedder's own id. */
  id: string;
  model: string;
  /** Embeds texts in order; batching and retries are the provider's business. */
  embedBatch(texts: string[], signal?: AbortSignal): Promise<Float32Array[]>;
  embedQuery(text: string, signal?: AbortSignal): Promise<Float32Array>;
}

export type EmbeddingProviderId = "openai" | "gemini" | "ollama";

export interface RemoteEmbeddingConfig {
  provider: EmbeddingProviderId;
  /** Default per provider: text-embedding-3-small, gemini-embedding-001, nomic-embed-text. */
  model?: string;
  apiKey?: string;
  /** OpenAI-compatible or proxy endpoint; Ollama host. */
  baseUrl?: string;
  headers?: Record<string, string>;
  /** Texts per request (default 64). */
  batchSize?: number;
  /** Attempts on 429/5xx/network errors (default 4). */
  maxAttempts?: number;
  /** First backoff delay in ms (default 500, doubling, capped at 8 s). */
  retryBaseDelayMs?: number;
  /** Requested output dimensions where the API supports it. */
  dimensions?: number;
}

export interface AutoEmbeddingConfig {
  provider: "auto";
  /** Tried in order; the first that is configured and answers wins. */
  candidates: RemoteEmbeddingConfig[];
}

/** `none` (or no config) = keyword-only search. A ready provider object may be passed too. */
export type EmbeddingProviderConfig =
  | RemoteEmbeddingConfig
  | AutoEmbeddingConfig
  | { provider: "none" }
  | { provider: "custom"; instance: EmbeddingProvider };

export const DEFAULT_EMBEDDING_MODELS: Record<EmbeddingProviderId, string> = {
  openai: "text-embedding-3-small",
  gemini: "gemini-embedding-001",
  ollama: "nomic-embed-text",
};

/**
 * The row of `@claw/providers`' PROVIDER_TABLE behind each embedding provider: where its key
 * comes from and whether it needs one.
 */
export const EMBEDDING_PROVIDER_TABLE_IDS: Readonly<Record<EmbeddingProviderId, ProviderId>> = {
  openai: "openai",
  gemini: "google",
  ollama: "ollama",
};

/** Providers that cannot run without an API key (the provider table's `keyless` says which). */
export const PROVIDERS_NEEDING_KEY: readonly EmbeddingProviderId[] = (
  Object.keys(EMBEDDING_PROVIDER_TABLE_IDS) as EmbeddingProviderId[]
).filter((id) => !isKeylessProvider(EMBEDDING_PROVIDER_TABLE_IDS[id]));
