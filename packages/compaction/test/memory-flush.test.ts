import { describe, expect, it } from "vitest";
import {
  createMemoryFlushMessage,
  DEFAULT_MEMORY_FLUSH_PROMPT,
  decideMemoryFlush,
  parseByteSize,
  shouldRunMemoryFlush,
} from "../src/index.js";

const base = { contextWindowTokens: 200_000, reserveTokensFloor: 20_000 };

describe("shouldRunMemoryFlush", () => {
  it.each([
    { name: "below window − floor − soft", input: { ...base, totalTokens: 175_999 }, run: false },
    { name: "at the threshold", input: { ...base, totalTokens: 176_000 }, run: true },
    {
      name: "80% compaction point minus 10k soft: fires at 150000",
      input: {
        ...base,
        totalTokens: 150_000,
        compactionThresholdTokens: 160_000,
        softThresholdTokens: 10_000,
      },
      run: true,
    },
    {
      name: "…and not at 149999",
      input: {
        ...base,
        totalTokens: 149_999,
        compactionThresholdTokens: 160_000,
        softThresholdTokens: 10_000,
      },
      run: false,
    },
    {
      name: "transcript above 2mb forces a flush",
      input: { ...base, totalTokens: 10, transcriptBytes: 2_097_153, forceFlushTranscriptBytes: "2mb" },
      run: true,
    },
    {
      name: "transcript exactly 2mb does not",
      input: { ...base, totalTokens: 10, transcriptBytes: 2_097_152, forceFlushTranscriptBytes: "2mb" },
      run: false,
    },
    {
      name: "once per compaction cycle",
      input: { ...base, totalTokens: 190_000, compactionCount: 2, lastFlushCompactionCount: 2 },
      run: false,
    },
    {
      name: "after the next compaction it may flush again",
      input: { ...base, totalTokens: 190_000, compactionCount: 3, lastFlushCompactionCount: 2 },
      run: true,
    },
    { name: "disabled", input: { ...base, totalTokens: 190_000, enabled: false }, run: false },
  ])("$name", ({ input, run }) => {
    expect(shouldRunMemoryFlush(input)).toBe(run);
  });

  it("says why", () => {
    expect(
      decideMemoryFlush({
        ...base,
        totalTokens: 10,
        transcriptBytes: 3e6,
        forceFlushTranscriptBytes: 2_097_152,
      }),
    ).toMatchObject({
      run: true,
      reason: "transcript-size",
    });
  });

  it("flush message is a user message with the prompt", () => {
    expect(createMemoryFlushMessage(undefined, 1)).toEqual({
      role: "user",
      content: DEFAULT_MEMORY_FLUSH_PROMPT,
      timestamp: 1,
    });
  });

  it.each([
    ["2mb", 2_097_152],
    ["512kb", 524_288],
    ["1.5 GB", 1_610_612_736],
    [100, 100],
  ] as const)("parseByteSize(%j) → %d", (input, bytes) => {
    expect(parseByteSize(input)).toBe(bytes);
  });

  it("rejects a malformed size with the value in the message", () => {
    expect(() => parseByteSize("two megs")).toThrow(/"two megs"/);
  });
});
