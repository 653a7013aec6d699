import type { Message } from "@claw/providers";
import { describe, expect, it } from "vitest";
import {
  chunkMessagesByMaxTokens,
  findRecentCut,
  pruneHistoryForContextShare,
  repairToolUseResultPairing,
  splitMessagesByTokenShare,
} from "../src/index.js";
import { assistant, generateHistory, label, result, rng, sized, user } from "./build.js";

const uniform = (count: number, tokens: number) =>
  Array.from({ length: count }, (_, i) => user(`M${i + 1}`, tokens));

describe("splitMessagesByTokenShare", () => {
  it.each([
    {
      name: "the 8-message example",
      messages: () => uniform(8, 18_750),
      parts: 2,
      expected: [
        ["M1", "M2", "M3", "M4"],
        ["M5", "M6", "M7", "M8"],
      ],
    },
    { name: "empty", messages: () => [], parts: 2, expected: [] },
    { name: "single message", messages: () => uniform(1, 10), parts: 2, expected: [["M1"]] },
    {
      name: "parts clamped to message count",
      messages: () => uniform(2, 10),
      parts: 5,
      expected: [["M1"], ["M2"]],
    },
    {
      name: "parts < 1 means one chunk",
      messages: () => uniform(3, 10),
      parts: 0,
      expected: [["M1", "M2", "M3"]],
    },
    {
      name: "a call at the chunk boundary stays with its results",
      messages: () => [
        user("M1", 100),
        assistant("A", { tokens: 10, calls: [{ id: "1" }, { id: "2" }] }),
        result("1", "x", { tokens: 100 }),
        result("2", "x", { tokens: 100 }),
        user("M2", 10),
      ],
      parts: 2,
      expected: [["M1"], ["A", "R:1", "R:2", "M2"]],
    },
  ])("$name", ({ messages, parts, expected }) => {
    const chunks = splitMessagesByTokenShare(messages(), parts, sized);
    expect(chunks.map((c) => c.map(label))).toEqual(expected);
  });

  it("chunks concatenate back to the input and have about equal tokens", () => {
    const messages = generateHistory(500, 7);
    const chunks = splitMessagesByTokenShare(messages, 2, sized);
    expect(chunks.flat()).toEqual(messages);
    const [a, b] = chunks.map((c) => c.reduce((s, m) => s + sized.message(m), 0));
    expect(Math.abs((a ?? 0) - (b ?? 0)) / ((a ?? 0) + (b ?? 0))).toBeLessThan(0.05);
  });
});

describe("chunkMessagesByMaxTokens", () => {
  it("puts an oversized message alone and keeps other chunks under the limit", () => {
    const messages = [
      user("a", 40),
      user("b", 40),
      user("big", 500),
      user("c", 40),
      user("d", 40),
      user("e", 40),
    ];
    const chunks = chunkMessagesByMaxTokens(messages, 100, sized);
    expect(chunks.map((c) => c.map(label))).toEqual([["a", "b"], ["big"], ["c", "d"], ["e"]]);
  });
});

describe("pruneHistoryForContextShare", () => {
  it.each([
    {
      name: "8 × 18750 in 200k: one round drops M1–M4",
      messages: () => uniform(8, 18_750),
      expected: {
        kept: ["M5", "M6", "M7", "M8"],
        droppedChunks: 1,
        droppedMessages: 4,
        droppedTokens: 75_000,
        keptTokens: 75_000,
      },
    },
    {
      name: "8 × 40000 in 200k: two rounds keep M7–M8",
      messages: () => uniform(8, 40_000),
      expected: {
        kept: ["M7", "M8"],
        droppedChunks: 2,
        droppedMessages: 6,
        droppedTokens: 240_000,
        keptTokens: 80_000,
      },
    },
    {
      name: "90000 tokens in 200k: unchanged",
      messages: () => uniform(9, 10_000),
      expected: {
        kept: ["M1", "M2", "M3", "M4", "M5", "M6", "M7", "M8", "M9"],
        droppedChunks: 0,
        droppedMessages: 0,
        droppedTokens: 0,
        keptTokens: 90_000,
      },
    },
    {
      name: "empty history",
      messages: () => [],
      expected: { kept: [], droppedChunks: 0, droppedMessages: 0, droppedTokens: 0, keptTokens: 0 },
    },
    {
      name: "a single message larger than the whole window is kept and flagged",
      messages: () => uniform(1, 500_000),
      expected: { kept: ["M1"], droppedChunks: 0, droppedMessages: 0, droppedTokens: 0, keptTokens: 500_000 },
    },
    {
      name: "a last message larger than the window: everything before it goes",
      messages: () => [...uniform(4, 1_000), user("huge", 300_000)],
      expected: {
        kept: ["huge"],
        droppedChunks: 1,
        droppedMessages: 4,
        droppedTokens: 4_000,
        keptTokens: 300_000,
      },
    },
  ])("$name", ({ messages, expected }) => {
    const r = pruneHistoryForContextShare({
      messages: messages(),
      maxContextTokens: 200_000,
      estimator: sized,
    });
    expect(r.budgetTokens).toBe(100_000);
    expect({
      kept: r.messages.map(label),
      droppedChunks: r.droppedChunks,
      droppedMessages: r.droppedMessages,
      droppedTokens: r.droppedTokens,
      keptTokens: r.keptTokens,
    }).toEqual(expected);
    expect(r.overBudget).toBe(expected.keptTokens > 100_000);
    expect(r.droppedMessagesList).toHaveLength(expected.droppedMessages);
  });

  it("an orphan result at the start of the kept part is removed and counted as dropped", () => {
    const messages: Message[] = [
      user("M1", 50_000),
      result("T1", "orphan", { tokens: 1_000 }),
      user("M2", 40_000),
      user("M3", 40_000),
    ];
    const r = pruneHistoryForContextShare({ messages, maxContextTokens: 200_000, estimator: sized });
    expect(r.messages.map(label)).toEqual(["M2", "M3"]);
    expect(r.droppedMessagesList.map(label)).toEqual(["M1", "R:T1"]);
    expect(r.droppedTokens).toBe(51_000);
    expect(r.repair.droppedOrphanResults).toBe(1);
  });

  it("never separates a call from its result, even when the call sits at the cut", () => {
    const messages: Message[] = [
      user("M1", 30_000),
      user("M2", 30_000),
      assistant("A", { tokens: 30_000, calls: [{ id: "T1" }] }),
      result("T1", "r", { tokens: 30_000 }),
      user("M3", 30_000),
    ];
    const r = pruneHistoryForContextShare({ messages, maxContextTokens: 200_000, estimator: sized });
    expect(r.messages.map(label)).toEqual(["A", "R:T1", "M3"]);
    expect(repairToolUseResultPairing(r.messages).messages).toBe(r.messages);
  });

  it("respects preserveFromIndex", () => {
    const r = pruneHistoryForContextShare({
      messages: uniform(8, 40_000),
      maxContextTokens: 200_000,
      estimator: sized,
      preserveFromIndex: 4,
    });
    expect(r.messages.map(label)).toEqual(["M5", "M6", "M7", "M8"]);
    expect(r.overBudget).toBe(true);
  });

  // The spec's loop, re-splitting the whole kept history every round: the oracle for the O(n) version.
  function naivePrune(messages: Message[], budget: number, parts: number) {
    let kept = messages;
    let rounds = 0;
    const total = (ms: Message[]) => ms.reduce((s, m) => s + sized.message(m), 0);
    while (total(kept) > budget) {
      const chunks = splitMessagesByTokenShare(kept, parts, sized);
      if (chunks.length <= 1) break;
      kept = chunks.slice(1).flat();
      rounds++;
    }
    return { kept, rounds };
  }

  it.each([1, 2, 3, 4, 5, 6, 7, 8])("matches the naive loop on generated history (seed %i)", (seed) => {
    const next = rng(seed);
    const messages = generateHistory(50 + Math.floor(next() * 400), seed);
    const window = 5_000 + Math.floor(next() * 200_000);
    const parts = 2 + Math.floor(next() * 3);
    const fast = pruneHistoryForContextShare({ messages, maxContextTokens: window, parts, estimator: sized });
    const slow = naivePrune(repairToolUseResultPairing(messages).messages, Math.floor(window * 0.5), parts);
    expect(fast.messages).toEqual(slow.kept);
    expect(fast.droppedChunks).toBe(slow.rounds);
  });
});

describe("findRecentCut", () => {
  it.each([
    { name: "keeps the newest within the budget", tokens: [10, 10, 10, 10], keep: 25, cut: 2 },
    { name: "everything fits", tokens: [10, 10], keep: 100, cut: 0 },
    { name: "the last message alone is too large: still kept", tokens: [10, 500], keep: 100, cut: 1 },
    { name: "empty", tokens: [], keep: 100, cut: 0 },
  ])("$name", ({ tokens, keep, cut }) => {
    const messages = tokens.map((t, i) => user(`M${i}`, t));
    expect(findRecentCut(messages, keep, sized).cutIndex).toBe(cut);
  });
});
