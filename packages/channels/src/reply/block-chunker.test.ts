import { describe, expect, it } from "vitest";
import { chunkReplyText } from "./block-chunker.js";

describe("chunkReplyText", () => {
  it("returns short text as one block", () => {
    expect(chunkReplyText("short", { minChars: 10, maxChars: 50 })).toEqual(["short"]);
  });

  it("prefers paragraph breaks within [min, max]", () => {
    const text = `${"a".repeat(30)}\n\n${"b".repeat(30)}\n\n${"c".repeat(30)}`;
    const blocks = chunkReplyText(text, { minChars: 20, maxChars: 70 });
    expect(blocks).toEqual([`${"a".repeat(30)}\n\n${"b".repeat(30)}`, "c".repeat(30)]);
  });

  it("never exceeds maxChars except to close a fence", () => {
    const text = Array.from({ length: 50 }, (_, i) => `Sentence number ${i} is here.`).join(" ");
    for (const block of chunkReplyText(text, { minChars: 50, maxChars: 120 })) {
      expect(block.length).toBeLessThanOrEqual(120);
    }
  });

  it("closes and reopens a code fence that must be split", () => {
    const code = Array.from({ length: 40 }, (_, i) => `line ${i}`).join("\n");
    const blocks = chunkReplyText(`Intro\n\`\`\`ts\n${code}\n\`\`\`\nOutro`, { minChars: 40, maxChars: 100 });
    expect(blocks.length).toBeGreaterThan(1);
    for (const block of blocks) {
      const fences = block.split("\n").filter((l) => l.startsWith("```")).length;
      expect(fences % 2).toBe(0);
    }
    expect(blocks.join("\n")).toContain("line 39");
  });
});
