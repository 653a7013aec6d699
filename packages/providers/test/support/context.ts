/** Shared inputs for adapter tests: a small conversation, a tool, a 1×1 PNG, models on a base URL. */
import { Type } from "typebox";
import type { Context, Model } from "../../src/types.js";

export const PNG_1X1 =
  "iVBORw0KGgoAAAANSUhEUgAAAAEAAAABCAYAAAAfFcSJAAAADUlEQVR42mNk+M9QDwADhgGAWjR9awAAAABJRU5ErkJggg==";

export const weatherTool = {
  name: "get_weather",
  description: "Current weather for a city",
  parameters: Type.Object({ location: Type.String({ description: "City name" }) }),
};

export function basicContext(overrides: Partial<Context> = {}): Context {
  return {
    systemPrompt: "You are terse.",
    messages: [{ role: "user", content: "What's the weather in Paris?", timestamp: 1 }],
    tools: [weatherTool],
    ...overrides,
  };
}

export function testModel(
  api: string,
  provider: string,
  baseUrl: string,
  overrides: Partial<Model> = {},
): Model {
  return {
    id: "test-model",
    provider,
    api,
    baseUrl,
    contextWindow: 200_000,
    maxTokens: 4_096,
    input: ["text", "image"],
    reasoning: true,
    cost: { input: 3, output: 15, cacheRead: 0.3, cacheWrite: 3.75 },
    ...overrides,
  };
}

/** A base URL on 127.0.0.1 where nothing listens (a port we bound and released). */
export async function closedPortUrl(): Promise<string> {
  const { createServer } = await import("node:net");
  const server = createServer();
  await new Promise<void>((resolve) => server.listen(0, "127.0.0.1", resolve));
  const address = server.address();
  const port = typeof address === "object" && address ? address.port : 0;
  await new Promise<void>((resolve) => server.close(() => resolve()));
  return `http://127.0.0.1:${port}`;
}
