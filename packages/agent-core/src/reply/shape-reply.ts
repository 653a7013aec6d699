/** Turns a run's final assistant text into what a channel should deliver (or nothing). */
import { stripReasoningTags } from "./reasoning-tags.js";
import { type SuppressionOptions, suppressionReason } from "./silent-tokens.js";

export interface ShapedReply {
  /** The text to deliver; empty when suppressed. */
  text: string;
  /** Set when nothing should be delivered, with the token or cause. */
  suppressed?: string;
}

/**
 * @example
 * shapeReply("<think>plan</think>Done.") // { text: "Done." }
 * shapeReply("NO_REPLY")                  // { text: "", suppressed: "NO_REPLY" }
 */
export function shapeReply(
  text: string,
  options: SuppressionOptions & { enforceFinalTag?: boolean } = {},
): ShapedReply {
  const visible = stripReasoningTags(text, { enforceFinal: options.enforceFinalTag });
  const suppressed = suppressionReason(visible, options);
  return suppressed ? { text: "", suppressed } : { text: visible.trim() };
}
