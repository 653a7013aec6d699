/**
 * The runtime's history management on @claw/compaction: per-request context pruning and
 * pairing repair, threshold compaction before a prompt, and compaction on overflow.
 */
import {
  type CompactionSettings,
  type ContextPruningSettingsInput,
  compactHistory,
  defaultTokenEstimator,
  pruneContextMessages,
  repairToolUseResultPairing,
  type Summarizer,
  type TokenEstimator,
} from "@claw/compaction";
import type { Message, Model } from "@claw/providers";
import type { CompactionStrategy } from "../runtime/options.js";

export interface CompactionStrategyOptions extends CompactionSettings {
  /** Writes the summaries (e.g. `createModelSummarizer`). */
  summarize: Summarizer;
  /** Per-request tool-result pruning (cache-ttl mode); off when omitted. */
  contextPruning?: ContextPruningSettingsInput;
  /** Compact before a prompt once history exceeds this share of the window (default 0.8; 0 = never). */
  thresholdShare?: number;
  estimator?: TokenEstimator;
  now?: () => number;
}

/**
 * @example
 * const compaction = createCompactionStrategy({ mode: "safeguard", summarize: createModelSummarizer({ stream, model }) });
 * const runtime = createAgentRuntime({ ..., compaction });
 */
export function createCompactionStrategy(options: CompactionStrategyOptions): CompactionStrategy {
  const estimator = options.estimator ?? defaultTokenEstimator;
  const now = options.now ?? Date.now;
  return {
    transformContext(messages, model) {
      const pruned = options.contextPruning
        ? pruneContextMessages(messages, {
            contextWindowTokens: model.contextWindow,
            settings: options.contextPruning,
            now: now(),
          }).messages
        : messages;
      return repairToolUseResultPairing(pruned).messages;
    },
    shouldCompact(messages, model) {
      const share = options.thresholdShare ?? 0.8;
      if (share <= 0 || messages.length < 2) return false;
      let tokens = 0;
      for (const message of messages) tokens += estimator.message(message);
      return tokens > model.contextWindow * share;
    },
    async compact(messages, model, signal, trigger) {
      const {
        result,
        summary,
        firstKept,
        messages: next,
      } = await compactHistory(messages, {
        ...options,
        contextWindow: model.contextWindow,
        estimator,
        signal,
        trigger,
        now: now(),
      });
      if (!result.compacted || summary === undefined) return undefined;
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

/** A summariser that asks a model (through any stream function) to write the summary. */
export function createModelSummarizer(options: {
  stream: (
    model: Model,
    context: { systemPrompt?: string; messages: Message[] },
    opts: { signal?: AbortSignal; apiKey?: string },
  ) => {
    result(): Promise<{
      stopReason: string;
      content: { type: string; text?: string }[];
      error?: { message: string };
    }>;
  };
  model: Model;
  apiKey?: string;
}): Summarizer {
  return async (messages, instructions, signal) => {
    const transcript = messages.map((m) => `${m.role.toUpperCase()}: ${renderForSummary(m)}`).join("\n\n");
    const reply = await options
      .stream(
        options.model,
        {
          systemPrompt: instructions,
          messages: [{ role: "user", content: transcript, timestamp: Date.now() }],
        },
        { signal, apiKey: options.apiKey },
      )
      .result();
    if (reply.stopReason === "error" || reply.stopReason === "aborted") {
      throw new Error(`summary failed: ${reply.error?.message ?? reply.stopReason}`);
    }
    return reply.content.map((c) => (c.type === "text" ? (c.text ?? "") : "")).join("");
  };
}

function renderForSummary(message: Message): string {
  if (message.role === "user")
    return typeof message.content === "string"
      ? message.content
      : message.content.map((c) => (c.type === "text" ? c.text : "[image]")).join("\n");
  if (message.role === "toolResult")
    return `[${message.toolName} result${message.isError ? ", error" : ""}] ${message.content.map((c) => (c.type === "text" ? c.text : "[image]")).join("\n")}`;
  return message.content
    .map((c) =>
      c.type === "text"
        ? c.text
        : c.type === "toolCall"
          ? `[call ${c.name} ${JSON.stringify(c.arguments)}]`
          : "",
    )
    .filter(Boolean)
    .join("\n");
}
