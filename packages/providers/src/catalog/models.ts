/**
 * The built-in model catalog: current models per provider with their public context windows,
 * output limits and list prices (USD per 1M tokens; standard tier, short-context rate where a
 * provider tiers by prompt length). Local Ollama models cost nothing and default to the local
 * server. Embedders add their own models through `resolveModel(..., { customModels })`.
 */
import { findProvider } from "../registry/provider-table.js";
import type { Model } from "../types.js";

const TEXT_IMAGE: Model["input"] = ["text", "image"];

type Row = [
  id: string,
  name: string,
  contextWindow: number,
  maxTokens: number,
  input: number,
  output: number,
  cacheRead: number,
  cacheWrite: number,
  reasoning: boolean,
  images: boolean,
];

/** A provider's models; its API and default endpoint come from the provider table. */
function table(provider: string, rows: readonly Row[]): Model[] {
  const facts = findProvider(provider);
  if (!facts) throw new Error(`providers: catalog provider "${provider}" has no row in PROVIDER_TABLE`);
  const { api, baseUrl } = facts;
  return rows.map(
    ([id, name, contextWindow, maxTokens, input, output, cacheRead, cacheWrite, reasoning, images]) => ({
      id,
      name,
      provider,
      api,
      baseUrl,
      contextWindow,
      maxTokens,
      input: images ? TEXT_IMAGE : ["text"],
      reasoning,
      cost: { input, output, cacheRead, cacheWrite },
    }),
  );
}

// id, name, context, max output, $in, $out, $cache read, $cache write (5-minute), reasoning, images
const ANTHROPIC_ROWS: readonly Row[] = [
  ["claude-opus-4-6", "Claude Opus 4.6", 200_000, 128_000, 5, 25, 0.5, 6.25, true, true],
  ["claude-opus-4-5", "Claude Opus 4.5", 200_000, 64_000, 5, 25, 0.5, 6.25, true, true],
  ["claude-opus-4-1", "Claude Opus 4.1", 200_000, 32_000, 15, 75, 1.5, 18.75, true, true],
  ["claude-sonnet-4-5", "Claude Sonnet 4.5", 200_000, 64_000, 3, 15, 0.3, 3.75, true, true],
  ["claude-sonnet-4-0", "Claude Sonnet 4", 200_000, 64_000, 3, 15, 0.3, 3.75, true, true],
  ["claude-haiku-4-5", "Claude Haiku 4.5", 200_000, 64_000, 1, 5, 0.1, 1.25, true, true],
  ["claude-3-5-haiku-latest", "Claude Haiku 3.5", 200_000, 8_192, 0.8, 4, 0.08, 1, false, true],
];

const OPENAI_ROWS: readonly Row[] = [
  ["gpt-5.2", "GPT-5.2", 400_000, 128_000, 1.75, 14, 0.175, 0, true, true],
  ["gpt-5.1", "GPT-5.1", 400_000, 128_000, 1.25, 10, 0.125, 0, true, true],
  ["gpt-5", "GPT-5", 400_000, 128_000, 1.25, 10, 0.125, 0, true, true],
  ["gpt-5-mini", "GPT-5 mini", 400_000, 128_000, 0.25, 2, 0.025, 0, true, true],
  ["gpt-5-nano", "GPT-5 nano", 400_000, 128_000, 0.05, 0.4, 0.005, 0, true, true],
  ["gpt-4.1", "GPT-4.1", 1_047_576, 32_768, 2, 8, 0.5, 0, false, true],
  ["gpt-4.1-mini", "GPT-4.1 mini", 1_047_576, 32_768, 0.4, 1.6, 0.1, 0, false, true],
  ["gpt-4.1-nano", "GPT-4.1 nano", 1_047_576, 32_768, 0.1, 0.4, 0.025, 0, false, true],
  ["gpt-4o", "GPT-4o", 128_000, 16_384, 2.5, 10, 1.25, 0, false, true],
  ["gpt-4o-mini", "GPT-4o mini", 128_000, 16_384, 0.15, 0.6, 0.075, 0, false, true],
  ["o3", "o3", 200_000, 100_000, 2, 8, 0.5, 0, true, true],
  ["o4-mini", "o4-mini", 200_000, 100_000, 1.1, 4.4, 0.275, 0, true, true],
];

const GOOGLE_ROWS: readonly Row[] = [
  ["gemini-3-pro-preview", "Gemini 3 Pro (preview)", 1_048_576, 65_536, 2, 12, 0.2, 0, true, true],
  ["gemini-2.5-pro", "Gemini 2.5 Pro", 1_048_576, 65_536, 1.25, 10, 0.125, 0, true, true],
  ["gemini-2.5-flash", "Gemini 2.5 Flash", 1_048_576, 65_536, 0.3, 2.5, 0.03, 0, true, true],
  ["gemini-2.5-flash-lite", "Gemini 2.5 Flash-Lite", 1_048_576, 65_536, 0.1, 0.4, 0.01, 0, true, true],
  ["gemini-2.0-flash", "Gemini 2.0 Flash", 1_048_576, 8_192, 0.1, 0.4, 0.025, 0, false, true],
];

const OLLAMA_ROWS: readonly Row[] = [
  ["gpt-oss:20b", "gpt-oss 20B (local)", 131_072, 32_768, 0, 0, 0, 0, true, false],
  ["qwen3:8b", "Qwen3 8B (local)", 40_960, 32_768, 0, 0, 0, 0, true, false],
  ["llama3.1:8b", "Llama 3.1 8B (local)", 131_072, 8_192, 0, 0, 0, 0, false, false],
  ["llama3.2:3b", "Llama 3.2 3B (local)", 131_072, 8_192, 0, 0, 0, 0, false, false],
  ["gemma3:4b", "Gemma 3 4B (local)", 131_072, 8_192, 0, 0, 0, 0, false, true],
  ["gemma3:1b", "Gemma 3 1B (local)", 32_768, 8_192, 0, 0, 0, 0, false, false],
];

/** Every built-in model. Plain data: filter, copy or extend it freely. */
export const MODEL_CATALOG: readonly Model[] = [
  ...table("anthropic", ANTHROPIC_ROWS),
  ...table("openai", OPENAI_ROWS),
  ...table("google", GOOGLE_ROWS),
  ...table("ollama", OLLAMA_ROWS),
];
