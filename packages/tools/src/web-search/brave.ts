/**
 * Brave Search API (the reference default): `GET /res/v1/web/search?q=&count=` with the key in
 * `X-Subscription-Token`; hits are `web.results[]` of `{ title, url, description }`.
 */
import { requestSearchJson } from "./http.js";
import { arrayField, hitsToResults, stringField } from "./text.js";
import type { WebSearchProvider } from "./types.js";

export const BRAVE_SEARCH_URL = "https://api.search.brave.com";

export interface BraveSearchOptions {
  apiKey: string;
  /** Default `https://api.search.brave.com` (tests point it at a local server). */
  baseUrl?: string;
  timeoutMs?: number;
  /** Where the key is configured, named when Brave refuses it. */
  keyHint?: string;
}

/**
 * @example
 * const brave = createBraveSearch({ apiKey: process.env.BRAVE_API_KEY ?? "" });
 * await brave.search({ query: "claw", count: 5, signal });
 */
export function createBraveSearch(options: BraveSearchOptions): WebSearchProvider {
  const base = options.baseUrl ?? BRAVE_SEARCH_URL;
  return {
    id: "brave",
    maxCount: 20,
    async search({ query, count, signal }) {
      const url = new URL("/res/v1/web/search", base);
      url.searchParams.set("q", query);
      url.searchParams.set("count", String(count));
      const json = await requestSearchJson({
        provider: "brave",
        url,
        headers: { "x-subscription-token": options.apiKey },
        signal,
        timeoutMs: options.timeoutMs ?? 10_000,
        keyHint: options.keyHint ?? "tools.web.search.apiKey or BRAVE_API_KEY",
      });
      const web =
        typeof json === "object" && json !== null ? (json as Record<string, unknown>).web : undefined;
      // A query with no web hits has no `web` section at all.
      if (web === undefined && stringField(json, "type") === "search") return { results: [] };
      return {
        results: hitsToResults(arrayField(web, "results"), count, {
          provider: "brave",
          list: "web.results",
          snippet: "description",
        }),
      };
    },
  };
}
