import { createRequire } from "node:module";
import type * as Yaml from "yaml";

// yaml is ~70 modules (~20 ms, ~8 MB): loaded by the first SKILL.md parsed, not at import.
let yaml: typeof Yaml | undefined;
const loadYaml = (): typeof Yaml => {
  yaml ??= createRequire(import.meta.url)("yaml") as typeof Yaml;
  return yaml;
};

export type FrontmatterResult =
  | { ok: true; data: Record<string, unknown>; lineOf: (key: string) => number }
  | { ok: false; line: number; message: string };

const FENCE = /^---[ \t]*\r?$/;
const CLOSE = /^(---|\.\.\.)[ \t]*\r?$/;

/**
 * Splits and parses the YAML frontmatter of a SKILL.md. Errors carry the 1-based line in the
 * whole file, never throw.
 *
 * @example
 * parseFrontmatter("---\nname: git\ndescription: Git help\n---\n# Git\n");
 */
export function parseFrontmatter(text: string): FrontmatterResult {
  const lines = text
    .replace(/^\uFEFF/, "")
    .replace(/\r\n?/g, "\n")
    .split("\n");
  if (!FENCE.test(lines[0] ?? ""))
    return { ok: false, line: 1, message: "missing YAML frontmatter (the file must start with ---)" };
  const end = lines.findIndex((line, i) => i > 0 && CLOSE.test(line));
  if (end < 0) return { ok: false, line: 1, message: "unterminated YAML frontmatter (no closing --- line)" };
  const { isMap, isScalar, LineCounter, parseDocument } = loadYaml();
  const lineCounter = new LineCounter();
  const doc = parseDocument(lines.slice(1, end).join("\n"), {
    lineCounter,
    prettyErrors: false,
    uniqueKeys: true,
  });
  // Frontmatter line 1 is file line 2.
  const fileLine = (offset: number) => lineCounter.linePos(offset).line + 1;
  const error = doc.errors[0];
  if (error)
    return {
      ok: false,
      line: fileLine(error.pos[0]),
      message: `invalid YAML: ${error.message.split("\n")[0]}`,
    };
  if (!isMap(doc.contents))
    return { ok: false, line: 2, message: "frontmatter must be a YAML mapping (key: value lines)" };
  let data: unknown;
  try {
    data = doc.toJS({ maxAliasCount: 50 });
  } catch (e) {
    return { ok: false, line: 2, message: `invalid YAML: ${(e as Error).message}` };
  }
  const map = doc.contents;
  const lineOf = (key: string) => {
    const pair = map.items.find((item) => isScalar(item.key) && item.key.value === key);
    const offset = pair && isScalar(pair.key) ? pair.key.range?.[0] : undefined;
    return offset === undefined ? 1 : fileLine(offset);
  };
  return { ok: true, data: data as Record<string, unknown>, lineOf };
}
