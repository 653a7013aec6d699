import type { Message } from "@claw/providers";
import type { TokenEstimator } from "../estimate/estimator.js";
import { firstCutWithPrefixAtLeast, indexHistory, lastCutAtOrBefore } from "./boundaries.js";

export interface RecentCut {
  /** Messages before this index are summarised; from it on they are kept verbatim. */
  cutIndex: number;
  keptTokens: number;
  droppedTokens: number;
}

/**
 * Where to cut so that the most recent `keepRecentTokens` stay verbatim (default mode). The cut
 * falls on a tool-safe boundary, keeps at least the last piece, and never passes `preserveFromIndex`.
 *
 * @example
 * const { cutIndex } = findRecentCut(history, 20_000, estimator);
 * const toSummarise = history.slice(0, cutIndex);
 */
export function findRecentCut(
  messages: readonly Message[],
  keepRecentTokens: number,
  estimator: TokenEstimator,
  preserveFromIndex: number = messages.length,
): RecentCut {
  const n = messages.length;
  if (n === 0) return { cutIndex: 0, keptTokens: 0, droppedTokens: 0 };
  const index = indexHistory(messages, estimator);
  const total = index.prefix[n] as number;
  // Smallest cut whose suffix fits, capped so the last piece and the preserved tail stay.
  let k = firstCutWithPrefixAtLeast(index, total - keepRecentTokens);
  k = Math.min(k, lastCutAtOrBefore(index.cuts, Math.min(preserveFromIndex, n - 1)));
  const cutIndex = Math.max(0, index.cuts[Math.max(0, k)] as number);
  const droppedTokens = index.prefix[cutIndex] as number;
  return { cutIndex, keptTokens: total - droppedTokens, droppedTokens };
}
