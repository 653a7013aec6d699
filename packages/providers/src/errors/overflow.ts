/**
 * Did a reply fail (or silently degrade) because the context did not fit? Providers that refuse
 * say so in the error (classified as `context_overflow`); some accept and truncate silently, which
 * only shows as reported input usage at or beyond the model's window.
 */
import type { AssistantMessage, Model } from "../types.js";

/**
 * True when the message shows a context overflow, by error or by usage against the window.
 *
 * @example
 * const reply = await complete(model, context, options);
 * if (isContextOverflow(reply, model)) await compact(session);
 */
export function isContextOverflow(message: AssistantMessage, model?: Pick<Model, "contextWindow">): boolean {
  if (message.error?.reason === "context_overflow") return true;
  if (message.stopReason === "error" || message.stopReason === "aborted" || !model) return false;
  const { input, cacheRead, cacheWrite } = message.usage;
  return input + cacheRead + cacheWrite >= model.contextWindow;
}
