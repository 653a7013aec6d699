import { type TypedTool, textResult } from "@claw/agent-core";
import { Type } from "typebox";
import { wrapUntrusted } from "../web/untrusted.js";
import type { WebSearchProvider, WebSearchResponse } from "./types.js";

const WebSearchParams = Type.Object({
  query: Type.String({ minLength: 1, description: "What to search for." }),
  count: Type.Optional(
    Type.Integer({ minimum: 1, maximum: 20, description: "How many results (default 5)." }),
  ),
});

export interface WebSearchToolOptions {
  provider: WebSearchProvider;
  /** Results returned when the model asks for no count (default 5). */
  defaultCount?: number;
  /** Never more than this many results (`tools.web.search.maxResults`, default 10). */
  maxResults?: number;
}

/**
 * `web_search`: one query to the configured provider → title, URL and snippet per hit, at most
 * `maxResults`, fenced as untrusted content (snippets are written by strangers).
 *
 * @example
 * const tool = createWebSearchTool({ provider: createBraveSearch({ apiKey }) });
 */
export function createWebSearchTool(options: WebSearchToolOptions): TypedTool<typeof WebSearchParams> {
  const { provider } = options;
  const cap = Math.min(options.maxResults ?? 10, provider.maxCount);
  return {
    name: "web_search",
    label: "Search the web",
    description: `Search the web (${provider.id}); returns title, URL and snippet for each result.`,
    parameters: WebSearchParams,
    async execute({ query, count }, { signal }) {
      const trimmed = query.trim();
      if (trimmed === "") throw new Error("web_search: the query is empty; say what to search for.");
      const wanted = Math.max(1, Math.min(count ?? options.defaultCount ?? 5, cap));
      const response = await provider.search({ query: trimmed, count: wanted, signal });
      const results = response.results.slice(0, wanted);
      const listing = formatResults({ ...response, results });
      return textResult(wrapUntrusted(listing, `web_search (${provider.id}): ${trimmed}`), {
        provider: provider.id,
        query: trimmed,
        results,
        ...(response.answer ? { answer: response.answer } : {}),
      });
    },
  };
}

/** Numbered hits, then the search model's answer when there is one. */
function formatResults(response: WebSearchResponse): string {
  const lines = response.results.map(
    (r, i) => `${i + 1}. ${r.title}\n   ${r.url}${r.snippet ? `\n   ${r.snippet}` : ""}`,
  );
  if (lines.length === 0) lines.push("No results.");
  if (response.answer) lines.push("", `Answer: ${response.answer}`);
  return lines.join("\n");
}
