/**
 * How a keyword query's parts (words, CJK trigrams, short CJK runs) become one ranking, for
 * every store: each part is normalised to its own best hit, then parts are summed per chunk.
 */
import type { ScoredId } from "../store/types.js";

/** One part's hits, each scored relative to the part's best (the best scores 1). */
export function normalisedPart(rows: readonly { id: number; score: number }[]): Map<number, number> {
  const best = rows.reduce((m, r) => Math.max(m, r.score), 0);
  return new Map(rows.map((r) => [r.id, best > 0 ? r.score / best : 1]));
}

/**
 * Sums the parts per chunk and keeps the best `k` (ties by id, so results are stable).
 *
 * @example
 * mergeKeywordParts([normalisedPart(wordHits), normalisedPart(cjkHits)], 6);
 */
export function mergeKeywordParts(parts: readonly Map<number, number>[], k: number): ScoredId[] {
  const total = new Map<number, number>();
  for (const part of parts) for (const [id, s] of part) total.set(id, (total.get(id) ?? 0) + s);
  return [...total]
    .map(([id, score]) => ({ id, score }))
    .sort((a, b) => b.score - a.score || a.id - b.id)
    .slice(0, k);
}
