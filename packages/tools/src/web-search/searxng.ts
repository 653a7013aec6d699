/**
 * SearXNG (self-hosted): `GET /search?q=&format=json` (the instance must list `json` under
 * `search.formats`, else it answers 403); hits are `results[]` of `{ title, url, content }`.
 */
import { requestSearchJson } from "./http.js";
import { arrayField, hitsToResults } from "./text.js";
import type { WebSearchProvider } from "./types.js";

export interface SearxngSearchOptions {
  /** The instance, e.g. `http://127.0.0.1:8888` (a path prefix is kept). */
  baseUrl: string;
  timeoutMs?: number;
}

/**
 * @example
 * const searx = createSearxngSearch({ baseUrl: "http://127.0.0.1:8888" });
 * await searx.search({ query: "claw", count: 5, signal });
 */
export function createSearxngSearch(options: SearxngSearchOptions): WebSearchProvider {
  const base = options.baseUrl.endsWith("/") ? options.baseUrl : `${options.baseUrl}/`;
  return {
    id: "searxng",
    maxCount: 50,
    async search({ query, count, signal }) {
      const url = new URL("search", base);
      url.searchParams.set("q", query);
      url.searchParams.set("format", "json");
      const json = await requestSearchJson({
        provider: "searxng",
        url,
        signal,
        timeoutMs: options.timeoutMs ?? 10_000,
        keyHint: 'the instance\'s settings.yml (search.formats must include "json")',
      });
      return {
        results: hitsToResults(arrayField(json, "results"), count, {
          provider: "searxng",
          list: "results[]",
          snippet: "content",
        }),
      };
    },
  };
}
