/** Gemini embeddings through @google/genai (`batchEmbedContents`). */
import { lazyPeer } from "@claw/providers";
import { embedInBatches, withRetry } from "./retry.js";
import { DEFAULT_EMBEDDING_MODELS, type EmbeddingProvider, type RemoteEmbeddingConfig } from "./types.js";

/**
 * @example const p = createGeminiEmbeddings({ provider: "gemini", apiKey: "AIza…" }); await p.embedBatch(["a", "b"])
 */
export function createGeminiEmbeddings(config: RemoteEmbeddingConfig): EmbeddingProvider {
  const model = config.model ?? DEFAULT_EMBEDDING_MODELS.gemini;
  const client = lazyPeer(["@google/genai"], "Gemini embeddings", async () => {
    const { GoogleGenAI } = await import("@google/genai");
    return new GoogleGenAI({
      apiKey: config.apiKey,
      httpOptions: { ...(config.baseUrl ? { baseUrl: config.baseUrl } : {}), headers: config.headers },
    });
  });
  const embed = (texts: string[], taskType: string, signal?: AbortSignal) =>
    withRetry(
      async () => {
        const response = await (await client()).models.embedContent({
          model,
          contents: texts,
          config: {
            taskType,
            abortSignal: signal,
            ...(config.dimensions ? { outputDimensionality: config.dimensions } : {}),
          },
        });
        return (response.embeddings ?? []).map((e) => Float32Array.from(e.values ?? []));
      },
      {
        label: `gemini/${model}`,
        maxAttempts: config.maxAttempts ?? 4,
        baseDelayMs: config.retryBaseDelayMs ?? 500,
        signal,
      },
    );
  return {
    id: "gemini",
    model,
    embedBatch: (texts, signal) =>
      embedInBatches(texts, config.batchSize ?? 64, (batch) => embed(batch, "RETRIEVAL_DOCUMENT", signal)),
    embedQuery: async (text, signal) =>
      (await embed([text], "RETRIEVAL_QUERY", signal))[0] ?? new Float32Array(),
  };
}
