import { describe, expect, it } from "vitest";
import { decayFactor, noteDate } from "./decay.js";
import {
  backfillVectorScores,
  bm25RankToScore,
  mergeHybridResults,
  normalizeKeywordScores,
} from "./hybrid.js";
import { applyMmr } from "./mmr.js";
import { queryTerms, trigramsOf } from "./query-terms.js";

const [A, B, C, D, E] = [1, 2, 3, 4, 5];

describe("mergeHybridResults", () => {
  it("reproduces the reference worked example", () => {
    const merged = mergeHybridResults({
      vector: [
        { id: A, score: 0.85 },
        { id: B, score: 0.72 },
        { id: D, score: 0.65 },
      ],
      keyword: [
        { id: C, score: 0.9 },
        { id: A, score: 0.6 },
        { id: E, score: 0.45 },
      ],
      vectorWeight: 0.7,
      textWeight: 0.3,
    });
    expect(merged.map((m) => m.id)).toEqual([A, B, D, C, E]);
    expect(merged.map((m) => Number(m.score.toFixed(3)))).toEqual([0.775, 0.504, 0.455, 0.27, 0.135]);
    expect(merged.filter((m) => m.score >= 0.35).map((m) => m.id)).toEqual([A, B, D]);
  });

  it("with backfilled vector scores a strong keyword-only hit can pass minScore", () => {
    const vector = [
      { id: A, score: 0.85 },
      { id: B, score: 0.72 },
    ];
    const keyword = normalizeKeywordScores([
      { id: C, score: 9 },
      { id: A, score: 6 },
    ]);
    const merged = mergeHybridResults({
      vector: backfillVectorScores(vector, keyword, new Map([[C, 0.4]])),
      keyword,
      vectorWeight: 0.7,
      textWeight: 0.3,
    });
    const c = merged.find((m) => m.id === C);
    expect(c?.textScore).toBe(1);
    expect(c?.score).toBeCloseTo(0.7 * 0.4 + 0.3, 6);
    expect(c?.score).toBeGreaterThanOrEqual(0.35);
  });
});

describe("keyword score normalisation", () => {
  it("the reference mapping gives 1.0 to every FTS5 hit (bm25 is negative)", () => {
    expect([-12.5, -0.3, 0].map(bm25RankToScore)).toEqual([1, 1, 1]);
    expect(bm25RankToScore(3)).toBe(0.25);
  });
  it("ours is relative to the best hit and keeps the order", () => {
    expect(
      normalizeKeywordScores([
        { id: 1, score: 8 },
        { id: 2, score: 2 },
        { id: 3, score: 0 },
      ]),
    ).toEqual([
      { id: 1, score: 1 },
      { id: 2, score: 0.25 },
      { id: 3, score: 0 },
    ]);
  });
});

describe("temporal decay", () => {
  const now = new Date("2026-01-31T00:00:00Z");
  it.each([
    ["MEMORY.md", 1],
    ["memory/people/alice.md", 1],
    ["memory/2026-01-31.md", 1],
    ["memory/2026-01-01.md", 0.5],
    ["memory/2025-12-02-api-design.md", 0.25],
  ])("%s → %d", (path, factor) => expect(decayFactor(path, now, 30)).toBeCloseTo(factor, 6));
  it("reads dates from file names only", () => expect(noteDate("memory/2026-13-99x.md")).toBeUndefined());
});

describe("MMR", () => {
  it("moves a near-duplicate below a distinct result", () => {
    const items = [
      { score: 0.9, text: "postgres billing database decision" },
      { score: 0.89, text: "postgres billing database decision again" },
      { score: 0.8, text: "alice likes espresso" },
    ];
    expect(applyMmr(items, (i) => i.text, 0.7).map((i) => i.text)).toEqual([
      "postgres billing database decision",
      "alice likes espresso",
      "postgres billing database decision again",
    ]);
    expect(applyMmr(items, (i) => i.text, 1).map((i) => i.score)).toEqual([0.9, 0.89, 0.8]);
  });
});

describe("query terms", () => {
  it("drops stopwords, splits CJK runs", () => {
    expect(queryTerms("What DB did we pick? 数据库选型")).toEqual({
      words: ["db", "pick"],
      cjkRuns: ["数据库选型"],
    });
    expect(queryTerms("the")).toEqual({ words: ["the"], cjkRuns: [] });
    expect(trigramsOf("数据库选型")).toEqual(["数据库", "据库选", "库选型"]);
  });
});
