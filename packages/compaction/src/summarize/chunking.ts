import type { Message } from "@claw/providers";
import type { TokenEstimator } from "../estimate/estimator.js";

/** Share of the window one summary call may read, before adapting to large messages. */
export const BASE_CHUNK_RATIO = 0.4;
/** The ratio never adapts below this. */
export const MIN_CHUNK_RATIO = 0.15;
/** 20% headroom for estimation error. */
export const SAFETY_MARGIN = 1.2;
/** Tokens reserved for the summariser's own instructions and reply. */
export const SUMMARIZATION_OVERHEAD_TOKENS = 4096;
/** A message above this share of the window cannot be summarised safely in one call. */
export const OVERSIZED_MESSAGE_SHARE = 0.5;

/**
 * Chunk ratio for summary calls: `BASE_CHUNK_RATIO`, scaled down when the average message is more
 * than 10% of the window (large messages leave less room for the rest), never below the minimum.
 *
 * @example
 * computeAdaptiveChunkRatio(200_000, 10, 10_000); // → 0.4 (average 5% of the window)
 */
export function computeAdaptiveChunkRatio(totalTokens: number, count: number, contextWindow: number): number {
  if (count === 0 || contextWindow <= 0) return BASE_CHUNK_RATIO;
  const averageShare = totalTokens / count / contextWindow;
  if (averageShare <= 0.1) return BASE_CHUNK_RATIO;
  return Math.max(MIN_CHUNK_RATIO, BASE_CHUNK_RATIO * (0.1 / averageShare));
}

/** Largest number of tokens one summary call should read for `messages` in `contextWindow`. */
export function maxSummaryChunkTokens(
  messages: readonly Message[],
  contextWindow: number,
  estimator: TokenEstimator,
): number {
  let total = 0;
  for (const message of messages) total += estimator.message(message);
  const ratio = computeAdaptiveChunkRatio(total, messages.length, contextWindow);
  return Math.max(1, Math.floor((contextWindow * ratio) / SAFETY_MARGIN) - SUMMARIZATION_OVERHEAD_TOKENS);
}

/** True when one message is more than half the window. */
export function isOversizedForSummary(
  message: Message,
  contextWindow: number,
  estimator: TokenEstimator,
): boolean {
  return estimator.message(message) > contextWindow * OVERSIZED_MESSAGE_SHARE;
}
