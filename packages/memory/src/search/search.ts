/**
 * One memory query end to end: embed the query, vector KNN and keyword search with
 * `maxResults × candidateMultiplier` candidates each, backfill missing vector scores, merge,
 * decay, filter by `minScore`, MMR, top `maxResults`, snippets.
 */
import type { QueryOptions } from "../config.js";
import type { ResolvedEmbeddings } from "../embeddings/auto.js";
import type { IndexIdentity, MemoryStore } from "../store/types.js";
import { decayFactor } from "./decay.js";
import { backfillVectorScores, mergeHybridResults, normalizeKeywordScores } from "./hybrid.js";
import { applyMmr } from "./mmr.js";

export interface MemorySearchHit {
  path: string;
  startLine: number;
  endLine: number;
  score: number;
  vectorScore: number;
  textScore: number;
  snippet: string;
}

export interface MemorySearchResponse {
  results: MemorySearchHit[];
  /** `keyword` when no usable embeddings (see `notice`). */
  mode: "hybrid" | "vector" | "keyword";
  provider?: string;
  model?: string;
  /** Why the search ran in a reduced mode, for the user and the model. */
  notice?: string;
}

export interface SearchContext {
  store: MemoryStore;
  embeddings: ResolvedEmbeddings | undefined;
  identity: IndexIdentity | undefined;
  query: QueryOptions;
  now?: Date;
  signal?: AbortSignal;
}

function snippetOf(text: string, max: number): string {
  return text.length <= max ? text : `${text.slice(0, max - 1)}…`;
}

/** Runs one query against a store. */
export async function runSearch(ctx: SearchContext, text: string): Promise<MemorySearchResponse> {
  const q = ctx.query;
  const k = Math.max(1, q.maxResults * q.hybrid.candidateMultiplier);
  let notice: string | undefined;
  let queryVector: Float32Array | undefined;
  if (!ctx.embeddings) notice = "no embedding provider configured: keyword-only search";
  else if (
    ctx.identity?.provider !== ctx.embeddings.provider.id ||
    ctx.identity.model !== ctx.embeddings.provider.model
  )
    notice =
      "the index was built with another embedding model and is being rebuilt: keyword-only search for now";
  else {
    try {
      queryVector = await ctx.embeddings.provider.embedQuery(text, ctx.signal);
      if (queryVector.length !== ctx.identity.dims) {
        notice = `query embedding has ${queryVector.length} dims, index has ${ctx.identity.dims}: keyword-only search until re-indexed`;
        queryVector = undefined;
      }
    } catch (error) {
      notice = `embedding the query failed (${error instanceof Error ? error.message : String(error)}): keyword-only search`;
    }
  }
  const useKeyword = !queryVector || q.hybrid.enabled;
  const [vectorHits, keywordRaw] = await Promise.all([
    queryVector ? ctx.store.searchVector(queryVector, k) : Promise.resolve([]),
    useKeyword ? ctx.store.searchKeyword(text, k) : Promise.resolve([]),
  ]);
  const keyword = normalizeKeywordScores(keywordRaw);
  let merged: Array<{ id: number; vectorScore: number; textScore: number; score: number }>;
  if (!queryVector)
    merged = keyword.map((h) => ({ id: h.id, vectorScore: 0, textScore: h.score, score: h.score }));
  else {
    const seen = new Set(vectorHits.map((h) => h.id));
    const gaps = keyword.filter((h) => !seen.has(h.id)).map((h) => h.id);
    const exact =
      gaps.length > 0 ? await ctx.store.vectorScores(gaps, queryVector) : new Map<number, number>();
    merged = mergeHybridResults({
      vector: backfillVectorScores(vectorHits, keyword, exact),
      keyword,
      vectorWeight: q.hybrid.enabled ? q.hybrid.vectorWeight : 1,
      textWeight: q.hybrid.enabled ? q.hybrid.textWeight : 0,
    });
  }
  const chunks = new Map((await ctx.store.getChunks(merged.map((m) => m.id))).map((c) => [c.id, c]));
  const now = ctx.now ?? new Date();
  let hits = merged
    .flatMap((m) => {
      const chunk = chunks.get(m.id);
      if (!chunk) return [];
      const factor = q.temporalDecay.enabled ? decayFactor(chunk.path, now, q.temporalDecay.halfLifeDays) : 1;
      return [{ ...m, score: m.score * factor, chunk }];
    })
    .filter((h) => h.score >= q.minScore)
    .sort((a, b) => b.score - a.score || a.id - b.id);
  if (q.mmr.enabled) hits = applyMmr(hits, (h) => h.chunk.text, q.mmr.lambda);
  return {
    results: hits.slice(0, q.maxResults).map((h) => ({
      path: h.chunk.path,
      startLine: h.chunk.startLine,
      endLine: h.chunk.endLine,
      score: h.score,
      vectorScore: h.vectorScore,
      textScore: h.textScore,
      snippet: snippetOf(h.chunk.text, q.snippetChars),
    })),
    mode: queryVector ? (q.hybrid.enabled ? "hybrid" : "vector") : "keyword",
    ...(queryVector && ctx.embeddings
      ? { provider: ctx.embeddings.provider.id, model: ctx.embeddings.provider.model }
      : {}),
    ...(notice ? { notice } : {}),
  };
}
