/**
 * The `ollama-chat` adapter: Ollama's native `/api/chat` (NDJSON) through the `ollama` package.
 */
import { DEFAULT_OLLAMA_URL } from "../../registry/provider-table.js";
import { runAdapter, StreamIncompleteError } from "../../stream/run-adapter.js";
import type { StreamFunction } from "../../types.js";
import { lazyPeer } from "../shared/optional-peer.js";
import { OllamaChunkReader } from "./chunk-reader.js";
import { OLLAMA_ERROR_RULES } from "./errors.js";
import { buildOllamaRequest } from "./request.js";
import { estimatePromptTokens } from "./truncation.js";

const loadOllamaSdk = lazyPeer(["ollama"], "The Ollama adapter", () => import("ollama"));

/** An HTTP failure with the response headers the SDK's ResponseError drops (retry-after). */
class OllamaHttpFailure extends Error {
  constructor(
    message: string,
    readonly status_code: number,
    readonly headers: Headers,
  ) {
    super(message);
  }
}

function normalise(error: unknown, failed: Response | undefined): unknown {
  if (!(error instanceof Error)) return error;
  if (/^Did not receive done/.test(error.message))
    return new StreamIncompleteError(`Ollama: ${error.message}`);
  if (error.name === "ResponseError" && failed)
    return new OllamaHttpFailure(error.message, failed.status, failed.headers);
  return error;
}

/**
 * Streams an Ollama reply. Never throws: failures end the stream with a classified `error` event.
 *
 * @example
 * const s = streamOllama(resolveModel("ollama/qwen3:8b"), { messages }, { thinking: "low" });
 * const message = await s.result();
 */
export const streamOllama: StreamFunction = (model, context, options) =>
  runAdapter(model, options, OLLAMA_ERROR_RULES, async ({ builder, signal, options: opts }) => {
    const { Ollama } = await loadOllamaSdk();
    let failed: Response | undefined;
    const headers: Record<string, string> = { ...model.headers, ...opts.headers };
    if (opts.apiKey) headers.Authorization = `Bearer ${opts.apiKey}`;
    const client = new Ollama({
      host: model.baseUrl ?? DEFAULT_OLLAMA_URL,
      headers,
      // The SDK gives no per-request signal; this threads ours into every fetch it makes.
      fetch: async (input, init) => {
        const merged = init?.signal ? AbortSignal.any([init.signal, signal]) : signal;
        const response = await fetch(input, { ...init, signal: merged });
        if (!response.ok) failed = response;
        return response;
      },
    });
    try {
      const request = buildOllamaRequest(model, context, opts);
      const reader = new OllamaChunkReader(builder, {
        contextWindow: model.contextWindow,
        estimatedPromptTokens: estimatePromptTokens(request),
      });
      const chunks = await client.chat(request);
      builder.start();
      for await (const chunk of chunks) reader.apply(chunk);
      reader.finish();
    } catch (error) {
      throw normalise(error, failed);
    }
  });
