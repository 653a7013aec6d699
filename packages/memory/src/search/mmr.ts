/**
 * Maximal marginal relevance: re-ranks results so near-duplicates (overlapping chunks, the same
 * note copied into two days) do not crowd the top. Similarity is token-set Jaccard, so no
 * vectors are needed.
 */

const WORD = /[\p{L}\p{N}_]+/gu;

function tokenSet(text: string): Set<string> {
  return new Set((text.toLowerCase().match(WORD) ?? []).filter((w) => w.length > 1));
}

export function jaccard(a: Set<string>, b: Set<string>): number {
  if (a.size === 0 && b.size === 0) return 0;
  let shared = 0;
  for (const t of a) if (b.has(t)) shared++;
  return shared / (a.size + b.size - shared);
}

/**
 * Picks items greedily by `lambda·score − (1−lambda)·maxSimilarityToPicked`.
 * @example applyMmr(results, (r) => r.text, 0.7)
 */
export function applyMmr<T extends { score: number }>(
  items: T[],
  textOf: (item: T) => string,
  lambda: number,
): T[] {
  const sets = items.map((item) => tokenSet(textOf(item)));
  const remaining = items.map((_, i) => i);
  const picked: number[] = [];
  while (remaining.length > 0) {
    let bestAt = 0;
    let bestValue = Number.NEGATIVE_INFINITY;
    for (let r = 0; r < remaining.length; r++) {
      const i = remaining[r] ?? 0;
      const set = sets[i] ?? new Set<string>();
      const redundancy = picked.reduce((m, p) => Math.max(m, jaccard(set, sets[p] ?? new Set<string>())), 0);
      const value = lambda * (items[i]?.score ?? 0) - (1 - lambda) * redundancy;
      if (value > bestValue) {
        bestValue = value;
        bestAt = r;
      }
    }
    picked.push(remaining.splice(bestAt, 1)[0] ?? 0);
  }
  return picked.map((i) => items[i] as T);
}
