import type { Message } from "@claw/providers";
import { CHARS_PER_TOKEN, estimateMessageChars, IMAGE_CHAR_ESTIMATE, visitMessageText } from "./text.js";

/**
 * Counts tokens. Estimators are injectable everywhere a count is needed; tests use exact fakes,
 * production uses the tokenizer or the chars/4 heuristic.
 */
export interface TokenEstimator {
  readonly name: string;
  /** Tokens in one piece of text. */
  text(text: string): number;
  /**
   * Tokens in one message. Cached per message object, so messages are treated as immutable:
   * re-estimating a long history costs only the messages that are new.
   */
  message(message: Message): number;
}

export interface TokenEstimatorSpec {
  name: string;
  /** Tokens in one piece of text. */
  countText: (text: string) => number;
  /** Tokens one image costs. */
  imageTokens: number;
  /** Replaces the default per-message count (sum of texts plus images); still cached. */
  countMessage?: (message: Message) => number;
}

/**
 * Builds an estimator with a per-message WeakMap cache.
 *
 * @example
 * const words = createTokenEstimator({ name: "words", imageTokens: 100,
 *   countText: (t) => t.split(/\s+/).filter(Boolean).length });
 * words.message({ role: "user", content: "two words", timestamp: 0 }); // → 2
 */
export function createTokenEstimator(spec: TokenEstimatorSpec): TokenEstimator {
  const cache = new WeakMap<Message, number>();
  const count =
    spec.countMessage ??
    ((message: Message): number => {
      let tokens = 0;
      const images = visitMessageText(message, (text) => {
        tokens += spec.countText(text);
      });
      return tokens + images * spec.imageTokens;
    });
  return {
    name: spec.name,
    text: spec.countText,
    message(message) {
      const cached = cache.get(message);
      if (cached !== undefined) return cached;
      const tokens = count(message);
      cache.set(message, tokens);
      return tokens;
    },
  };
}

/**
 * The cheap heuristic: characters / 4, images as 8000 characters. No tokenizer, no loading cost.
 *
 * @example
 * charsPerTokenEstimator.message({ role: "user", content: "x".repeat(400), timestamp: 0 }); // → 100
 */
export const charsPerTokenEstimator: TokenEstimator = createTokenEstimator({
  name: "chars/4",
  countText: (text) => Math.ceil(text.length / CHARS_PER_TOKEN),
  imageTokens: IMAGE_CHAR_ESTIMATE / CHARS_PER_TOKEN,
  countMessage: (message) => Math.ceil(estimateMessageChars(message) / CHARS_PER_TOKEN),
});

/**
 * Sum of per-message estimates. Additive: `estimate(a ++ b) = estimate(a) + estimate(b)`.
 *
 * @example
 * estimateMessagesTokens([], charsPerTokenEstimator); // → 0
 */
export function estimateMessagesTokens(messages: readonly Message[], estimator: TokenEstimator): number {
  let total = 0;
  for (const message of messages) total += estimator.message(message);
  return total;
}
