import { describe, expect, it } from "vitest";
import { sessionInfo } from "./session-info.js";

const row = {
  key: "agent:main:main",
  model: "anthropic/claude-opus-4-6",
  inputTokens: 1_000,
  outputTokens: 500,
};

describe("sessionInfo cost", () => {
  it("shows the gateway's cost, priced with the model that answered, not the configured model's price", () => {
    // A cheap fallback answered: the gateway priced it at $0.002; Opus would have cost $0.0175.
    const info = sessionInfo({ ...row, estimatedCostUsd: 0.002 }, { models: [] });
    expect(info.costUsd).toBe(0.002);
  });

  it("estimates with the configured model's catalog price when the gateway reports no cost", () => {
    const info = sessionInfo(row, { models: [] });
    expect(info.costUsd).toBeCloseTo((1_000 * 5 + 500 * 25) / 1_000_000, 12);
  });
});
