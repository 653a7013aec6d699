import type { Message } from "@claw/providers";
import type { TokenEstimator } from "../estimate/estimator.js";
import { defaultTokenEstimator } from "../estimate/tiktoken.js";
import { indexHistory } from "./boundaries.js";

/** Default number of parts for splitting and staged summaries. */
export const DEFAULT_PARTS = 2;

/** Messages [from, to) and their tokens. */
interface Unit {
  from: number;
  to: number;
  tokens: number;
}

/** Contiguous runs that may not be split: a tool call together with everything up to its result. */
function units(messages: readonly Message[], estimator: TokenEstimator) {
  const index = indexHistory(messages, estimator);
  const out: Unit[] = [];
  for (let k = 0; k + 1 < index.cuts.length; k++) {
    const from = index.cuts[k] as number;
    const to = index.cuts[k + 1] as number;
    out.push({ from, to, tokens: (index.prefix[to] as number) - (index.prefix[from] as number) });
  }
  return { list: out, total: index.prefix[messages.length] as number };
}

/**
 * Packs units greedily into contiguous chunks, order kept: a new chunk starts before a unit when
 * the current one is not empty and `startsNewChunk(chunks so far, current tokens, unit tokens)`.
 */
function packUnits(
  messages: readonly Message[],
  list: readonly Unit[],
  startsNewChunk: (chunkCount: number, currentTokens: number, unitTokens: number) => boolean,
): Message[][] {
  const chunks: Message[][] = [];
  let current: Message[] = [];
  let currentTokens = 0;
  for (const unit of list) {
    if (current.length > 0 && startsNewChunk(chunks.length, currentTokens, unit.tokens)) {
      chunks.push(current);
      current = [];
      currentTokens = 0;
    }
    for (let i = unit.from; i < unit.to; i++) current.push(messages[i] as Message);
    currentTokens += unit.tokens;
  }
  if (current.length > 0) chunks.push(current);
  return chunks;
}

/**
 * Splits a history into at most `parts` contiguous chunks of about equal tokens, order kept,
 * never separating a tool call from its result (such a run moves as one piece).
 *
 * @example
 * splitMessagesByTokenShare(eightMessagesOf18750Tokens, 2, estimator); // → [[M1..M4], [M5..M8]]
 */
export function splitMessagesByTokenShare(
  messages: readonly Message[],
  parts: number = DEFAULT_PARTS,
  estimator: TokenEstimator = defaultTokenEstimator,
): Message[][] {
  if (messages.length === 0) return [];
  const { list, total } = units(messages, estimator);
  const normalized = Math.min(Math.max(1, Math.floor(parts) || 1), list.length);
  const target = total / normalized;
  return packUnits(
    messages,
    list,
    (chunkCount, currentTokens, unitTokens) =>
      chunkCount < normalized - 1 && currentTokens + unitTokens > target,
  );
}

/**
 * Greedy contiguous chunks of at most `maxTokens` each; a piece larger than `maxTokens` (one
 * message, or a call with its results) becomes a chunk of its own.
 *
 * @example
 * chunkMessagesByMaxTokens(history, 30_000, estimator).length; // number of summary calls needed
 */
export function chunkMessagesByMaxTokens(
  messages: readonly Message[],
  maxTokens: number,
  estimator: TokenEstimator = defaultTokenEstimator,
): Message[][] {
  const { list } = units(messages, estimator);
  return packUnits(messages, list, (_, currentTokens, unitTokens) => currentTokens + unitTokens > maxTokens);
}
