import { describe, expect, it } from "vitest";
import { createAssistantMessage } from "../stream/message-builder.js";
import { calculateUsage } from "../stream/usage.js";
import { isContextOverflow } from "./overflow.js";

const model = { contextWindow: 1000, cost: { input: 0, output: 0, cacheRead: 0, cacheWrite: 0 } };
const base = createAssistantMessage({ api: "ollama-chat", provider: "ollama", id: "m" });

describe("isContextOverflow", () => {
  it("trusts a classified error", () => {
    expect(
      isContextOverflow({
        ...base,
        stopReason: "error",
        error: { message: "too long", reason: "context_overflow" },
      }),
    ).toBe(true);
  });
  it("catches silent truncation from usage against the window", () => {
    expect(
      isContextOverflow(
        { ...base, usage: calculateUsage(model, { input: 900, output: 5, cacheRead: 100 }) },
        model,
      ),
    ).toBe(true);
    expect(
      isContextOverflow({ ...base, usage: calculateUsage(model, { input: 500, output: 5 }) }, model),
    ).toBe(false);
  });
  it("does not guess from other failures", () => {
    expect(
      isContextOverflow(
        { ...base, stopReason: "error", error: { message: "x", reason: "rate_limit" } },
        model,
      ),
    ).toBe(false);
  });
});
