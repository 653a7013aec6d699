/**
 * Ollama fits an oversized prompt into `num_ctx` by dropping parts of it and says nothing. The
 * adapter flags that as a context overflow from the counters the server does report.
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
 * True when the server must have truncated: it evaluated a full window, or the prompt is far
 * larger than the window it reports evaluating. (Cached prefixes lower prompt_eval_count, so a
 * small count alone proves nothing.)
 *
 * @example
 * isSilentlyTruncated({ promptEvalCount: 4096, contextWindow: 4096, estimatedPromptTokens: 9000 }); // true
 */
export function isSilentlyTruncated(facts: {
  promptEvalCount: number;
  contextWindow: number;
  estimatedPromptTokens: number;
}): boolean {
  const { promptEvalCount, contextWindow, estimatedPromptTokens } = facts;
  if (promptEvalCount >= contextWindow) return true;
  return estimatedPromptTokens > contextWindow * TRUNCATION_HEURISTIC.certainOverflowFactor;
}
