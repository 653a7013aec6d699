/** OpenAI (and OpenAI-compatible) embeddings through the official SDK. */
import { lazyPeer } from "@claw/providers";
import { embedInBatches, withRetry } from "./retry.js";
import { DEFAULT_EMBEDDING_MODELS, type EmbeddingProvider, type RemoteEmbeddingConfig } from "./types.js";

/**
 * @example const p = createOpenAiEmbeddings({ provider: "openai", apiKey: "sk-…" }); await p.embedQuery("hi")
 */
export function createOpenAiEmbeddings(config: RemoteEmbeddingConfig): EmbeddingProvider {
  const model = config.model ?? DEFAULT_EMBEDDING_MODELS.openai;
  // our own retry loop handles 429 the same way for every provider
  // The SDK loads on the first embedding call, not when the package is imported.
  const client = lazyPeer(["openai"], "OpenAI embeddings", async () => {
    const { default: OpenAI } = await import("openai");
    return new OpenAI({
      apiKey: config.apiKey,
      baseURL: config.baseUrl,
      defaultHeaders: config.headers,
      maxRetries: 0,
    });
  });
  const embed = (texts: string[], signal?: AbortSignal) =>
    withRetry(
      async () => {
        const response = await (await client()).embeddings.create(
          {
            model,
            input: texts,
            encoding_format: "float",
            ...(config.dimensions ? { dimensions: config.dimensions } : {}),
          },
          { signal },
        );
        return [...response.data]
          .sort((a, b) => a.index - b.index)
          .map((d) => Float32Array.from(d.embedding));
      },
      {
        label: `openai/${model}`,
        maxAttempts: config.maxAttempts ?? 4,
        baseDelayMs: config.retryBaseDelayMs ?? 500,
        signal,
      },
    );
  return {
    id: "openai",
    model,
    embedBatch: (texts, signal) =>
      embedInBatches(texts, config.batchSize ?? 64, (batch) => embed(batch, signal)),
    embedQuery: async (text, signal) => (await embed([text], signal))[0] ?? new Float32Array(),
  };
}
