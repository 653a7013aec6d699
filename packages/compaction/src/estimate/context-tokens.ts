import type { AssistantMessage, Message, Usage } from "@claw/providers";
import type { TokenEstimator } from "./estimator.js";

export interface ContextTokenEstimate {
  /** Best estimate of the tokens the next request will carry for these messages. */
  tokens: number;
  /** Tokens the provider reported for the anchor message (0 without an anchor). */
  usageTokens: number;
  /** Estimated tokens of the messages after the anchor (or all of them without one). */
  trailingTokens: number;
  /** Index of the assistant message whose usage anchors the estimate, or -1. */
  anchorIndex: number;
}

/** Tokens a provider reported for one call: the whole prompt plus the reply. */
export function usageTotalTokens(usage: Usage): number {
  const summed = usage.input + usage.output + usage.cacheRead + usage.cacheWrite;
  return usage.totalTokens > 0 ? usage.totalTokens : summed;
}

function hasUsableUsage(message: Message): message is AssistantMessage {
  return (
    message.role === "assistant" &&
    message.stopReason !== "error" &&
    message.stopReason !== "aborted" &&
    usageTotalTokens(message.usage) > 0
  );
}

/**
 * Context size anchored on what the provider actually counted: the last successful assistant
 * message's reported usage, plus an estimate for every message after it. Without such a message
 * the whole history is estimated.
 *
 * @example
 * const { tokens, anchorIndex } = estimateContextTokens(history, charsPerTokenEstimator);
 */
export function estimateContextTokens(
  messages: readonly Message[],
  estimator: TokenEstimator,
): ContextTokenEstimate {
  let anchorIndex = -1;
  for (let i = messages.length - 1; i >= 0; i--) {
    const message = messages[i];
    if (message && hasUsableUsage(message)) {
      anchorIndex = i;
      break;
    }
  }
  let trailingTokens = 0;
  for (let i = anchorIndex + 1; i < messages.length; i++) {
    const message = messages[i];
    if (message) trailingTokens += estimator.message(message);
  }
  const anchor = anchorIndex >= 0 ? messages[anchorIndex] : undefined;
  const usageTokens = anchor?.role === "assistant" ? usageTotalTokens(anchor.usage) : 0;
  return { tokens: usageTokens + trailingTokens, usageTokens, trailingTokens, anchorIndex };
}
