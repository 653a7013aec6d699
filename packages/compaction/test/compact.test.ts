import type { Message } from "@claw/providers";
import { describe, expect, it } from "vitest";
import {
  checkCompactionThreshold,
  compactHistory,
  createCompactionSummaryMessage,
  readCompactionSummary,
  type Summarizer,
} from "../src/index.js";
import { assistant, label, result, sized, user } from "./build.js";

const echo: Summarizer = async (messages) => `summary of ${messages.length}`;

describe("checkCompactionThreshold", () => {
  it.each([
    { tokens: 160_000, window: 200_000, reserve: undefined, compact: false },
    { tokens: 160_001, window: 200_000, reserve: undefined, compact: true },
    { tokens: 150_000, window: 200_000, reserve: 60_000, compact: true },
  ])("$tokens / $window (reserve $reserve) → $compact", ({ tokens, window, reserve, compact }) => {
    expect(
      checkCompactionThreshold({ tokens, contextWindow: window, reserveTokens: reserve }).shouldCompact,
    ).toBe(compact);
  });
});

describe("compactHistory", () => {
  it("safeguard: drops to the history share, summarises, and reports", async () => {
    const history = Array.from({ length: 8 }, (_, i) => user(`M${i + 1}`, 18_750));
    const {
      messages,
      result: r,
      summary,
    } = await compactHistory(history, {
      contextWindow: 200_000,
      mode: "safeguard",
      summarize: echo,
      estimator: sized,
      recentTurnsPreserve: 1,
      now: 5,
    });
    // 75000 dropped tokens exceed one summary call's chunk (200k × 0.4 / 1.2 − 4096): 2 parts + merge.
    expect(summary).toBe("summary of 2");
    expect(messages.slice(1).map(label)).toEqual(["M5", "M6", "M7", "M8"]);
    expect(readCompactionSummary(messages[0])).toBe("summary of 2");
    expect(r).toMatchObject({
      compacted: true,
      droppedMessages: 4,
      droppedTokens: 75_000,
      keptTokens: 75_000,
      budgetTokens: 100_000,
      tokensBefore: 150_000,
      summaryCalls: 3,
      fits: true,
    });
    expect(r.tokensAfter).toBe(75_000 + r.summaryTokens);
  });

  it("default mode keeps the recent tokens and updates a previous summary", async () => {
    const seen: string[] = [];
    const summarize: Summarizer = async (_, instructions) => {
      seen.push(instructions);
      return "new summary";
    };
    const history: Message[] = [
      createCompactionSummaryMessage("OLD", 1),
      user("a", 10_000),
      assistant("b", { tokens: 10_000, calls: [{ id: "t" }] }),
      result("t", "r", { tokens: 10_000 }),
      user("c", 10_000),
    ];
    const { messages, result: r } = await compactHistory(history, {
      contextWindow: 200_000,
      keepRecentTokens: 30_000,
      summarize,
      estimator: sized,
    });
    expect(messages.slice(1).map(label)).toEqual(["b", "R:t", "c"]);
    expect(r.updatedPreviousSummary).toBe(true);
    expect(seen[0]).toContain("OLD");
  });

  it.each([
    { name: "empty history", history: [] as Message[], reason: "no history to compact" },
    {
      name: "single message",
      history: [user("hi", 10)],
      reason:
        "nothing older than the kept tail: all 1 message(s) (10 tokens) fit the kept tail of 20000 tokens",
    },
  ])("$name: nothing to do, history returned as is", async ({ history, reason }) => {
    const { messages, result: r } = await compactHistory(history, {
      contextWindow: 200_000,
      summarize: echo,
      estimator: sized,
    });
    expect(messages).toBe(history);
    expect(r.compacted).toBe(false);
    expect(r.reason).toContain(reason);
  });

  it("a message larger than the whole window: older ones summarised, result says it does not fit", async () => {
    const history = [user("old", 1_000), user("giant", 300_000)];
    const { messages, result: r } = await compactHistory(history, {
      contextWindow: 200_000,
      mode: "safeguard",
      recentTurnsPreserve: 0,
      summarize: echo,
      estimator: sized,
    });
    expect(messages.map(label).slice(1)).toEqual(["giant"]);
    expect(r.fits).toBe(false);
  });

  it("quality guard: a faux summariser that drops one identifier gets one retry and the loss is reported", async () => {
    const history = [
      user("use https://api.example.com/v2 and key id 3f2b8c1e-9a4d-4e2b-8f1a-0c9d8e7f6a5b", 20_000),
      user("ok", 20_000),
      user("latest", 10),
    ];
    let calls = 0;
    const summarize: Summarizer = async () => {
      calls++;
      return "Talked about https://api.example.com/v2";
    };
    const { result: r } = await compactHistory(history, {
      contextWindow: 200_000,
      keepRecentTokens: 100,
      summarize,
      estimator: sized,
    });
    expect(calls).toBe(2);
    expect(r.quality).toMatchObject({ retried: true, missing: ["3f2b8c1e-9a4d-4e2b-8f1a-0c9d8e7f6a5b"] });
  });

  it("large dropped sets are summarised in stages", async () => {
    const history = Array.from({ length: 10 }, (_, i) => user(`M${i}`, 15_000));
    let calls = 0;
    const summarize: Summarizer = async () => {
      calls++;
      return "s";
    };
    const { result: r } = await compactHistory(history, {
      contextWindow: 200_000,
      keepRecentTokens: 15_000,
      summarize,
      estimator: sized,
      identifierPolicy: "off",
    });
    expect(r.droppedMessages).toBe(9);
    expect(calls).toBeGreaterThan(2);
    expect(r.summaryCalls).toBe(calls);
  });
});
