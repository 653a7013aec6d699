import { describe, expect, it } from "vitest";
import { chunkMarkdown } from "./markdown.js";
import { estimateTokens } from "./tokens.js";

const para = (n: number, word = "lorem") =>
  Array.from({ length: n }, (_, i) => `${word} ${i} `.repeat(4).trim());

describe("chunkMarkdown", () => {
  const cases: Array<{
    name: string;
    text: string;
    opts?: { tokens: number; overlap: number };
    expect: (c: ReturnType<typeof chunkMarkdown>) => void;
  }> = [
    {
      name: "empty text gives no chunks",
      text: "",
      expect: (c) => expect(c).toEqual([]),
    },
    {
      name: "small file is one chunk with 1-based inclusive lines",
      text: "# Title\n\nSome text\n",
      expect: (c) => expect(c.map((x) => [x.startLine, x.endLine])).toEqual([[1, 3]]),
    },
    {
      name: "a heading is never the last line of a chunk",
      text: [...para(6), "## Section", "", ...para(6, "ipsum")].join("\n"),
      opts: { tokens: 40, overlap: 8 },
      expect: (c) => {
        for (const chunk of c) expect(chunk.text.trimEnd().split("\n").pop()).not.toMatch(/^#/);
        expect(c.some((x) => x.text.includes("## Section\n\nipsum 0"))).toBe(true);
      },
    },
    {
      name: "no overlap is carried across a heading",
      text: [...para(4), "## Next", ...para(4, "ipsum")].join("\n"),
      opts: { tokens: 30, overlap: 10 },
      expect: (c) => {
        const next = c.find((x) => x.text.startsWith("## Next"));
        expect(next).toBeDefined();
      },
    },
    {
      name: "a code fence that fits stays whole",
      text: ["intro", "```ts", "const a = 1;", "const b = 2;", "```", ...para(8)].join("\n"),
      opts: { tokens: 30, overlap: 5 },
      expect: (c) => {
        const fence = c.find((x) => x.text.includes("```ts"));
        expect(fence?.text).toContain("const b = 2;\n```");
      },
    },
    {
      name: "consecutive chunks in a section overlap by trailing lines",
      text: para(30).join("\n"),
      opts: { tokens: 50, overlap: 12 },
      expect: (c) => {
        expect(c.length).toBeGreaterThan(2);
        for (let i = 1; i < c.length; i++)
          expect(c[i]?.startLine).toBeLessThanOrEqual(c[i - 1]?.endLine ?? 0);
      },
    },
    {
      name: "chunks stay within the token budget",
      text: para(200).join("\n"),
      expect: (c) => {
        for (const chunk of c) expect(estimateTokens(chunk.text)).toBeLessThanOrEqual(400);
      },
    },
    {
      name: "a huge single line is split into pieces with the same line number",
      text: `first\n${"x".repeat(5000)}\nlast`,
      opts: { tokens: 100, overlap: 10 },
      expect: (c) => {
        const pieces = c.filter((x) => x.startLine === 2 && x.endLine === 2);
        expect(pieces.length).toBeGreaterThanOrEqual(12);
        expect(
          c
            .map((x) => x.text)
            .join("")
            .replace(/first|last|\n/g, "").length,
        ).toBeGreaterThanOrEqual(5000);
      },
    },
    {
      name: "a huge emoji line is split between characters, never inside a surrogate pair",
      text: "😀".repeat(1000),
      opts: { tokens: 100, overlap: 10 },
      expect: (c) => {
        expect(c.length).toBeGreaterThan(1);
        for (const chunk of c) expect(chunk.text).toMatch(/^(?:\u{1F600})+$/u);
        expect(c.map((x) => x.text).join("")).toBe("😀".repeat(1000));
      },
    },
    {
      name: "CJK text counts one token per character",
      text: `# 记录\n${"我们决定使用向量数据库。".repeat(60)}\n${"长期记忆很重要。".repeat(60)}`,
      opts: { tokens: 400, overlap: 80 },
      expect: (c) => {
        expect(c.length).toBeGreaterThanOrEqual(2);
        for (const chunk of c) expect(estimateTokens(chunk.text)).toBeLessThanOrEqual(400);
      },
    },
    {
      name: "CRLF line endings are normalised",
      text: "# A\r\ntext\r\n",
      expect: (c) => expect(c[0]?.text).toBe("# A\ntext"),
    },
  ];
  for (const tc of cases) it(tc.name, () => tc.expect(chunkMarkdown(tc.text, tc.opts)));

  it("hashes depend on text only", () => {
    const [a] = chunkMarkdown("same text");
    const [b] = chunkMarkdown("same text");
    const [c] = chunkMarkdown("other text");
    expect(a?.hash).toBe(b?.hash);
    expect(a?.hash).not.toBe(c?.hash);
  });
});
