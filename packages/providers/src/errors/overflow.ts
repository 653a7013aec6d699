/**
 * The one context-overflow detector. A failed reply says so in its classified reason; some
 * servers accept and truncate silently, which only shows as reported input usage at or beyond
 * the model's window; a thrown error or plain text is classified by the same rule tables.
 */
import type { Model } from "../types.js";
import { describeFailure } from "./classify.js";

type Bag = Record<string, unknown>;
const isBag = (v: unknown): v is Bag => v !== null && typeof v === "object";

/** Usage reported at or over the window: the server kept what fit and dropped the rest. */
function filledTheWindow(message: Bag, model: Pick<Model, "contextWindow">): boolean {
  const usage = isBag(message.usage) ? message.usage : undefined;
  if (!usage) return false;
  const count = (key: string) => (typeof usage[key] === "number" ? (usage[key] as number) : 0);
  return count("input") + count("cacheRead") + count("cacheWrite") >= model.contextWindow;
}

/**
 * True when a value shows a context overflow: a failed assistant message, an error event, a
 * `ProviderErrorInfo`, a thrown error or a string. With `model`, a successful reply whose input
 * filled the window also counts.
 *
 * @example
 * const reply = await complete(model, context, options);
 * if (isContextOverflow(reply, model)) await compact(session);
 * isContextOverflow(new Error("ValidationException: Input is too long for requested model.")); // true
 */
export function isContextOverflow(value: unknown, model?: Pick<Model, "contextWindow">): boolean {
  if (value === undefined || value === null) return false;
  if (isBag(value) && value.role === "assistant") {
    if (value.stopReason === "error" || value.stopReason === "aborted")
      return describeFailure(value).reason === "context_overflow";
    return model !== undefined && filledTheWindow(value, model);
  }
  return describeFailure(value).reason === "context_overflow";
}
