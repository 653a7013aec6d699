import type { Message, UserMessage } from "@claw/providers";
import type { TokenEstimator } from "../estimate/estimator.js";
import { defaultTokenEstimator } from "../estimate/tiktoken.js";
import { DEFAULT_PARTS, splitMessagesByTokenShare } from "../prune/split.js";
import { isOversizedForSummary } from "./chunking.js";
import { SummaryFailedError } from "./failure.js";
import { MERGE_SUMMARIES_INSTRUCTIONS } from "./instructions.js";
import type { Summarizer } from "./types.js";

export interface SummarizeOptions {
  messages: readonly Message[];
  summarize: Summarizer;
  /** Instructions for each summary call (see `buildSummaryInstructions`). */
  instructions: string;
  /** Instructions for the merge call; default: the merge sentence alone. */
  mergeInstructions?: string;
  contextWindow: number;
  signal?: AbortSignal;
  estimator?: TokenEstimator;
  /** Number of parts for staged summaries (default 2). */
  parts?: number;
}

/** Counts what a summary run did, for logs and `/context`. */
export interface SummaryStats {
  calls: number;
  failedCalls: number;
  oversizedMessages: number;
}

function note(text: string, timestamp: number): UserMessage {
  return { role: "user", content: text, timestamp };
}

function throwIfAborted(signal: AbortSignal | undefined, error?: unknown): void {
  if (signal?.aborted) throw error ?? signal.reason ?? new Error("summary aborted");
}

/**
 * One summary call with a fallback: if the full call fails, summarise only the messages that
 * are not oversized (> 50% of the window) and note the rest; if that fails too, throw a
 * {@link SummaryFailedError} (a failed summary never stands in for history). An abort is
 * rethrown, never swallowed.
 *
 * @example
 * const summary = await summarizeWithFallback({ messages, summarize, instructions, contextWindow: 200_000 });
 */
export async function summarizeWithFallback(
  options: SummarizeOptions,
  stats: SummaryStats = { calls: 0, failedCalls: 0, oversizedMessages: 0 },
): Promise<string> {
  const { messages, summarize, instructions, signal } = options;
  if (messages.length === 0) return "";
  const estimator = options.estimator ?? defaultTokenEstimator;
  let lastError: unknown;
  const oversized = messages.filter((m) => isOversizedForSummary(m, options.contextWindow, estimator));
  stats.oversizedMessages = Math.max(stats.oversizedMessages, oversized.length);
  if (oversized.length < messages.length || oversized.length === 0) {
    try {
      stats.calls++;
      return await summarize([...messages], instructions, signal);
    } catch (error) {
      stats.failedCalls++;
      throwIfAborted(signal, error);
      lastError = error;
    }
  }
  if (oversized.length > 0) {
    const reduced = messages.map((m) =>
      oversized.includes(m)
        ? note(
            `[A ${m.role} message of about ${estimator.message(m)} tokens was too large to summarise and is omitted.]`,
            m.timestamp,
          )
        : m,
    );
    try {
      stats.calls++;
      const summary = await summarize(reduced, instructions, signal);
      return `${summary}\n\n[${oversized.length} oversized message(s) were left out of this summary.]`;
    } catch (error) {
      stats.failedCalls++;
      throwIfAborted(signal, error);
      lastError = error;
    }
  }
  if (lastError instanceof SummaryFailedError) throw lastError;
  throw new SummaryFailedError(
    `summarising ${messages.length} message(s) failed: ${lastError instanceof Error ? lastError.message : String(lastError)}`,
    "provider-error",
  );
}

/**
 * Summarises in stages: split into `parts` equal-token parts, summarise each in order (with
 * fallback), then merge the partial summaries (as user messages, in order) with the merge
 * instruction. `parts` calls plus one merge; a single part needs no merge.
 *
 * @example
 * const summary = await summarizeInStages({ messages: dropped, summarize, instructions, contextWindow, parts: 2 });
 */
export async function summarizeInStages(
  options: SummarizeOptions,
  stats: SummaryStats = { calls: 0, failedCalls: 0, oversizedMessages: 0 },
): Promise<string> {
  const estimator = options.estimator ?? defaultTokenEstimator;
  const splits = splitMessagesByTokenShare(options.messages, options.parts ?? DEFAULT_PARTS, estimator);
  if (splits.length <= 1) return summarizeWithFallback(options, stats);
  const partials: string[] = [];
  for (const chunk of splits) {
    throwIfAborted(options.signal);
    partials.push(await summarizeWithFallback({ ...options, messages: chunk }, stats));
  }
  const timestamp = options.messages[options.messages.length - 1]?.timestamp ?? 0;
  const summaryMessages = partials.map((summary) => note(summary, timestamp));
  return summarizeWithFallback(
    {
      ...options,
      messages: summaryMessages,
      instructions: options.mergeInstructions ?? MERGE_SUMMARIES_INSTRUCTIONS,
    },
    stats,
  );
}
