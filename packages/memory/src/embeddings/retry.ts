/** Batching and retry with exponential backoff shared by every embedding provider. */

export class EmbeddingError extends Error {
  constructor(
    message: string,
    readonly status: number | undefined,
    readonly retryable: boolean,
    options?: { cause?: unknown },
  ) {
    super(message, options);
    this.name = "EmbeddingError";
  }
}

/** Reads an HTTP status from the error shapes of the openai, @google/genai and ollama SDKs. */
export function statusOf(error: unknown): number | undefined {
  if (typeof error !== "object" || error === null) return undefined;
  const record = error as Record<string, unknown>;
  for (const key of ["status", "status_code", "code"]) {
    const value = record[key];
    if (typeof value === "number" && value >= 100 && value < 600) return value;
  }
  return undefined;
}

function isRetryable(status: number | undefined, error: unknown): boolean {
  if (status === undefined) return !(error instanceof Error && error.name === "AbortError");
  return status === 408 || status === 429 || status >= 500;
}

function sleep(ms: number, signal?: AbortSignal): Promise<void> {
  return new Promise((resolve, reject) => {
    if (signal?.aborted) return reject(signal.reason);
    const timer = setTimeout(resolve, ms);
    signal?.addEventListener(
      "abort",
      () => {
        clearTimeout(timer);
        reject(signal.reason);
      },
      { once: true },
    );
  });
}

export interface RetryOptions {
  label: string;
  maxAttempts: number;
  baseDelayMs: number;
  signal?: AbortSignal;
}

/**
 * Runs `fn`, retrying 408/429/5xx and network errors with exponential backoff.
 * @example await withRetry(() => client.embed(texts), { label: "openai", maxAttempts: 4, baseDelayMs: 500 })
 */
export async function withRetry<T>(fn: () => Promise<T>, options: RetryOptions): Promise<T> {
  for (let attempt = 1; ; attempt++) {
    try {
      return await fn();
    } catch (error) {
      const status = statusOf(error);
      const retryable = isRetryable(status, error);
      if (options.signal?.aborted) throw error;
      if (!retryable || attempt >= options.maxAttempts) {
        const reason = error instanceof Error ? error.message : String(error);
        const hint =
          status === 401 || status === 403
            ? "check the embedding API key"
            : retryable
              ? `gave up after ${attempt} attempts; the provider may be overloaded or unreachable`
              : "check the embedding model name and endpoint";
        throw new EmbeddingError(
          `${options.label} embeddings failed${status ? ` (HTTP ${status})` : ""}: ${reason} — ${hint}`,
          status,
          retryable,
          { cause: error },
        );
      }
      await sleep(Math.min(8000, options.baseDelayMs * 2 ** (attempt - 1)), options.signal);
    }
  }
}

/** Splits texts into batches, embeds them one batch at a time and keeps the order. */
export async function embedInBatches(
  texts: string[],
  batchSize: number,
  embed: (batch: string[]) => Promise<Float32Array[]>,
): Promise<Float32Array[]> {
  const out: Float32Array[] = [];
  for (let i = 0; i < texts.length; i += batchSize) {
    const batch = texts.slice(i, i + batchSize);
    const vectors = await embed(batch);
    if (vectors.length !== batch.length)
      throw new EmbeddingError(
        `embedding provider returned ${vectors.length} vectors for ${batch.length} texts`,
        undefined,
        false,
      );
    out.push(...vectors);
  }
  return out;
}
