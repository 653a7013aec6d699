/**
 * The runtime's history management on @claw/compaction: per-request context pruning (cache-ttl,
 * with the cache-touch time tracked per session) and pairing repair, the threshold check before
 * each model call (reply reserve and system prompt included), the pre-compaction memory flush
 * decision, and compaction itself.
 */
import {
  type CompactionSettings,
  type ContextPruningSettingsInput,
  checkCompactionThreshold,
  compactHistory,
  DEFAULT_COMPACTION_THRESHOLD_RATIO,
  DEFAULT_MEMORY_FLUSH_PROMPT,
  decideMemoryFlush,
  defaultTokenEstimator,
  effectiveKeepRecentTokens,
  effectiveReserveTokens,
  pruneContextMessages,
  repairToolUseResultPairing,
  resolveContextPruningSettings,
  type Summarizer,
  type TokenEstimator,
} from "@claw/compaction";
import type { Message, Model } from "@claw/providers";
import type { CompactionStrategy, ContextTransform } from "../runtime/options.js";

export interface MemoryFlushSettings {
  enabled?: boolean;
  /** Tokens before the compaction point at which the flush runs (default 4000). */
  softThresholdTokens?: number;
  /** The user prompt of the flush turn (default `DEFAULT_MEMORY_FLUSH_PROMPT`: memory/YYYY-MM-DD.md, else NO_REPLY). */
  prompt?: string;
  /** Appended to the system prompt for the flush turn. */
  systemPrompt?: string;
}

export interface CompactionStrategyOptions extends CompactionSettings {
  /** Writes the summaries (e.g. `createModelSummarizer`). */
  summarize: Summarizer;
  /** Per-request tool-result pruning (cache-ttl mode); off when omitted. */
  contextPruning?: ContextPruningSettingsInput;
  /** Compact before a model call once the context exceeds this share of the window (default 0.8; 0 = never). */
  thresholdShare?: number;
  /** The pre-compaction memory flush; off when omitted or `enabled: false`. */
  memoryFlush?: MemoryFlushSettings;
  /** Caps the model's window (config `contextTokens`): the session never uses more than this. */
  maxContextTokens?: number;
  estimator?: TokenEstimator;
  now?: () => number;
}

interface SessionContextState {
  /** When the last request of this session was sent (the provider's prompt cache was touched). */
  lastCacheTouchAt?: number;
  lastPrune?: { at: number; softTrimmed: number; hardCleared: number; charsSaved: number };
  prunedCalls: number;
}

const SESSIONS_TRACKED = 2_000;

/**
 * @example
 * const compaction = createCompactionStrategy({ mode: "safeguard", summarize: createModelSummarizer({ stream, model }) });
 * const runtime = createAgentRuntime({ ..., compaction });
 */
export function createCompactionStrategy(options: CompactionStrategyOptions): CompactionStrategy {
  const estimator = options.estimator ?? defaultTokenEstimator;
  const now = options.now ?? Date.now;
  const sessions = new Map<string, SessionContextState>();
  const share = options.thresholdShare ?? DEFAULT_COMPACTION_THRESHOLD_RATIO;
  const windowOf = (model: Model) =>
    Math.min(model.contextWindow, options.maxContextTokens ?? Number.POSITIVE_INFINITY);

  const stateOf = (sessionId: string): SessionContextState => {
    let state = sessions.get(sessionId);
    if (!state) {
      // Oldest first: a long-running gateway keeps the state of its recent sessions only.
      if (sessions.size >= SESSIONS_TRACKED) sessions.delete(sessions.keys().next().value as string);
      state = { prunedCalls: 0 };
      sessions.set(sessionId, state);
    }
    return state;
  };
  const contextTokens = (messages: Message[], systemPrompt: string | undefined): number => {
    let tokens = systemPrompt ? estimator.text(systemPrompt) : 0;
    for (const message of messages) tokens += estimator.message(message);
    return tokens;
  };
  const threshold = (tokens: number, model: Model) =>
    checkCompactionThreshold({
      tokens,
      contextWindow: windowOf(model),
      thresholdRatio: share,
      reserveTokens: effectiveReserveTokens(windowOf(model), options.reserveTokens),
    });

  return {
    transformContext(messages, model, session): ContextTransform {
      let pruned: ContextTransform["pruned"];
      let out = messages;
      if (options.contextPruning && options.contextPruning.mode !== "off") {
        const at = now();
        const state = session ? stateOf(session.sessionId) : undefined;
        const result = pruneContextMessages(messages, {
          contextWindowTokens: windowOf(model),
          settings: options.contextPruning,
          now: at,
          lastCacheTouchAt: state?.lastCacheTouchAt,
        });
        if (state) {
          state.lastCacheTouchAt = at;
          if (result.changed) {
            state.prunedCalls++;
            state.lastPrune = { at, ...pick(result) };
          }
        }
        if (result.changed) {
          out = result.messages;
          pruned = { ...pick(result), ratioBefore: result.ratioBefore, ratioAfter: result.ratioAfter };
        }
      }
      const repaired = repairToolUseResultPairing(out).messages;
      return pruned ? { messages: repaired, pruned } : { messages: repaired };
    },

    shouldCompact(messages, model, extra) {
      if (share <= 0 || messages.length < 2) return false;
      return threshold(contextTokens(messages, extra?.systemPrompt), model).shouldCompact;
    },

    memoryFlush(messages, model, extra) {
      const flush = options.memoryFlush;
      if (!flush || flush.enabled === false || share <= 0) return undefined;
      const tokens = contextTokens(messages, extra.systemPrompt);
      const decision = decideMemoryFlush({
        totalTokens: tokens,
        contextWindowTokens: windowOf(model),
        reserveTokensFloor: 0,
        compactionThresholdTokens: threshold(tokens, model).thresholdTokens,
        softThresholdTokens: flush.softThresholdTokens,
        compactionCount: extra.compactionCount,
        lastFlushCompactionCount: extra.lastFlushCompactionCount,
      });
      if (!decision.run) return undefined;
      return { prompt: flush.prompt ?? DEFAULT_MEMORY_FLUSH_PROMPT, systemPrompt: flush.systemPrompt };
    },

    describe(session) {
      const pruning = options.contextPruning;
      const state = sessions.get(session.sessionId);
      const lines = [
        `Compaction: ${options.mode ?? "default"} mode, at ${Math.round(share * 100)}% of the window (reply reserve included)${options.memoryFlush && options.memoryFlush.enabled !== false ? ", memory flush on" : ""}`,
      ];
      if (!pruning || pruning.mode === "off") lines.push("Pruning: off");
      else {
        const head = `Pruning: cache-ttl (ttl ${Math.round(resolveContextPruningSettings(pruning).ttlMs / 1000)} s)`;
        const last = state?.lastPrune;
        lines.push(
          last
            ? `${head}, ${state.prunedCalls} call(s) pruned; last: ${last.softTrimmed} soft-trimmed, ${last.hardCleared} hard-cleared, ${last.charsSaved.toLocaleString("en-US")} chars saved`
            : `${head}, nothing pruned in this session yet`,
        );
      }
      return lines;
    },

    async compact(messages, model, signal, trigger) {
      const {
        result,
        summary,
        firstKept,
        messages: next,
      } = await compactHistory(messages, {
        ...options,
        keepRecentTokens: effectiveKeepRecentTokens(windowOf(model), options.keepRecentTokens),
        contextWindow: windowOf(model),
        estimator,
        signal,
        trigger,
        now: now(),
      });
      if (!result.compacted || summary === undefined)
        return { skipped: result.reason ?? "nothing to compact" };
      const keptAt = firstKept ? messages.indexOf(firstKept) : messages.length;
      return {
        messages: next,
        summary,
        replacedCount: keptAt === -1 ? messages.length : keptAt,
        tokensBefore: result.tokensBefore,
        tokensAfter: result.tokensAfter,
      };
    },
  };
}

function pick(result: { softTrimmed: number; hardCleared: number; charsSaved: number }) {
  return {
    softTrimmed: result.softTrimmed,
    hardCleared: result.hardCleared,
    charsSaved: Math.round(result.charsSaved),
  };
}
