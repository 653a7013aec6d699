/** An Ollama model pointed at a fake server. */
import type { Context, Model } from "../../src/types.js";

export function ollamaModel(baseUrl: string, overrides: Partial<Model> = {}): Model {
  return {
    id: "gemma3:1b",
    provider: "ollama",
    api: "ollama-chat",
    baseUrl,
    contextWindow: 32_768,
    maxTokens: 8_192,
    input: ["text", "image"],
    reasoning: false,
    cost: { input: 0, output: 0, cacheRead: 0, cacheWrite: 0 },
    ...overrides,
  };
}

export const ASK: Context = { messages: [{ role: "user", content: "Count from 1 to 5", timestamp: 0 }] };
export const CHAT = "POST /api/chat";
