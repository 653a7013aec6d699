/** A Gemini model pointed at a fake server, plus a one-line user context. */
import type { Context, Model } from "../../src/types.js";

export function geminiModel(baseUrl: string, overrides: Partial<Model> = {}): Model {
  return {
    id: "gemini-2.5-flash",
    provider: "google",
    api: "google-generative-ai",
    baseUrl,
    contextWindow: 1_048_576,
    maxTokens: 65_536,
    input: ["text", "image"],
    reasoning: true,
    cost: { input: 0.3, output: 2.5, cacheRead: 0.03, cacheWrite: 0 },
    ...overrides,
  };
}

export const ASK: Context = { messages: [{ role: "user", content: "Hello", timestamp: 0 }] };

/** The streaming route the SDK calls for a model id. */
export const streamRoute = (id = "gemini-2.5-flash") => `POST /v1beta/models/${id}:streamGenerateContent`;
export const KEY = { apiKey: "test-key" } as const;
