/** Model selections in the config: `"provider/model"` or `{ primary, fallbacks }`. */

/** The primary and fallbacks of a model selection, in order. */
export function modelSelectionRefs(
  selection: string | { primary: string; fallbacks?: string[] } | undefined,
): string[] {
  if (selection === undefined) return [];
  if (typeof selection === "string") return [selection];
  return [selection.primary, ...(selection.fallbacks ?? [])];
}
