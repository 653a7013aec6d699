/**
 * Pruning cost versus history length: `pruneHistoryForContextShare` on 10k and 100k-message
 * histories (user turns, assistants with parallel tool calls, large tool results), against a
 * plain O(n) pass over the same array. Growth from 10k to 100k must stay linear (ratio ≤ 12).
 */
import { report, suite } from "@claw/bench-harness";
import type { Message } from "@claw/providers";
import { charsPerTokenEstimator, createTokenEstimator, pruneHistoryForContextShare } from "../src/index.js";

const BASE = "lorem ipsum dolor sit amet, consectetur adipiscing elit; ".repeat(400);

function rng(seed: number): () => number {
  let a = seed >>> 0;
  return () => {
    a = (a + 0x6d2b79f5) >>> 0;
    let t = Math.imul(a ^ (a >>> 15), a | 1);
    t ^= t + Math.imul(t ^ (t >>> 7), t | 61);
    return ((t ^ (t >>> 14)) >>> 0) / 4294967296;
  };
}

const usage = {
  input: 0,
  output: 0,
  cacheRead: 0,
  cacheWrite: 0,
  totalTokens: 0,
  cost: { input: 0, output: 0, cacheRead: 0, cacheWrite: 0, total: 0 },
};

/** Mixed history; texts are slices of one string, so 100k messages stay small in memory. */
function history(count: number): Message[] {
  const next = rng(count);
  const out: Message[] = [];
  let id = 0;
  while (out.length < count) {
    out.push({ role: "user", content: BASE.slice(0, 20 + Math.floor(next() * 800)), timestamp: 0 });
    const calls = Math.floor(next() * 4);
    const ids = Array.from({ length: calls }, () => `call_${id++}`);
    out.push({
      role: "assistant",
      content: [
        { type: "text", text: BASE.slice(0, 50 + Math.floor(next() * 1200)) },
        ...ids.map((callId) => ({
          type: "toolCall" as const,
          id: callId,
          name: "read",
          arguments: { path: "a.ts" },
        })),
      ],
      api: "faux",
      provider: "faux",
      model: "faux-1",
      usage,
      stopReason: calls ? "toolUse" : "stop",
      timestamp: 0,
    });
    for (const callId of ids)
      out.push({
        role: "toolResult",
        toolCallId: callId,
        toolName: "read",
        content: [{ type: "text", text: BASE.slice(0, 400 + Math.floor(next() * 16_000)) }],
        isError: false,
        timestamp: 0,
      });
  }
  return repairEnd(out.slice(0, count));
}

/** Drop a trailing assistant whose results were cut off by the slice, so no repair is needed. */
function repairEnd(messages: Message[]): Message[] {
  while (messages.at(-1)?.role !== "user") messages.pop();
  return messages;
}

const sizes = [10_000, 100_000] as const;
const medians: Record<number, number> = {};
const baselines: Record<number, number> = {};
for (const size of sizes) {
  const messages = history(size);
  let total = 0;
  for (const m of messages) total += charsPerTokenEstimator.message(m);
  // A window that makes the history about three times its share: a few pruning rounds.
  const maxContextTokens = Math.floor((total / 3) * 2);
  const baseline = {
    // Touches every message object once, like any O(n) pass over the history must.
    name: "O(n) pass: sum message timestamps + content lengths",
    fn: () => {
      let s = 0;
      for (let i = 0; i < messages.length; i++) {
        const m = messages[i] as Message;
        s += m.timestamp + m.content.length;
      }
      return s;
    },
  };
  const rows = await suite(`compaction prune ${size / 1000}k msgs`, {
    baseline,
    cases: [
      {
        name: "pruneHistoryForContextShare (cached estimates)",
        fn: () =>
          pruneHistoryForContextShare({ messages, maxContextTokens, estimator: charsPerTokenEstimator }),
        target: size === 10_000 ? { maxMedianMs: 10 } : undefined,
      },
    ],
    minSamples: 20,
    minTimeMs: 500,
  });
  // The cold case builds a fresh 100k-entry cache per call; in its own suite its garbage does not
  // slow the cached measurement it would otherwise be interleaved with.
  await suite(`compaction prune ${size / 1000}k msgs, cold estimator`, {
    baseline,
    cases: [
      {
        name: "pruneHistoryForContextShare (cold chars/4)",
        fn: () =>
          pruneHistoryForContextShare({
            messages,
            maxContextTokens,
            estimator: createTokenEstimator({
              name: "cold",
              countText: (t) => Math.ceil(t.length / 4),
              imageTokens: 2000,
            }),
          }),
      },
    ],
    minSamples: 20,
    minTimeMs: 500,
  });
  medians[size] = rows[1]?.medianMs ?? Number.NaN;
  baselines[size] = rows[0]?.medianMs ?? Number.NaN;
}
const growth = (figures: Record<number, number>) => (figures[100_000] ?? 0) / (figures[10_000] ?? 1);
report("compaction prune growth", "baseline 100k / 10k", growth(baselines), "x");
report("compaction prune growth", "prune 100k / 10k (cached estimates)", growth(medians), "x", {
  target: { max: 12 },
});
// A plain pass over the same objects also grows superlinearly once 100k messages no longer fit in
// cache; prune growth relative to that pass isolates the algorithm from the memory hierarchy.
report(
  "compaction prune growth",
  "prune growth / baseline growth",
  growth(medians) / growth(baselines),
  "x",
  {
    target: { max: 1.5 },
  },
);
