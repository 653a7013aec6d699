/**
 * Builds the `generateContentStream` parameters: contents, system instruction, tools with
 * normalised schemas, sampling limits and the thinking configuration.
 */
import type { GenerateContentConfig, GenerateContentParameters, ThinkingConfig } from "@google/genai";
import type { Context, Model, StreamOptions, ThinkingLevel } from "../../types.js";
import { toGeminiContents } from "./messages.js";
import { toGeminiSchema } from "./schema.js";

/** Thinking token budgets for Gemini 2.x (`thinkingBudget`); 0 turns thinking off. */
export const GEMINI_THINKING_BUDGETS: Record<ThinkingLevel, number> = {
  off: 0,
  minimal: 1_024,
  low: 4_096,
  medium: 12_288,
  high: 24_576,
};

/** Gemini 3 takes a level instead of a budget and cannot switch thinking off. */
export const GEMINI_THINKING_LEVELS: Record<ThinkingLevel, string> = {
  off: "LOW",
  minimal: "LOW",
  low: "LOW",
  medium: "HIGH",
  high: "HIGH",
};

/**
 * The `thinkingConfig` for a level; `undefined` for models that do not reason.
 *
 * @example
 * thinkingConfigFor(model, "low"); // { includeThoughts: true, thinkingBudget: 4096 }
 */
export function thinkingConfigFor(
  model: Model,
  level: ThinkingLevel | undefined,
): ThinkingConfig | undefined {
  if (!model.reasoning) return undefined;
  if (level === undefined) return { includeThoughts: true };
  if (model.id.startsWith("gemini-3")) {
    return {
      includeThoughts: true,
      thinkingLevel: GEMINI_THINKING_LEVELS[level] as ThinkingConfig["thinkingLevel"],
    };
  }
  if (level === "off") return { thinkingBudget: 0 };
  return { includeThoughts: true, thinkingBudget: GEMINI_THINKING_BUDGETS[level] };
}

/**
 * The SDK request for one call.
 *
 * @example
 * const params = buildGeminiRequest(model, { messages }, { maxTokens: 1024 }, signal);
 */
export function buildGeminiRequest(
  model: Model,
  context: Context,
  options: StreamOptions,
  signal: AbortSignal,
): GenerateContentParameters {
  const config: GenerateContentConfig = { abortSignal: signal };
  if (context.systemPrompt) config.systemInstruction = context.systemPrompt;
  if (options.temperature !== undefined) config.temperature = options.temperature;
  if (options.maxTokens !== undefined) config.maxOutputTokens = options.maxTokens;
  const thinking = thinkingConfigFor(model, options.thinking);
  if (thinking) config.thinkingConfig = thinking;
  if (context.tools?.length) {
    config.tools = [
      {
        functionDeclarations: context.tools.map((tool) => ({
          name: tool.name,
          description: tool.description,
          parameters: toGeminiSchema(tool.parameters),
        })),
      },
    ];
  }
  return { model: model.id, contents: toGeminiContents(context.messages, model), config };
}
