/**
 * @claw/compaction — keeps a conversation inside its model's context window: token estimation,
 * O(n) history pruning that never breaks a tool call/result pair, staged summaries with an
 * identifier quality guard, per-request tool-result pruning, memory-flush and overflow-retry
 * decisions. Pure functions; the summariser is injected, so no provider is called from here.
 */

// Commonly used: compact a history, check the threshold, recover from overflow, flush memory.
export {
  type CompactedHistory,
  type CompactHistoryOptions,
  type CompactionMode,
  type CompactionResult,
  type CompactionSettings,
  type CompactionTrigger,
  compactHistory,
} from "./compact.js";
export {
  type CompactionThresholdDecision,
  type CompactionThresholdInput,
  checkCompactionThreshold,
  DEFAULT_COMPACTION_THRESHOLD_RATIO,
  DEFAULT_KEEP_RECENT_TOKENS,
  DEFAULT_RESERVE_TOKENS,
  effectiveKeepRecentTokens,
  effectiveReserveTokens,
  MAX_KEEP_RECENT_SHARE,
  MAX_RESERVE_SHARE,
} from "./threshold.js";
export {
  ContextOverflowError,
  isContextOverflow,
  MAX_OVERFLOW_COMPACTION_ATTEMPTS,
  type OverflowRecoveryOptions,
  runWithOverflowRecovery,
} from "./overflow.js";
export {
  createMemoryFlushMessage,
  DEFAULT_MEMORY_FLUSH_PROMPT,
  DEFAULT_MEMORY_FLUSH_SOFT_THRESHOLD_TOKENS,
  decideMemoryFlush,
  type MemoryFlushDecision,
  type MemoryFlushInput,
  type MemoryFlushReason,
  parseByteSize,
  shouldRunMemoryFlush,
} from "./memory-flush.js";
export type { Summarizer } from "./summarize/types.js";

// Token estimation and context windows.
export {
  charsPerTokenEstimator,
  createTokenEstimator,
  estimateMessagesTokens,
  type TokenEstimator,
  type TokenEstimatorSpec,
} from "./estimate/estimator.js";
export {
  type ContextTokenEstimate,
  estimateContextTokens,
  usageTotalTokens,
} from "./estimate/context-tokens.js";
export {
  CONTEXT_1M_TOKENS,
  CONTEXT_WINDOW_HARD_MIN_TOKENS,
  CONTEXT_WINDOW_WARN_BELOW_TOKENS,
  type ContextWindowInput,
  type ContextWindowSource,
  DEFAULT_CONTEXT_WINDOW_TOKENS,
  type ResolvedContextWindow,
  resolveContextWindow,
} from "./estimate/window.js";
export { countTiktokenTokens, defaultTokenEstimator, tiktokenEstimator } from "./estimate/tiktoken.js";
export {
  CHARS_PER_TOKEN,
  estimateMessageChars,
  IMAGE_CHAR_ESTIMATE,
  messageText,
} from "./estimate/text.js";

// Pruning: history share and per-request tool-result pruning.
export {
  DEFAULT_MAX_HISTORY_SHARE,
  type PruneHistoryOptions,
  type PruneHistoryResult,
  pruneHistoryForContextShare,
} from "./prune/history-share.js";
export {
  type ContextPruningOptions,
  type ContextPruningResult,
  type ContextPruningSkip,
  pruneContextMessages,
  softTrimText,
} from "./context-pruning/prune-context.js";
export {
  type ContextPruningSettings,
  type ContextPruningSettingsInput,
  createToolPrunablePredicate,
  DEFAULT_CONTEXT_PRUNING_SETTINGS,
  resolveContextPruningSettings,
} from "./context-pruning/settings.js";
export {
  MISSING_TOOL_RESULT_TEXT,
  type PairingRepair,
  type PairingRepairOptions,
  repairToolUseResultPairing,
} from "./pairing.js";

// Advanced: the summariser stages, identifier guard and cut/split helpers compaction is built from.
export {
  type SummarizeOptions,
  type SummaryStats,
  summarizeInStages,
  summarizeWithFallback,
} from "./summarize/stages.js";
export {
  type QualityGuardOptions,
  type QualityReport,
  summarizeWithQualityGuard,
} from "./summarize/quality-guard.js";
export {
  COMPACTION_SUMMARY_HEADER,
  createCompactionSummaryMessage,
  isCompactionSummaryMessage,
  readCompactionSummary,
} from "./summarize/summary-message.js";
export { SummaryFailedError, type SummaryFailureKind, withSummaryRetries } from "./summarize/failure.js";
export {
  ALL_IDENTIFIER_KINDS,
  extractIdentifiers,
  findMissingIdentifiers,
  IDENTIFIER_PATTERNS,
  type IdentifierKind,
  identifiersInMessages,
} from "./summarize/identifiers.js";
export {
  buildSummaryInstructions,
  type IdentifierPolicy,
  identifierInstructionFor,
  MERGE_SUMMARIES_INSTRUCTIONS,
  STRICT_IDENTIFIER_INSTRUCTIONS,
  SUMMARY_SECTIONS,
  type SummaryInstructionOptions,
} from "./summarize/instructions.js";
export {
  BASE_CHUNK_RATIO,
  computeAdaptiveChunkRatio,
  isOversizedForSummary,
  MIN_CHUNK_RATIO,
  maxSummaryChunkTokens,
  SAFETY_MARGIN,
  SUMMARIZATION_OVERHEAD_TOKENS,
} from "./summarize/chunking.js";
export { type HistoryIndex, indexHistory } from "./prune/boundaries.js";
export { findRecentCut, type RecentCut } from "./prune/keep-recent.js";
export { chunkMessagesByMaxTokens, DEFAULT_PARTS, splitMessagesByTokenShare } from "./prune/split.js";
