import { Markdown } from "@mariozechner/pi-tui";
import { describe, expect, it } from "vitest";
import { createTheme } from "../theme/theme.js";
import { StreamingMarkdown } from "./streaming-markdown.js";

const theme = createTheme({ color: true }).markdown;

const DOC = [
  "# Title",
  "",
  "First paragraph with **bold** and `code`.",
  "",
  "```ts",
  "const a = 1;",
  "",
  "const b = 2;",
  "```",
  "",
  "- one",
  "- two",
  "",
  "- three",
  "",
  "| a | b |",
  "|---|---|",
  "| 1 | 2 |",
  "",
  "Last paragraph.",
  "",
].join("\n");

/** What a whole-text Markdown renders, without the padding StreamingMarkdown drops. */
function whole(text: string, width: number): string[] {
  return new Markdown(text, 1, 0, theme).render(width).map((l) => l.replace(/ +$/, ""));
}

function streamed(text: string, step: number): StreamingMarkdown {
  const md = new StreamingMarkdown(theme);
  for (let i = step; i < text.length + step; i += step) {
    md.setText(text.slice(0, i));
    md.render(60);
  }
  return md;
}

describe("StreamingMarkdown", () => {
  it.each([1, 3, 17])("renders what a whole-text Markdown renders (delta size %i)", (step) => {
    const md = streamed(DOC, step);
    expect(md.render(60)).toEqual(whole(DOC, 60));
    expect(md.frozenBlocks).toBeGreaterThanOrEqual(3);
  });

  it("never freezes inside a code fence", () => {
    const md = new StreamingMarkdown(theme);
    md.setText("```\na\n\nb\n\nc\n");
    expect(md.frozenBlocks).toBe(0);
  });

  it("starts over when the text is replaced", () => {
    const md = streamed(DOC, 5);
    md.setText("Just this.");
    expect(md.render(40)).toEqual(whole("Just this.", 40));
  });

  it("re-wraps frozen blocks on a width change", () => {
    const md = streamed(DOC, 7);
    expect(md.render(30)).toEqual(whole(DOC, 30));
  });
});
