import { describe, expect, it } from "vitest";
import {
  charsPerTokenEstimator,
  estimateContextTokens,
  estimateMessageChars,
  estimateMessagesTokens,
  resolveContextWindow,
  tiktokenEstimator,
} from "../src/index.js";
import { assistant, result, user } from "./build.js";

describe("estimateMessageChars", () => {
  it.each([
    ["user string", user("x".repeat(10)), 10],
    ["toolResult with one image and 100 chars", result("t", "x".repeat(100), { image: true }), 8100],
    ["toolResult details are excluded", result("t", "abc", { details: { huge: "y".repeat(10_000) } }), 3],
    [
      "assistant text + tool call name + args",
      assistant("hi", { calls: [{ id: "1", name: "read" }] }),
      2 + 4 + 2,
    ],
  ])("%s", (_, message, chars) => {
    expect(estimateMessageChars(message)).toBe(chars);
  });
});

describe("estimators", () => {
  it("chars/4 is additive and 0 for nothing", () => {
    const a = user("x".repeat(400));
    const b = user("y".repeat(40));
    expect(estimateMessagesTokens([], charsPerTokenEstimator)).toBe(0);
    expect(estimateMessagesTokens([a, b], charsPerTokenEstimator)).toBe(
      estimateMessagesTokens([a], charsPerTokenEstimator) +
        estimateMessagesTokens([b], charsPerTokenEstimator),
    );
    expect(charsPerTokenEstimator.message(a)).toBe(100);
  });

  it("tiktoken counts real tokens, images at 2000, details excluded, and caches per message", () => {
    expect(tiktokenEstimator.text("hello world")).toBe(2);
    const withImage = result("t", "hello world", { image: true, details: "z".repeat(50_000) });
    expect(tiktokenEstimator.message(withImage)).toBe(2002);
    const special = user("<|endoftext|> is just text here");
    expect(tiktokenEstimator.message(special)).toBeGreaterThan(0);
  });

  it("tiktoken stays fast on a huge unbroken run (sliced + sampled)", () => {
    const blob = "A".repeat(1_000_000);
    const t0 = performance.now();
    const tokens = tiktokenEstimator.text(blob);
    expect(tokens).toBeGreaterThan(1000);
    expect(performance.now() - t0).toBeLessThan(5000);
  });
});

describe("estimateContextTokens", () => {
  it.each([
    { name: "no messages", messages: [], tokens: 0, anchor: -1 },
    { name: "no usage: all estimated", messages: [user("x".repeat(40))], tokens: 10, anchor: -1 },
    {
      name: "anchored on last assistant usage plus what came after",
      messages: [user("x".repeat(4000)), assistant("ok", { usageTotal: 5000 }), user("y".repeat(400))],
      tokens: 5100,
      anchor: 1,
    },
  ])("$name", ({ messages, tokens, anchor }) => {
    const estimate = estimateContextTokens(messages, charsPerTokenEstimator);
    expect(estimate.tokens).toBe(tokens);
    expect(estimate.anchorIndex).toBe(anchor);
  });

  it("ignores usage of an errored assistant message", () => {
    const failed = { ...assistant("x", { usageTotal: 99_999 }), stopReason: "error" as const };
    expect(estimateContextTokens([failed], charsPerTokenEstimator).anchorIndex).toBe(-1);
  });
});

describe("resolveContextWindow", () => {
  it.each([
    [{}, 200_000, "default"],
    [
      { modelsConfigTokens: 100_000, model: { contextWindow: 200_000 }, agentContextTokens: 50_000 },
      100_000,
      "modelsConfig",
    ],
    [{ model: { contextWindow: 128_000 }, agentContextTokens: 50_000 }, 128_000, "model"],
    [{ agentContextTokens: 50_000 }, 50_000, "agentContextTokens"],
    [{ override: 8_000, context1m: true }, 8_000, "override"],
    [{ context1m: true, model: { contextWindow: 200_000 } }, 1_048_576, "context1m"],
    [{ model: { contextWindow: 0 } }, 200_000, "default"],
  ] as const)("%j → %d (%s)", (input, tokens, source) => {
    const resolved = resolveContextWindow(input);
    expect(resolved.tokens).toBe(tokens);
    expect(resolved.source).toBe(source);
  });

  it("caps and flags small windows", () => {
    expect(resolveContextWindow({ model: { contextWindow: 200_000 }, capTokens: 150_000 })).toMatchObject({
      tokens: 150_000,
      capped: true,
    });
    expect(resolveContextWindow({ override: 8_000 })).toMatchObject({ shouldWarn: true, shouldBlock: true });
    expect(resolveContextWindow({ override: 20_000 })).toMatchObject({
      shouldWarn: true,
      shouldBlock: false,
    });
  });
});
