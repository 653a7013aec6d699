/**
 * Merging vector and keyword candidates. Two corrections over the reference design:
 * 1. Keyword scores are normalised relative to the query's best keyword hit (best = 1.0), not
 *    `1/(1+max(0, bm25))`, which maps every FTS5 hit (bm25 < 0) to 1.0.
 * 2. A candidate found by only one side gets its real score from the other side where one
 *    exists (`backfill`), instead of 0, so a strong keyword-only hit can pass `minScore`.
 */

export interface HybridCandidate {
  id: number;
  /** Cosine similarity in [0, 1]; undefined = this side did not see the chunk. */
  vectorScore?: number;
  /** Normalised keyword score in [0, 1]. */
  textScore?: number;
}

export interface MergedResult {
  id: number;
  vectorScore: number;
  textScore: number;
  score: number;
}

/**
 * Keyword relevance to [0, 1] relative to the best hit of the same query.
 * @example normalizeKeywordScores([{ id: 1, score: 8 }, { id: 2, score: 2 }]) // [{ id: 1, score: 1 }, { id: 2, score: 0.25 }]
 */
export function normalizeKeywordScores(
  hits: Array<{ id: number; score: number }>,
): Array<{ id: number; score: number }> {
  const best = hits.reduce((m, h) => Math.max(m, h.score), 0);
  return hits.map((h) => ({ id: h.id, score: best > 0 ? Math.max(0, h.score) / best : 1 }));
}

/** The reference mapping, kept for comparison in tests: every rank ≤ 0 gives 1.0. */
export function bm25RankToScore(rank: number): number {
  return 1 / (1 + Math.max(0, rank));
}

/**
 * Weighted merge by id, best first. Missing sides count as 0.
 * @example mergeHybridResults({ vector: [{ id: 1, score: 0.85 }], keyword: [{ id: 1, score: 0.6 }], vectorWeight: 0.7, textWeight: 0.3 })[0].score // 0.775
 */
export function mergeHybridResults(input: {
  vector: Array<{ id: number; score: number }>;
  keyword: Array<{ id: number; score: number }>;
  vectorWeight: number;
  textWeight: number;
}): MergedResult[] {
  const byId = new Map<number, HybridCandidate>();
  for (const r of input.vector) byId.set(r.id, { id: r.id, vectorScore: r.score });
  for (const r of input.keyword) {
    const existing = byId.get(r.id);
    if (existing) existing.textScore = r.score;
    else byId.set(r.id, { id: r.id, textScore: r.score });
  }
  return [...byId.values()]
    .map((c) => {
      const vectorScore = clamp01(c.vectorScore ?? 0);
      const textScore = clamp01(c.textScore ?? 0);
      return {
        id: c.id,
        vectorScore,
        textScore,
        score: input.vectorWeight * vectorScore + input.textWeight * textScore,
      };
    })
    .sort((a, b) => b.score - a.score || a.id - b.id);
}

function clamp01(x: number): number {
  return Number.isFinite(x) ? Math.min(1, Math.max(0, x)) : 0;
}

/**
 * Fills the vector score of keyword-only candidates from the store's exact similarities.
 * @example withBackfill(keyword, vectorHits, new Map([[7, 0.52]]))
 */
export function backfillVectorScores(
  vector: Array<{ id: number; score: number }>,
  keyword: Array<{ id: number; score: number }>,
  exact: Map<number, number>,
): Array<{ id: number; score: number }> {
  const seen = new Set(vector.map((v) => v.id));
  const extra = keyword
    .filter((k) => !seen.has(k.id) && exact.has(k.id))
    .map((k) => ({ id: k.id, score: exact.get(k.id) ?? 0 }));
  return [...vector, ...extra];
}
