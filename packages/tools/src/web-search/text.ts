import { WebSearchError, type WebSearchResult } from "./types.js";

/** Search snippets arrive as HTML fragments (`<strong>` around matches, entities): plain text for the model. */

const ENTITIES: Readonly<Record<string, string>> = {
  amp: "&",
  lt: "<",
  gt: ">",
  quot: '"',
  apos: "'",
  nbsp: " ",
  "#39": "'",
};

/**
 * @example
 * plainSnippet("The <strong>claw</strong> &amp; the crab"); // "The claw & the crab"
 */
export function plainSnippet(html: string): string {
  return html
    .replace(/<[^>]*>/g, "")
    .replace(/&(#x[0-9a-f]+|#\d+|[a-z]+);/gi, (whole, name: string) => {
      const lower = name.toLowerCase();
      if (ENTITIES[lower] !== undefined) return ENTITIES[lower];
      const code = lower.startsWith("#x")
        ? Number.parseInt(lower.slice(2), 16)
        : lower.startsWith("#")
          ? Number(lower.slice(1))
          : Number.NaN;
      return Number.isInteger(code) && code > 0 && code <= 0x10ffff ? String.fromCodePoint(code) : whole;
    })
    .replace(/\s+/g, " ")
    .trim();
}

/** Reads a string field of an unknown JSON object ("" when absent or not a string). */
export function stringField(value: unknown, key: string): string {
  if (typeof value !== "object" || value === null) return "";
  const field = (value as Record<string, unknown>)[key];
  return typeof field === "string" ? field : "";
}

/** Reads an array field of an unknown JSON object (undefined when absent or not an array). */
export function arrayField(value: unknown, key: string): unknown[] | undefined {
  if (typeof value !== "object" || value === null) return undefined;
  const field = (value as Record<string, unknown>)[key];
  return Array.isArray(field) ? field : undefined;
}

/**
 * A provider's list of hits → results: at most `count`, title/url/snippet read from the named
 * fields, HTML stripped. Throws a `format` error naming the provider when the list is missing.
 *
 * @example
 * hitsToResults(json.results, 5, { provider: "searxng", list: "results[]", snippet: "content" });
 */
export function hitsToResults(
  hits: unknown[] | undefined,
  count: number,
  shape: { provider: string; list: string; snippet: string },
): WebSearchResult[] {
  if (!hits)
    throw new WebSearchError(
      `web_search: ${shape.provider} answered without ${shape.list}; is the base URL right?`,
      "format",
    );
  return hits.slice(0, count).map((hit) => ({
    title: plainSnippet(stringField(hit, "title")),
    url: stringField(hit, "url"),
    snippet: plainSnippet(stringField(hit, shape.snippet)),
  }));
}
