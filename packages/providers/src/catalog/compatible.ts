/**
 * Models behind OpenAI-compatible servers (vLLM, LM Studio, OpenRouter, llama.cpp server, …):
 * reached through the Chat Completions adapter at a custom `baseUrl`.
 */
import type { Model, ModelCost } from "../types.js";

export interface OpenAICompatibleModelInput {
  /** Server root including the version segment, e.g. "http://127.0.0.1:1234/v1". */
  baseUrl: string;
  id: string;
  /** Defaults to the host name ("127.0.0.1", "openrouter.ai"). */
  provider?: string;
  name?: string;
  contextWindow?: number;
  maxTokens?: number;
  input?: ("text" | "image")[];
  reasoning?: boolean;
  cost?: Partial<ModelCost>;
  headers?: Record<string, string>;
}

/**
 * Describes a model on an OpenAI-compatible server. Unknown limits get conservative defaults.
 *
 * @example
 * const qwen = defineOpenAICompatibleModel({
 *   baseUrl: "http://127.0.0.1:8000/v1", provider: "vllm", id: "Qwen/Qwen3-8B", contextWindow: 32768,
 * });
 * const reply = await complete(qwen, { messages: [{ role: "user", content: "hi", timestamp: Date.now() }] });
 */
export function defineOpenAICompatibleModel(input: OpenAICompatibleModelInput): Model {
  let url: URL | undefined;
  try {
    url = new URL(input.baseUrl);
  } catch {
    url = undefined;
  }
  if (!url || (url.protocol !== "http:" && url.protocol !== "https:")) {
    throw new Error(
      `providers: baseUrl "${input.baseUrl}" is not an http(s) URL (expected e.g. "http://127.0.0.1:1234/v1")`,
    );
  }
  const provider = input.provider ?? url.hostname;
  const model: Model = {
    id: input.id,
    name: input.name ?? input.id,
    provider,
    api: "openai-completions",
    baseUrl: input.baseUrl.replace(/\/+$/, ""),
    contextWindow: input.contextWindow ?? 32_768,
    maxTokens: input.maxTokens ?? 8_192,
    input: input.input ?? ["text"],
    reasoning: input.reasoning ?? false,
    cost: { input: 0, output: 0, cacheRead: 0, cacheWrite: 0, ...input.cost },
  };
  if (input.headers) model.headers = input.headers;
  return model;
}
