/**
 * Registers the adapters this package ships. `stream()` calls it lazily, and it never replaces
 * an adapter an embedder registered first.
 */
import { streamAnthropic } from "../adapters/anthropic/stream.js";
import { streamGoogle } from "../adapters/google/index.js";
import { streamOllama } from "../adapters/ollama/index.js";
import { streamOpenAICompletions } from "../adapters/openai-completions/stream.js";
import { streamOpenAIResponses } from "../adapters/openai-responses/stream.js";
import type { Api, StreamFunction } from "../types.js";
import { getApi, registerApi } from "./registry.js";

/** The built-in wire adapters by API. */
export const BUILTIN_APIS: Readonly<Partial<Record<Api, StreamFunction>>> = {
  "anthropic-messages": streamAnthropic,
  "openai-completions": streamOpenAICompletions,
  "openai-responses": streamOpenAIResponses,
  "google-generative-ai": streamGoogle,
  "ollama-chat": streamOllama,
};

let registered = false;

/**
 * Registers every built-in adapter; with `replace`, also overwrites ones registered before.
 *
 * @example
 * registerBuiltinApis();
 * getApi("openai-responses"); // the built-in adapter
 */
export function registerBuiltinApis(options: { replace?: boolean } = {}): void {
  registered = true;
  for (const [api, streamFn] of Object.entries(BUILTIN_APIS)) {
    if (streamFn && (options.replace || !getApi(api))) registerApi(api, streamFn);
  }
}

/** Registers the built-ins on first use. */
export function ensureBuiltinApis(): void {
  if (!registered) registerBuiltinApis();
}
