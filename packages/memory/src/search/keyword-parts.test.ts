import { describe, expect, it } from "vitest";
import { mergeKeywordParts, normalisedPart } from "./keyword-parts.js";

describe("keyword parts", () => {
  it("normalises a part to its best hit; an all-zero part scores 1", () => {
    expect([
      ...normalisedPart([
        { id: 1, score: 4 },
        { id: 2, score: 2 },
      ]),
    ]).toEqual([
      [1, 1],
      [2, 0.5],
    ]);
    expect([...normalisedPart([{ id: 3, score: 0 }])]).toEqual([[3, 1]]);
  });

  it("sums parts per chunk, best first, ties by id, at most k", () => {
    const words = new Map([
      [1, 1],
      [2, 0.5],
      [3, 0.5],
    ]);
    const cjk = new Map([[2, 1]]);
    expect(mergeKeywordParts([words, cjk], 2)).toEqual([
      { id: 2, score: 1.5 },
      { id: 1, score: 1 },
    ]);
    expect(
      mergeKeywordParts(
        [
          new Map([
            [9, 1],
            [4, 1],
          ]),
        ],
        5,
      ).map((r) => r.id),
    ).toEqual([4, 9]);
  });
});
