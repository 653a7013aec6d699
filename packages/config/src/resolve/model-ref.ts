/** A parsed model reference. */
export interface ModelRefParts {
  provider: string;
  model: string;
}

/**
 * Splits `"provider/model"` on the first `/` (so `openrouter/moonshotai/kimi-k2` keeps the
 * model's own slash). Returns undefined when either side is empty or there is no slash.
 *
 * @example
 * parseModelRef("openrouter/moonshotai/kimi-k2"); // → { provider: "openrouter", model: "moonshotai/kimi-k2" }
 */
export function parseModelRef(ref: string): ModelRefParts | undefined {
  const slash = ref.indexOf("/");
  if (slash <= 0 || slash === ref.length - 1) return undefined;
  return { provider: ref.slice(0, slash).trim().toLowerCase(), model: ref.slice(slash + 1).trim() };
}

/** The primary and fallbacks of a model selection, in order. */
export function modelSelectionRefs(
  selection: string | { primary: string; fallbacks?: string[] } | undefined,
): string[] {
  if (selection === undefined) return [];
  if (typeof selection === "string") return [selection];
  return [selection.primary, ...(selection.fallbacks ?? [])];
}
