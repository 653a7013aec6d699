/**
 * A search model behind an OpenAI-compatible `POST /chat/completions` (Perplexity's `sonar`,
 * OpenAI's `gpt-4o-search-preview`, …). Sources are read from whichever shape the server uses:
 * `search_results[]` `{ title, url, snippet }` (Perplexity), `citations[]` of URLs (Perplexity), or
 * `choices[0].message.annotations[]` of `url_citation` (OpenAI); the answer text comes along.
 */
import { requestSearchJson } from "./http.js";
import { arrayField, plainSnippet, stringField } from "./text.js";
import { WebSearchError, type WebSearchProvider, type WebSearchResult } from "./types.js";

export interface OpenAICompatibleSearchOptions {
  /** Up to the version segment, e.g. `https://api.perplexity.ai` or `https://api.openai.com/v1`. */
  baseUrl: string;
  apiKey: string;
  /** The model id at that endpoint, e.g. `sonar`. */
  model: string;
  timeoutMs?: number;
  keyHint?: string;
}

const INSTRUCTION =
  "Search the web for the user's query. Answer briefly and cite the pages you used as sources.";

/**
 * @example
 * const sonar = createOpenAICompatibleSearch({ baseUrl: "https://api.perplexity.ai", apiKey, model: "sonar" });
 * const { answer, results } = await sonar.search({ query: "claw", count: 5, signal });
 */
export function createOpenAICompatibleSearch(options: OpenAICompatibleSearchOptions): WebSearchProvider {
  const base = options.baseUrl.endsWith("/") ? options.baseUrl : `${options.baseUrl}/`;
  return {
    id: "openai-compatible",
    maxCount: 20,
    async search({ query, count, signal }) {
      const json = await requestSearchJson({
        provider: `openai-compatible ${options.model}`,
        url: new URL("chat/completions", base),
        method: "POST",
        headers: { authorization: `Bearer ${options.apiKey}` },
        body: {
          model: options.model,
          messages: [
            { role: "system", content: INSTRUCTION },
            { role: "user", content: query },
          ],
        },
        signal,
        timeoutMs: options.timeoutMs ?? 60_000,
        keyHint: options.keyHint ?? "tools.web.search.apiKey or the model provider's key",
      });
      const message = (arrayField(json, "choices")?.[0] as { message?: unknown } | undefined)?.message;
      if (message === undefined)
        throw new WebSearchError(
          `web_search: ${options.model} answered without choices[0].message; is it a chat completions endpoint?`,
          "format",
        );
      const answer = stringField(message, "content");
      return { answer, results: dedupe(sources(json, message, answer)).slice(0, count) };
    },
  };
}

function sources(json: unknown, message: unknown, answer: string): WebSearchResult[] {
  const searchResults = arrayField(json, "search_results");
  if (searchResults?.length)
    return searchResults.map((hit) => ({
      title: plainSnippet(stringField(hit, "title")) || stringField(hit, "url"),
      url: stringField(hit, "url"),
      snippet: plainSnippet(stringField(hit, "snippet")),
    }));
  const annotations = arrayField(message, "annotations") ?? [];
  const cited = annotations.flatMap((annotation) => {
    const citation = (annotation as { url_citation?: unknown }).url_citation;
    if (stringField(annotation, "type") !== "url_citation" || citation === undefined) return [];
    const { start_index: start, end_index: end } = citation as { start_index?: unknown; end_index?: unknown };
    const span = typeof start === "number" && typeof end === "number" ? answer.slice(start, end) : "";
    const url = stringField(citation, "url");
    return [{ title: plainSnippet(stringField(citation, "title")) || url, url, snippet: plainSnippet(span) }];
  });
  if (cited.length > 0) return cited;
  return (arrayField(json, "citations") ?? [])
    .filter((url): url is string => typeof url === "string")
    .map((url) => ({ title: url, url, snippet: "" }));
}

function dedupe(results: readonly WebSearchResult[]): WebSearchResult[] {
  const seen = new Set<string>();
  return results.filter((r) => r.url !== "" && !seen.has(r.url) && seen.add(r.url) !== undefined);
}
