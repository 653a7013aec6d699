import type { AssistantMessage } from "@claw/providers";
import { describe, expect, it } from "vitest";
import { ContextOverflowError, isContextOverflow, runWithOverflowRecovery } from "../src/index.js";
import { assistant } from "./build.js";

const overflowMessage = (): AssistantMessage => ({
  ...assistant(""),
  stopReason: "error",
  error: {
    message: "prompt is too long: 210000 tokens > 200000 maximum",
    reason: "context_overflow",
    status: 400,
  },
});

describe("isContextOverflow", () => {
  it.each([
    [overflowMessage(), true],
    [assistant("fine"), false],
    [new Error("This model's maximum context length is 128000 tokens"), true],
    [{ message: "whatever", reason: "context_overflow" }, true],
    [new Error("rate limited"), false],
    [undefined, false],
    // The same answer as providers, failover and agent-core (one detector): a 400 "too many
    // tokens in request" is an overflow, and a failed message's classified reason is the truth.
    [Object.assign(new Error("too many tokens in request"), { status: 400 }), true],
    [new Error("ValidationException: Input is too long for requested model."), true],
    [{ ...overflowMessage(), error: { message: "too many tokens", reason: "format" as const } }, false],
  ])("%#", (value, expected) => {
    expect(isContextOverflow(value)).toBe(expected);
  });
});

describe("runWithOverflowRecovery", () => {
  it("overflow once → one compaction, then the retried result", async () => {
    let attempts = 0;
    const out = await runWithOverflowRecovery({
      attempt: async () => (++attempts === 1 ? overflowMessage() : assistant("done")),
      compact: async () => ({ compacted: true }),
    });
    expect(out.compactions).toHaveLength(1);
    expect(out.attempts).toBe(2);
  });

  it("always overflowing: exhausts at 3 compactions with a clear error", async () => {
    let compactions = 0;
    const run = runWithOverflowRecovery({
      attempt: async () => {
        throw new Error("prompt is too long");
      },
      compact: async () => {
        compactions++;
        return { compacted: true };
      },
    });
    await expect(run).rejects.toBeInstanceOf(ContextOverflowError);
    await expect(run).rejects.toThrow(/after 3 compaction attempt\(s\).*\/new/);
    expect(compactions).toBe(3);
  });

  it("stops early when compaction cannot shrink anything", async () => {
    let compactions = 0;
    await expect(
      runWithOverflowRecovery({
        attempt: async () => overflowMessage(),
        compact: async () => {
          compactions++;
          return { compacted: false };
        },
      }),
    ).rejects.toThrow(/could not shrink/);
    expect(compactions).toBe(1);
  });

  it("maxRetries 0 says recovery is disabled instead of failing silently", async () => {
    await expect(
      runWithOverflowRecovery({
        attempt: async () => overflowMessage(),
        compact: async () => ({ compacted: true }),
        maxRetries: 0,
      }),
    ).rejects.toThrow(/disabled/);
  });

  it("other errors pass through untouched", async () => {
    await expect(
      runWithOverflowRecovery({
        attempt: async () => {
          throw new Error("boom");
        },
        compact: async () => ({ compacted: true }),
      }),
    ).rejects.toThrow("boom");
  });
});
