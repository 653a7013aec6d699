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

  it("newline mode: a message per paragraph, a fence with blank lines stays whole, long ones still fit", () => {
    const fence = "```\nline one\n\nline two\n```";
    const long = "word ".repeat(30).trim();
    const text = `First paragraph.\n\n\nSecond one\nwith two lines.\n\n${fence}\n\n${long}`;
    expect(chunkForChannel(text, 4096, { mode: "newline" })).toEqual([
      "First paragraph.",
      "Second one\nwith two lines.",
      fence,
      long,
    ]);
    const tight = chunkForChannel(text, 60, { mode: "newline" });
    expect(tight.length).toBeGreaterThan(4);
    for (const c of tight) expect(c.length).toBeLessThanOrEqual(60);
    expect(chunkForChannel(text, 4096, { mode: "length" })).toEqual([text]);
  });
});

describe("chunkForChannel with a line cap", () => {
  it("cuts tall chunks every maxLines lines", () => {
    const text = Array.from({ length: 40 }, (_, i) => `line ${i}`).join("\n");
    const chunks = chunkForChannel(text, 2000, { maxLines: 17 });
    expect(chunks.map((c) => c.split("\n").length)).toEqual([17, 17, 6]);
    expect(chunks.join("\n")).toBe(text);
  });

  it("closes and reopens a code block cut by the cap", () => {
    const code = ["```ts", ...Array.from({ length: 20 }, (_, i) => `const v${i} = ${i};`), "```"].join("\n");
    const chunks = chunkForChannel(code, 2000, { maxLines: 10 });
    expect(chunks.length).toBe(3);
    for (const chunk of chunks) {
      expect(chunk.startsWith("```")).toBe(true);
      expect(chunk.endsWith("```")).toBe(true);
    }
    expect(chunks[1]?.startsWith("```ts\n")).toBe(true);
  });

  it("leaves short chunks and text without a cap alone", () => {
    expect(chunkForChannel("a\nb", 2000, { maxLines: 17 })).toEqual(["a\nb"]);
    expect(chunkForChannel("a\nb\nc", 2000)).toEqual(["a\nb\nc"]);
  });
});
