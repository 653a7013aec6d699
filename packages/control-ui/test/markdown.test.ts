import { describe, expect, it } from "vitest";
import { highlights, tokenize } from "../src/app/markdown/highlight.js";
import { type Block, parseInline, parseMarkdown, safeHref } from "../src/app/markdown/parse.js";

describe("markdown parser", () => {
  it.each([
    ["plain text", "hello", [{ t: "p", c: [{ t: "text", v: "hello" }] }]],
    ["heading", "## Title", [{ t: "h", level: 2, c: [{ t: "text", v: "Title" }] }]],
    ["fenced code", "```ts\nconst a = 1;\n```", [{ t: "code", lang: "ts", v: "const a = 1;" }]],
    ["unclosed fence while streaming", "```py\nprint(1)", [{ t: "code", lang: "py", v: "print(1)" }]],
    ["rule", "---", [{ t: "hr" }]],
    ["quote", "> said", [{ t: "quote", c: [{ t: "p", c: [{ t: "text", v: "said" }] }] }]],
  ] as [string, string, Block[]][])("%s", (_name, source, expected) => {
    expect(parseMarkdown(source)).toEqual(expected);
  });

  it("parses bullet and ordered lists with their start", () => {
    const [bullets, numbers] = parseMarkdown("- a\n- b\n\n3. x\n4. y");
    expect(bullets).toMatchObject({ t: "list", ordered: false, items: [[{ t: "p" }], [{ t: "p" }]] });
    expect(numbers).toMatchObject({ t: "list", ordered: true, start: 3 });
  });

  it("parses a table", () => {
    const [table] = parseMarkdown("| a | b |\n|---|---|\n| 1 | 2 |");
    expect(table).toEqual({
      t: "table",
      head: [[{ t: "text", v: "a" }], [{ t: "text", v: "b" }]],
      rows: [[[{ t: "text", v: "1" }], [{ t: "text", v: "2" }]]],
    });
  });

  it("parses inline code, emphasis, strike and links", () => {
    expect(parseInline("a `x*y` **b** *c* ~~d~~ [e](https://e.example)")).toEqual([
      { t: "text", v: "a " },
      { t: "code", v: "x*y" },
      { t: "text", v: " " },
      { t: "strong", c: [{ t: "text", v: "b" }] },
      { t: "text", v: " " },
      { t: "em", c: [{ t: "text", v: "c" }] },
      { t: "text", v: " " },
      { t: "del", c: [{ t: "text", v: "d" }] },
      { t: "text", v: " " },
      { t: "link", href: "https://e.example", c: [{ t: "text", v: "e" }] },
    ]);
  });

  it("links bare URLs without their trailing punctuation", () => {
    expect(parseInline("see https://a.example/x.")).toEqual([
      { t: "text", v: "see " },
      { t: "link", href: "https://a.example/x", c: [{ t: "text", v: "https://a.example/x" }] },
      { t: "text", v: "." },
    ]);
  });

  it("keeps model markup as text and drops unsafe link targets", () => {
    expect(parseMarkdown('<img src=x onerror="alert(1)">')).toEqual([
      { t: "p", c: [{ t: "text", v: '<img src=x onerror="alert(1)">' }] },
    ]);
    expect(parseInline("[x](javascript:alert(1))")).toEqual([
      { t: "text", v: "[x](javascript:alert(1)" },
      { t: "text", v: ")" },
    ]);
    expect(parseInline("[x](data:text/html,hi)")).toEqual([{ t: "text", v: "[x](data:text/html,hi)" }]);
    for (const href of [
      "javascript:alert(1)",
      " JAVASCRIPT:x",
      "data:text/html,x",
      "vbscript:x",
      "/relative",
      "file:///etc/passwd",
    ])
      expect(safeHref(href), href).toBeUndefined();
    expect(safeHref("HTTPS://ok.example")).toBe("HTTPS://ok.example");
    expect(safeHref("mailto:me@example.com")).toBe("mailto:me@example.com");
  });
});

describe("code highlighting", () => {
  it("finds keywords, strings, numbers and comments", () => {
    expect(tokenize('const s = "a"; // c', "ts")).toEqual([
      { kind: "keyword", text: "const" },
      { kind: "plain", text: " s = " },
      { kind: "string", text: '"a"' },
      { kind: "plain", text: "; " },
      { kind: "comment", text: "// c" },
    ]);
  });

  it("uses # comments for shell and Python, and keeps every character", () => {
    const code = "x = 0x1F  # note\nprint('it''s')";
    const tokens = tokenize(code, "python");
    expect(tokens.map((t) => t.text).join("")).toBe(code);
    expect(tokens).toContainEqual({ kind: "comment", text: "# note" });
    expect(tokens).toContainEqual({ kind: "number", text: "0x1F" });
  });

  it("leaves plain text and markdown fences alone", () => {
    expect(highlights("")).toBe(false);
    expect(highlights("text")).toBe(false);
    expect(highlights("rust")).toBe(true);
  });
});
