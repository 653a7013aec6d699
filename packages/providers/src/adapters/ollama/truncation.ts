/**
 * Ollama fits an oversized prompt into `num_ctx` by dropping parts of it and says nothing. The
 * adapter flags that as a context overflow from what it sent and the counters it gets back.
 */
import type { ChatRequest } from "ollama";

/** Rough characters per token, and how far over the window an estimate must be to be certain. */
export const TRUNCATION_HEURISTIC = { charsPerToken: 4, certainOverflowFactor: 1.5 } as const;

/**
 * A cheap upper-ish estimate of the prompt's tokens (text and tool schemas only).
 *
 * @example
 * estimatePromptTokens({ model: "m", messages: [{ role: "user", content: "abcd" }] }); // 1
 */
export function estimatePromptTokens(request: ChatRequest): number {
  let chars = 0;
  for (const message of request.messages ?? [])
    chars += message.content.length + (message.thinking?.length ?? 0);
  if (request.tools) chars += JSON.stringify(request.tools).length;
  return Math.ceil(chars / TRUNCATION_HEURISTIC.charsPerToken);
}

/**
 * True when the prompt cannot have fit, so a successful reply means the server dropped part of
 * it. (A full window shows in usage and is caught by the shared `isContextOverflow`; this covers
 * servers that truncate whole messages and report a smaller count.)
 *
 * @example
 * promptClearlyExceedsWindow(7000, 4096); // true
 */
export function promptClearlyExceedsWindow(estimatedPromptTokens: number, contextWindow: number): boolean {
  return estimatedPromptTokens > contextWindow * TRUNCATION_HEURISTIC.certainOverflowFactor;
}
