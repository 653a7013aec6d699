/** Compaction runs when usage is strictly above this share of the window. */
export const DEFAULT_COMPACTION_THRESHOLD_RATIO = 0.8;

export interface CompactionThresholdInput {
  /** Current context tokens (see `estimateContextTokens`). */
  tokens: number;
  contextWindow: number;
  /** Default 0.8. */
  thresholdRatio?: number;
  /** When set, the threshold is also at most `contextWindow − reserveTokens`. */
  reserveTokens?: number;
}

export interface CompactionThresholdDecision {
  shouldCompact: boolean;
  thresholdTokens: number;
  /** tokens / contextWindow. */
  usage: number;
}

/**
 * The pre-prompt trigger: compact when tokens are strictly above the threshold.
 *
 * @example
 * checkCompactionThreshold({ tokens: 160_000, contextWindow: 200_000 }).shouldCompact; // → false
 * checkCompactionThreshold({ tokens: 160_001, contextWindow: 200_000 }).shouldCompact; // → true
 */
export function checkCompactionThreshold(input: CompactionThresholdInput): CompactionThresholdDecision {
  const ratio = input.thresholdRatio ?? DEFAULT_COMPACTION_THRESHOLD_RATIO;
  let thresholdTokens = Math.floor(input.contextWindow * ratio);
  if (input.reserveTokens !== undefined)
    thresholdTokens = Math.min(thresholdTokens, input.contextWindow - input.reserveTokens);
  return {
    shouldCompact: input.tokens > thresholdTokens,
    thresholdTokens,
    usage: input.contextWindow > 0 ? input.tokens / input.contextWindow : Number.POSITIVE_INFINITY,
  };
}
