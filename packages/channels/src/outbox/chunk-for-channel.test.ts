import { describe, expect, it } from "vitest";
import { chunkForChannel } from "./chunk-for-channel.js";

const isLoneSurrogate = (s: string) => /^[\uDC00-\uDFFF]|[\uD800-\uDBFF]$/.test(s);

describe("chunkForChannel", () => {
  it("keeps short text whole", () => expect(chunkForChannel("hello", 4096)).toEqual(["hello"]));

  it("cuts long prose at paragraph breaks, every chunk within the limit", () => {
    const paragraph = `${"word ".repeat(150).trim()}.`;
    const text = Array.from({ length: 12 }, () => paragraph).join("\n\n");
    const chunks = chunkForChannel(text, 4096);
    expect(chunks.length).toBeGreaterThan(1);
    for (const c of chunks) {
      expect(c.length).toBeLessThanOrEqual(4096);
      expect(c.endsWith(".")).toBe(true);
    }
    expect(chunks.join("\n\n")).toBe(text);
  });

  it("never splits a surrogate pair", () => {
    const text = "😀".repeat(3000);
    const chunks = chunkForChannel(text, 4096);
    for (const c of chunks) {
      expect(c.length).toBeLessThanOrEqual(4096);
      expect(isLoneSurrogate(c)).toBe(false);
    }
    expect(chunks.join("")).toBe(text);
  });

  it("closes and reopens a code fence it has to split", () => {
    const code = Array.from({ length: 400 }, (_, i) => `const v${i} = ${i};`).join("\n");
    const chunks = chunkForChannel(`Here:\n\n\`\`\`ts\n${code}\n\`\`\`\n\nDone.`, 4096);
    expect(chunks.length).toBeGreaterThan(1);
    for (const c of chunks) {
      expect(c.length).toBeLessThanOrEqual(4096);
      expect((c.match(/```/g) ?? []).length % 2).toBe(0);
    }
  });
});
