/** Local Ollama embeddings through the `ollama` client (`/api/embed`). */
import { DEFAULT_OLLAMA_URL, lazyPeer } from "@claw/providers";
import { embedInBatches, withRetry } from "./retry.js";
import { DEFAULT_EMBEDDING_MODELS, type EmbeddingProvider, type RemoteEmbeddingConfig } from "./types.js";

/**
 * @example const p = createOllamaEmbeddings({ provider: "ollama", baseUrl: "http://127.0.0.1:11434" })
 */
export function createOllamaEmbeddings(config: RemoteEmbeddingConfig): EmbeddingProvider {
  const model = config.model ?? DEFAULT_EMBEDDING_MODELS.ollama;
  const client = lazyPeer(["ollama"], "Ollama embeddings", async () => {
    const { Ollama } = await import("ollama");
    return new Ollama({ host: config.baseUrl ?? DEFAULT_OLLAMA_URL, headers: config.headers });
  });
  const embed = (texts: string[], signal?: AbortSignal) =>
    withRetry(
      async () => {
        if (signal?.aborted) throw signal.reason;
        const response = await (await client()).embed({
          model,
          input: texts,
          ...(config.dimensions ? { dimensions: config.dimensions } : {}),
        });
        return response.embeddings.map((e) => Float32Array.from(e));
      },
      {
        label: `ollama/${model}`,
        maxAttempts: config.maxAttempts ?? 4,
        baseDelayMs: config.retryBaseDelayMs ?? 500,
        signal,
      },
    );
  return {
    id: "ollama",
    model,
    embedBatch: (texts, signal) =>
      embedInBatches(texts, config.batchSize ?? 64, (batch) => embed(batch, signal)),
    embedQuery: async (text, signal) => (await embed([text], signal))[0] ?? new Float32Array(),
  };
}
