/** The contract every web search provider meets: a query in, titled links with snippets out. */

/** One search hit, as every provider's answer is reduced to. */
export interface WebSearchResult {
  readonly title: string;
  readonly url: string;
  readonly snippet: string;
}

export interface WebSearchRequest {
  readonly query: string;
  /** At most this many results (the tool has already applied its limits). */
  readonly count: number;
  readonly signal: AbortSignal;
}

/** What a provider found: hits, and for a search model its written answer. */
export interface WebSearchResponse {
  readonly results: readonly WebSearchResult[];
  readonly answer?: string;
}

/** A search backend. `search` rejects with a `WebSearchError` a person can act on. */
export interface WebSearchProvider {
  /** `brave`, `searxng` or `openai-compatible`: named in results and errors. */
  readonly id: string;
  /** Hard cap of the backend itself (Brave: 20). */
  readonly maxCount: number;
  search(request: WebSearchRequest): Promise<WebSearchResponse>;
}

/** Why a search failed: `auth` (401/403), `rate-limit` (429), `timeout`, `http`, `format`, `network`. */
export type WebSearchFailure = "auth" | "rate-limit" | "timeout" | "http" | "format" | "network";

export class WebSearchError extends Error {
  override name = "WebSearchError";
  constructor(
    message: string,
    readonly failure: WebSearchFailure,
    readonly status?: number,
    /** From `retry-after` on a 429, when the server sent one. */
    readonly retryAfterMs?: number,
  ) {
    super(message);
  }
}
