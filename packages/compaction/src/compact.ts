import type { Message } from "@claw/providers";
import type { TokenEstimator } from "./estimate/estimator.js";
import { defaultTokenEstimator } from "./estimate/tiktoken.js";
import { repairToolUseResultPairing } from "./pairing.js";
import { DEFAULT_MAX_HISTORY_SHARE, pruneHistoryForContextShare } from "./prune/history-share.js";
import { findRecentCut } from "./prune/keep-recent.js";
import { DEFAULT_PARTS } from "./prune/split.js";
import { maxSummaryChunkTokens } from "./summarize/chunking.js";
import { SummaryFailedError, withSummaryRetries } from "./summarize/failure.js";
import type { IdentifierKind } from "./summarize/identifiers.js";
import { buildSummaryInstructions, type IdentifierPolicy } from "./summarize/instructions.js";
import { type QualityReport, summarizeWithQualityGuard } from "./summarize/quality-guard.js";
import { type SummaryStats, summarizeInStages, summarizeWithFallback } from "./summarize/stages.js";
import { createCompactionSummaryMessage, readCompactionSummary } from "./summarize/summary-message.js";
import type { Summarizer } from "./summarize/types.js";
import { DEFAULT_RESERVE_TOKENS, effectiveKeepRecentTokens, effectiveReserveTokens } from "./threshold.js";

export type CompactionMode = "default" | "safeguard";
export type CompactionTrigger = "threshold" | "overflow" | "manual";

/** Plain settings; the apps map `agents.defaults.compaction` onto these. */
export interface CompactionSettings {
  /** `default`: keep the last `keepRecentTokens`; `safeguard`: fit `maxHistoryShare` of the window. */
  mode?: CompactionMode;
  /** Tokens reserved for the reply and summary (default 16384, at most a quarter of the window). */
  reserveTokens?: number;
  /** default mode: recent tokens kept verbatim (default 20000, at most a quarter of the window). */
  keepRecentTokens?: number;
  /** safeguard mode: share of the window the history may use (default 0.5). */
  maxHistoryShare?: number;
  /** safeguard mode: the reserve never goes below this (default 20000). */
  reserveTokensFloor?: number;
  /** safeguard mode: this many most recent user turns are never dropped (default 3). */
  recentTurnsPreserve?: number;
  identifierPolicy?: IdentifierPolicy;
  identifierInstructions?: string;
  identifierKinds?: readonly IdentifierKind[];
  /**
   * Summary checks (default enabled, one retry): a blank or failed summary call is retried
   * `maxRetries` times; a summary keeping less than `minKeptShare` (default 0.5) of the
   * identifiers in the dropped history is retried with them listed, then refused.
   */
  qualityGuard?: { enabled?: boolean; maxRetries?: number; minKeptShare?: number };
  /** Parts per staged summary and per pruning round (default 2). */
  parts?: number;
}

export interface CompactHistoryOptions extends CompactionSettings {
  contextWindow: number;
  summarize: Summarizer;
  estimator?: TokenEstimator;
  signal?: AbortSignal;
  /** Extra focus for the summary (`/compact <instructions>`). */
  customInstructions?: string;
  trigger?: CompactionTrigger;
  /** Timestamp of the summary message (default `Date.now()`). */
  now?: number;
}

/** What a compaction did, for `/context`, `/status` and logs. */
export interface CompactionResult {
  compacted: boolean;
  /** Why nothing was compacted, when `compacted` is false. */
  reason?: string;
  mode: CompactionMode;
  trigger: CompactionTrigger;
  tokensBefore: number;
  tokensAfter: number;
  /** safeguard: the history budget; default: `keepRecentTokens`. */
  budgetTokens: number;
  droppedMessages: number;
  droppedTokens: number;
  droppedChunks: number;
  keptMessages: number;
  keptTokens: number;
  summaryTokens: number;
  summaryCalls: number;
  failedSummaryCalls: number;
  oversizedMessages: number;
  /** An earlier summary at the head of the history was updated rather than summarised again. */
  updatedPreviousSummary: boolean;
  repair: { droppedOrphanResults: number; droppedDuplicateResults: number; syntheticResults: number };
  quality: QualityReport;
  /** `tokensAfter ≤ contextWindow − reserve`. */
  fits: boolean;
}

/**
 * The new history: `messages[0]` is the summary message (a user message, see
 * `createCompactionSummaryMessage`), followed by the kept messages. To persist, store `summary`
 * and the identity of `firstKept` (your entry id for it); replaying = summary message + entries
 * from `firstKept` on, passed through `repairToolUseResultPairing`.
 */
export interface CompactedHistory {
  messages: Message[];
  summary?: string;
  firstKept?: Message;
  result: CompactionResult;
}

function recentTurnsStart(messages: readonly Message[], turns: number): number {
  if (turns <= 0) return messages.length;
  let seen = 0;
  for (let i = messages.length - 1; i >= 0; i--) {
    if (messages[i]?.role === "user" && ++seen === turns) return i;
  }
  return 0;
}

/**
 * Compacts a history: picks what to drop (by mode), summarises it with the identifier quality
 * guard (updating an earlier summary when the history starts with one) and returns the summary
 * message followed by the kept messages, plus a result saying what happened.
 *
 * @example
 * const { messages, result } = await compactHistory(history, {
 *   contextWindow: 200_000, mode: "safeguard", summarize: mySummarizer,
 * });
 * log.info(`compaction dropped ${result.droppedMessages} messages (${result.droppedTokens} tokens)`);
 */
export async function compactHistory(
  history: readonly Message[],
  options: CompactHistoryOptions,
): Promise<CompactedHistory> {
  const estimator = options.estimator ?? defaultTokenEstimator;
  const mode = options.mode ?? "default";
  const window = options.contextWindow;
  const previousSummary = readCompactionSummary(history[0]);
  const body = previousSummary === undefined ? history : history.slice(1);
  const reserve =
    mode === "safeguard"
      ? Math.max(options.reserveTokens ?? DEFAULT_RESERVE_TOKENS, options.reserveTokensFloor ?? 20_000)
      : effectiveReserveTokens(window, options.reserveTokens);
  let tokensBefore = 0;
  for (const message of history) tokensBefore += estimator.message(message);

  let kept: Message[];
  let dropped: Message[];
  let droppedChunks = 0;
  let budgetTokens: number;
  let repairStats: CompactionResult["repair"];
  if (mode === "safeguard") {
    const pruned = pruneHistoryForContextShare({
      messages: body,
      maxContextTokens: window,
      maxHistoryShare: options.maxHistoryShare ?? DEFAULT_MAX_HISTORY_SHARE,
      parts: options.parts,
      estimator,
      preserveFromIndex: recentTurnsStart(body, options.recentTurnsPreserve ?? 3),
    });
    kept = pruned.messages;
    dropped = pruned.droppedMessagesList;
    droppedChunks = pruned.droppedChunks;
    budgetTokens = pruned.budgetTokens;
    repairStats = pruned.repair;
  } else {
    const repaired = repairToolUseResultPairing(body);
    budgetTokens = effectiveKeepRecentTokens(window, options.keepRecentTokens);
    let cutIndex = findRecentCut(repaired.messages, budgetTokens, estimator).cutIndex;
    // /compact: everything before the latest turn goes, even when it would fit the budget.
    if (options.trigger === "manual") cutIndex = Math.max(cutIndex, lastTurnStart(repaired.messages));
    kept = repaired.messages.slice(cutIndex);
    const orphans = [...repaired.droppedOrphanResults, ...repaired.droppedDuplicateResults];
    dropped = [...repaired.messages.slice(0, cutIndex), ...orphans];
    droppedChunks = cutIndex > 0 ? 1 : 0;
    repairStats = {
      droppedOrphanResults: repaired.droppedOrphanResults.length,
      droppedDuplicateResults: repaired.droppedDuplicateResults.length,
      syntheticResults: repaired.syntheticResults.length,
    };
  }
  let keptTokens = 0;
  for (const message of kept) keptTokens += estimator.message(message);
  let droppedTokens = 0;
  for (const message of dropped) droppedTokens += estimator.message(message);

  const stats: SummaryStats = { calls: 0, failedCalls: 0, oversizedMessages: 0 };
  const base: CompactionResult = {
    compacted: false,
    mode,
    trigger: options.trigger ?? "threshold",
    tokensBefore,
    tokensAfter: tokensBefore,
    budgetTokens,
    droppedMessages: dropped.length,
    droppedTokens,
    droppedChunks,
    keptMessages: kept.length,
    keptTokens,
    summaryTokens: 0,
    summaryCalls: 0,
    failedSummaryCalls: 0,
    oversizedMessages: 0,
    updatedPreviousSummary: false,
    repair: repairStats,
    quality: { checked: false, expected: 0, missing: [], retried: false, attempts: 0 },
    fits: tokensBefore <= window - reserve,
  };
  if (dropped.length === 0) {
    return { messages: history as Message[], result: { ...base, reason: nothingToDropReason(base, body) } };
  }

  const maxRetries = options.qualityGuard?.maxRetries ?? 1;
  const summarize = withSummaryRetries(options.summarize, maxRetries);
  const common = {
    identifierPolicy: options.identifierPolicy ?? "strict",
    identifierInstructions: options.identifierInstructions,
    customInstructions: options.customInstructions,
  } as const;
  const task = previousSummary === undefined ? "summarize" : "update";
  const maxChunk = maxSummaryChunkTokens(dropped, window, estimator);
  const guarded = await summarizeWithQualityGuard({
    sourceMessages: dropped,
    previousSummary,
    identifierPolicy: options.qualityGuard?.enabled === false ? "off" : common.identifierPolicy,
    identifierKinds: options.identifierKinds,
    maxRetries,
    run: (missing) => {
      const instructions = buildSummaryInstructions({
        ...common,
        task,
        previousSummary,
        missingIdentifiers: missing,
      });
      const summarizeOptions = {
        messages: dropped,
        summarize,
        instructions,
        contextWindow: window,
        signal: options.signal,
        estimator,
      };
      if (droppedTokens <= maxChunk) return summarizeWithFallback(summarizeOptions, stats);
      return summarizeInStages(
        {
          ...summarizeOptions,
          parts: Math.max(options.parts ?? DEFAULT_PARTS, Math.ceil(droppedTokens / maxChunk)),
          mergeInstructions: buildSummaryInstructions({
            ...common,
            task: "merge",
            missingIdentifiers: missing,
          }),
        },
        stats,
      );
    },
  });

  assertIdentifiersKept(guarded.quality, options.qualityGuard?.minKeptShare ?? 0.5);
  const summaryMessage = createCompactionSummaryMessage(guarded.summary, options.now ?? Date.now());
  const summaryTokens = estimator.message(summaryMessage);
  const tokensAfter = summaryTokens + keptTokens;
  return {
    messages: [summaryMessage, ...kept],
    summary: guarded.summary,
    firstKept: kept[0],
    result: {
      ...base,
      compacted: true,
      tokensAfter,
      summaryTokens,
      summaryCalls: stats.calls,
      failedSummaryCalls: stats.failedCalls,
      oversizedMessages: stats.oversizedMessages,
      updatedPreviousSummary: previousSummary !== undefined,
      quality: guarded.quality,
      fits: tokensAfter <= window - reserve,
    },
  };
}

/** Index of the latest user message: where the latest turn starts (0 when there is none). */
function lastTurnStart(messages: readonly Message[]): number {
  for (let i = messages.length - 1; i >= 0; i--) if (messages[i]?.role === "user") return i;
  return 0;
}

function nothingToDropReason(result: CompactionResult, body: readonly Message[]): string {
  if (body.length === 0) return "the session has no history to compact yet";
  if (result.mode === "safeguard")
    return `nothing older than the preserved recent turns: the ${result.keptMessages} message(s) (${result.keptTokens} tokens) fit the history budget of ${result.budgetTokens} tokens`;
  if (result.trigger === "manual")
    return `nothing older than the latest turn: the session holds only its latest exchange (${result.keptMessages} message(s))`;
  return `nothing older than the kept tail: all ${result.keptMessages} message(s) (${result.keptTokens} tokens) fit the kept tail of ${result.budgetTokens} tokens`;
}

/** A summary that lost most identifiers of the dropped history must not replace it. */
function assertIdentifiersKept(quality: QualityReport, minKeptShare: number): void {
  if (!quality.checked || quality.expected === 0 || quality.missing.length === 0) return;
  const keptShare = (quality.expected - quality.missing.length) / quality.expected;
  if (keptShare >= minKeptShare) return;
  const shown = quality.missing.slice(0, 5).join(", ");
  throw new SummaryFailedError(
    `the summary lost ${quality.missing.length} of ${quality.expected} identifiers from the dropped history after ${quality.attempts} attempt(s) (${shown}${quality.missing.length > 5 ? ", …" : ""})`,
    "identifiers-lost",
    quality.missing,
  );
}
