import type { Message } from "@claw/providers";
import type { TokenEstimator } from "../estimate/estimator.js";
import { defaultTokenEstimator } from "../estimate/tiktoken.js";
import { type PairingRepair, type PairingRepairOptions, repairToolUseResultPairing } from "../pairing.js";
import { indexHistory, lastCutAtOrBefore, lastCutWithPrefixAtMost } from "./boundaries.js";
import { DEFAULT_PARTS } from "./split.js";

/** Share of the context window the history may use in safeguard mode. */
export const DEFAULT_MAX_HISTORY_SHARE = 0.5;

export interface PruneHistoryOptions {
  messages: readonly Message[];
  /** The model's context window in tokens. */
  maxContextTokens: number;
  /** Share of the window the history may use (default 0.5). */
  maxHistoryShare?: number;
  /** Each round drops the oldest of this many equal-token chunks (default 2, at least 2). */
  parts?: number;
  estimator?: TokenEstimator;
  /** Never drop messages at or after this index (recent turns preserved). */
  preserveFromIndex?: number;
  /** Pairing repair options; pass `false` to skip the repair pass. */
  repair?: PairingRepairOptions | false;
}

export interface PruneHistoryResult {
  /** The kept history (tool pairings valid). */
  messages: Message[];
  /** Everything dropped, oldest first, including orphan tool results removed by the repair. */
  droppedMessagesList: Message[];
  droppedChunks: number;
  droppedMessages: number;
  droppedTokens: number;
  keptTokens: number;
  budgetTokens: number;
  /** True when the kept history still exceeds the budget (one piece too large, or preserved). */
  overBudget: boolean;
  /** What the pairing repair changed. */
  repair: { droppedOrphanResults: number; droppedDuplicateResults: number; syntheticResults: number };
}

/**
 * Drops the oldest history, chunk by chunk, until it fits `maxContextTokens × maxHistoryShare`.
 * Each round splits what is left into `parts` equal-token chunks and drops the first, exactly as
 * the naive loop would, but on prefix sums: O(n) to index plus O(log n) per round, instead of
 * re-estimating and re-splitting the whole history every round. Cuts only fall where no tool call
 * is separated from its result; the most recent piece is never dropped.
 *
 * @example
 * const r = pruneHistoryForContextShare({ messages, maxContextTokens: 200_000 });
 * // 8 messages × 18750 tokens → r.messages = M5..M8, r.droppedTokens = 75000, r.budgetTokens = 100000
 */
export function pruneHistoryForContextShare(options: PruneHistoryOptions): PruneHistoryResult {
  const estimator = options.estimator ?? defaultTokenEstimator;
  const share = options.maxHistoryShare ?? DEFAULT_MAX_HISTORY_SHARE;
  const parts = Math.max(2, Math.floor(options.parts ?? DEFAULT_PARTS) || DEFAULT_PARTS);
  const budgetTokens = Math.max(0, Math.floor(options.maxContextTokens * share));
  // One indexing pass; the repair (and a second pass) only when the pairing is actually broken.
  let index = indexHistory(options.messages, estimator);
  let repaired: PairingRepair | undefined;
  if (options.repair !== false && !index.wellPaired) {
    repaired = repairToolUseResultPairing(options.messages, options.repair ?? {});
    if (repaired.messages !== options.messages) index = indexHistory(repaired.messages, estimator);
  }
  const messages = repaired ? repaired.messages : (options.messages as Message[]);
  const { cuts, prefix } = index;
  const n = messages.length;
  const total = prefix[n] as number;

  // Highest cut position a round may reach: never the whole history, never past the preserved tail.
  const preserveFrom = Math.min(options.preserveFromIndex ?? n, n - 1);
  const limit = lastCutAtOrBefore(cuts, Math.max(0, preserveFrom));
  let k = 0;
  let droppedChunks = 0;
  while (total - (prefix[cuts[k] as number] as number) > budgetTokens) {
    const base = prefix[cuts[k] as number] as number;
    const target = (total - base) / parts;
    // The first chunk is the longest run of pieces within the target, but at least one piece.
    let next = Math.max(lastCutWithPrefixAtMost(index, base + target), k + 1);
    next = Math.min(next, limit);
    if (next <= k) break;
    k = next;
    droppedChunks++;
  }

  const cut = cuts[k] as number;
  const kept = cut === 0 ? messages : messages.slice(cut);
  const orphans = repaired ? [...repaired.droppedOrphanResults, ...repaired.droppedDuplicateResults] : [];
  const droppedMessagesList =
    orphans.length > 0 ? [...messages.slice(0, cut), ...orphans] : messages.slice(0, cut);
  let orphanTokens = 0;
  for (const message of orphans) orphanTokens += estimator.message(message);
  const keptTokens = total - (prefix[cut] as number);
  return {
    messages: kept,
    droppedMessagesList,
    droppedChunks,
    droppedMessages: droppedMessagesList.length,
    droppedTokens: (prefix[cut] as number) + orphanTokens,
    keptTokens,
    budgetTokens,
    overBudget: keptTokens > budgetTokens,
    repair: {
      droppedOrphanResults: repaired?.droppedOrphanResults.length ?? 0,
      droppedDuplicateResults: repaired?.droppedDuplicateResults.length ?? 0,
      syntheticResults: repaired?.syntheticResults.length ?? 0,
    },
  };
}
