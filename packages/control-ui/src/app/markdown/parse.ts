/**
 * A small Markdown parser for model output: paragraphs, headings, fenced code, lists, quotes,
 * rules, tables, and inline code, bold, italics and links. It returns a tree of plain data that
 * the view turns into elements — there is no HTML string anywhere, so model text cannot inject
 * markup, and a link keeps only an http(s) or mailto target.
 */

export type Inline =
  | { t: "text"; v: string }
  | { t: "code"; v: string }
  | { t: "strong" | "em" | "del"; c: Inline[] }
  | { t: "link"; href: string; c: Inline[] }
  | { t: "br" };

export type Block =
  | { t: "p"; c: Inline[] }
  | { t: "h"; level: number; c: Inline[] }
  | { t: "code"; lang: string; v: string }
  | { t: "list"; ordered: boolean; start: number; items: Block[][] }
  | { t: "quote"; c: Block[] }
  | { t: "hr" }
  | { t: "table"; head: Inline[][]; rows: Inline[][][] };

/** A link target that is safe to follow, or undefined (javascript:, data:, relative paths…). */
export function safeHref(href: string): string | undefined {
  const trimmed = href.trim();
  return /^(https?:\/\/|mailto:)/i.test(trimmed) ? trimmed : undefined;
}

const INLINE =
  /(`+)([\s\S]*?[^`])\1(?!`)|\*\*([\s\S]+?)\*\*|__([\s\S]+?)__|~~([\s\S]+?)~~|\*([^*\s][^*]*?)\*|(?<![\w])_([^_\s][^_]*?)_(?![\w])|\[([^\]]*)\]\(([^)\s]+)\)|<(https?:\/\/[^>\s]+)>|(https?:\/\/[^\s<>()]+[^\s<>().,;:!?'"])|( {2,}|\\)\n/;

/** Inline markup of one paragraph's text. */
export function parseInline(text: string): Inline[] {
  const out: Inline[] = [];
  let rest = text;
  while (rest.length > 0) {
    const m = INLINE.exec(rest);
    if (!m) {
      out.push({ t: "text", v: rest });
      break;
    }
    if (m.index > 0) out.push({ t: "text", v: rest.slice(0, m.index) });
    const [whole, , code, strong1, strong2, del, em1, em2, label, href, auto, bare, lineBreak] = m;
    if (code !== undefined)
      out.push({ t: "code", v: code.trim() === "" ? code : code.replace(/^ (.*) $/s, "$1") });
    else if (strong1 !== undefined || strong2 !== undefined)
      out.push({ t: "strong", c: parseInline(strong1 ?? strong2 ?? "") });
    else if (del !== undefined) out.push({ t: "del", c: parseInline(del) });
    else if (em1 !== undefined || em2 !== undefined) out.push({ t: "em", c: parseInline(em1 ?? em2 ?? "") });
    else if (href !== undefined) {
      const safe = safeHref(href);
      const children = parseInline(label ?? "");
      out.push(safe ? { t: "link", href: safe, c: children } : { t: "text", v: whole });
    } else if (auto !== undefined || bare !== undefined) {
      const url = (auto ?? bare) as string;
      out.push({ t: "link", href: url, c: [{ t: "text", v: url }] });
    } else if (lineBreak !== undefined) out.push({ t: "br" });
    rest = rest.slice(m.index + whole.length);
  }
  return out;
}

const FENCE = /^ {0,3}(`{3,}|~{3,})\s*([\w+#.-]*)/;
const HEADING = /^ {0,3}(#{1,6})\s+(.*?)\s*#*\s*$/;
const RULE = /^ {0,3}([-*_])(\s*\1){2,}\s*$/;
const BULLET = /^( {0,3})([-*+]|\d{1,9}[.)])\s+(.*)$/;
const QUOTE = /^ {0,3}>\s?(.*)$/;
const TABLE_RULE = /^\s*\|?\s*:?-{2,}:?\s*(\|\s*:?-{2,}:?\s*)*\|?\s*$/;

function cells(line: string): string[] {
  return line
    .trim()
    .replace(/^\||\|$/g, "")
    .split(/(?<!\\)\|/)
    .map((c) => c.trim());
}

/**
 * @example
 * parseMarkdown("# Hi\n\nSome **bold** text");
 * // [{ t: "h", level: 1, c: [{ t: "text", v: "Hi" }] }, { t: "p", c: [...] }]
 */
export function parseMarkdown(source: string): Block[] {
  const lines = source.replace(/\r\n?/g, "\n").split("\n");
  const blocks: Block[] = [];
  let i = 0;
  while (i < lines.length) {
    const line = lines[i] as string;
    if (line.trim() === "") {
      i++;
      continue;
    }
    const fence = FENCE.exec(line);
    if (fence) {
      const marker = fence[1] as string;
      const body: string[] = [];
      i++;
      // An unclosed fence (a streaming answer) runs to the end.
      while (i < lines.length && !(lines[i] as string).trimStart().startsWith(marker))
        body.push(lines[i++] as string);
      i++;
      blocks.push({ t: "code", lang: (fence[2] ?? "").toLowerCase(), v: body.join("\n") });
      continue;
    }
    const heading = HEADING.exec(line);
    if (heading) {
      blocks.push({ t: "h", level: (heading[1] as string).length, c: parseInline(heading[2] ?? "") });
      i++;
      continue;
    }
    if (RULE.test(line)) {
      blocks.push({ t: "hr" });
      i++;
      continue;
    }
    if (QUOTE.test(line)) {
      const body: string[] = [];
      while (i < lines.length && QUOTE.test(lines[i] as string))
        body.push(QUOTE.exec(lines[i++] as string)?.[1] ?? "");
      blocks.push({ t: "quote", c: parseMarkdown(body.join("\n")) });
      continue;
    }
    const bullet = BULLET.exec(line);
    if (bullet) {
      const ordered = /\d/.test(bullet[2] as string);
      const items: string[][] = [];
      while (i < lines.length) {
        const current = lines[i] as string;
        const item = BULLET.exec(current);
        if (item && /\d/.test(item[2] as string) === ordered && (item[1] as string).length < 4)
          items.push([item[3] ?? ""]);
        else if (current.trim() !== "" && /^\s{2,}/.test(current) && items.length > 0)
          items.at(-1)?.push(current.replace(/^\s{2,4}/, ""));
        else if (current.trim() === "" && BULLET.test(lines[i + 1] ?? "")) {
          i++;
          continue;
        } else break;
        i++;
      }
      const start = ordered ? Number.parseInt(bullet[2] as string, 10) : 1;
      blocks.push({ t: "list", ordered, start, items: items.map((item) => parseMarkdown(item.join("\n"))) });
      continue;
    }
    if (line.includes("|") && TABLE_RULE.test(lines[i + 1] ?? "")) {
      const head = cells(line).map(parseInline);
      i += 2;
      const rows: Inline[][][] = [];
      while (i < lines.length && (lines[i] as string).includes("|") && (lines[i] as string).trim() !== "")
        rows.push(cells(lines[i++] as string).map(parseInline));
      blocks.push({ t: "table", head, rows });
      continue;
    }
    const para: string[] = [];
    while (i < lines.length) {
      const current = lines[i] as string;
      if (current.trim() === "" || FENCE.test(current) || HEADING.test(current) || QUOTE.test(current)) break;
      if (para.length > 0 && (BULLET.test(current) || RULE.test(current))) break;
      para.push(current);
      i++;
    }
    blocks.push({ t: "p", c: parseInline(para.join("\n")) });
  }
  return blocks;
}
