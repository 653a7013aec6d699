/** Resolves what a user typed after /model or /new to a model ref: exact, alias, provider, or a unique fuzzy hit. */
import { parseModelRef } from "@claw/ids";

export interface ModelChoices {
  /** Known "provider/model" refs. */
  refs: readonly string[];
  /** Short names → refs ("opus" → "anthropic/claude-opus-4-6"). */
  aliases?: Readonly<Record<string, string>>;
}

export type ModelMatch = { ref: string } | { error: string };

/**
 * @example
 * matchModel("opus", { refs: ["anthropic/claude-opus-4-6"], aliases: { opus: "anthropic/claude-opus-4-6" } });
 * // → { ref: "anthropic/claude-opus-4-6" }
 */
export function matchModel(input: string, choices: ModelChoices): ModelMatch {
  const wanted = input.trim().toLowerCase();
  const refs = [...new Set([...choices.refs, ...Object.values(choices.aliases ?? {})])];
  const exact = refs.find((r) => r.toLowerCase() === wanted);
  if (exact) return { ref: exact };
  const alias = Object.entries(choices.aliases ?? {}).find(([name]) => name.toLowerCase() === wanted);
  if (alias) return { ref: alias[1] };
  const byProvider = refs.filter((r) => parseModelRef(r)?.provider === wanted);
  if (byProvider.length > 0) return { ref: byProvider[0] as string };
  const fuzzy = refs.filter((r) => r.toLowerCase().includes(wanted));
  if (fuzzy.length === 1) return { ref: fuzzy[0] as string };
  const hint =
    fuzzy.length > 1
      ? `it matches several: ${fuzzy.join(", ")}`
      : `known models: ${refs.join(", ") || "none"}`;
  return { error: `"${input}" is not a known model (${hint}).` };
}

/** A word that could only be meant as a model (has a slash, or matches a model), for `/new <model>`. */
export function looksLikeModel(word: string, choices: ModelChoices): boolean {
  return "ref" in matchModel(word, choices);
}
