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

/** Default tokens reserved for the reply and the summary. */
export const DEFAULT_RESERVE_TOKENS = 16_384;
/** Default tokens of recent history kept verbatim by a default-mode compaction. */
export const DEFAULT_KEEP_RECENT_TOKENS = 20_000;
/** The reply reserve never takes more than this share of the window (small windows stay usable). */
export const MAX_RESERVE_SHARE = 0.25;
/** The kept tail never takes more than this share of the window, so a compaction always frees room. */
export const MAX_KEEP_RECENT_SHARE = 0.25;

/**
 * The reply reserve for a window: the configured reserve, capped at a quarter of the window.
 *
 * @example
 * effectiveReserveTokens(16_000); // → 4000 (not 16384, which would leave no room at all)
 */
export function effectiveReserveTokens(
  contextWindow: number,
  reserveTokens: number = DEFAULT_RESERVE_TOKENS,
): number {
  return Math.max(0, Math.min(reserveTokens, Math.floor(contextWindow * MAX_RESERVE_SHARE)));
}

/**
 * The kept-tail budget for a window: the configured `keepRecentTokens`, capped at a quarter of
 * the window.
 *
 * @example
 * effectiveKeepRecentTokens(16_000); // → 4000
 * effectiveKeepRecentTokens(200_000, 30_000); // → 30000
 */
export function effectiveKeepRecentTokens(
  contextWindow: number,
  keepRecentTokens: number = DEFAULT_KEEP_RECENT_TOKENS,
): number {
  return Math.max(1, Math.min(keepRecentTokens, Math.floor(contextWindow * MAX_KEEP_RECENT_SHARE)));
}
