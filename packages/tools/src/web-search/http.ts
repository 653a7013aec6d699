/**
 * One JSON request to a search backend the owner configured (Brave, a SearXNG instance, a model
 * endpoint), with a time limit and failures turned into `WebSearchError`s that say what to do.
 * These endpoints come from the config, not from the model, so the SSRF guard does not apply.
 */
import { parseRetryAfter } from "@claw/providers";
import { WebSearchError } from "./types.js";

export interface SearchHttpRequest {
  /** Provider id for messages, e.g. `brave`. */
  provider: string;
  url: URL;
  method?: "GET" | "POST";
  headers?: Record<string, string>;
  body?: unknown;
  signal: AbortSignal;
  timeoutMs: number;
  /** Where the key is set, named in a 401/403 message, e.g. `tools.web.search.apiKey or BRAVE_API_KEY`. */
  keyHint: string;
}

/**
 * @example
 * const json = await requestSearchJson({ provider: "brave", url, signal, timeoutMs: 10_000, keyHint: "BRAVE_API_KEY" });
 */
export async function requestSearchJson(request: SearchHttpRequest): Promise<unknown> {
  const timeout = AbortSignal.timeout(request.timeoutMs);
  const where = `${request.provider} (${request.url.origin})`;
  let response: Response;
  try {
    response = await fetch(request.url, {
      method: request.method ?? "GET",
      headers: {
        accept: "application/json",
        ...(request.body === undefined ? {} : { "content-type": "application/json" }),
        ...request.headers,
      },
      body: request.body === undefined ? undefined : JSON.stringify(request.body),
      signal: AbortSignal.any([request.signal, timeout]),
    });
  } catch (error) {
    throw transportError(error, where, timeout, request.timeoutMs);
  }
  const text = await response.text().catch((error: unknown) => {
    throw transportError(error, where, timeout, request.timeoutMs);
  });
  if (!response.ok) throw statusError(response, text, where, request.keyHint);
  try {
    return JSON.parse(text) as unknown;
  } catch {
    throw new WebSearchError(
      `web_search: ${where} answered HTTP ${response.status} with a body that is not JSON (${JSON.stringify(text.slice(0, 80))}).`,
      "format",
      response.status,
    );
  }
}

function transportError(error: unknown, where: string, timeout: AbortSignal, timeoutMs: number): Error {
  if (timeout.aborted)
    return new WebSearchError(`web_search: ${where} did not answer within ${timeoutMs / 1000} s.`, "timeout");
  if (error instanceof Error && error.name === "AbortError") return error;
  const cause =
    error instanceof Error ? (error.cause instanceof Error ? error.cause.message : error.message) : "";
  return new WebSearchError(`web_search: cannot reach ${where}: ${cause || String(error)}.`, "network");
}

function statusError(response: Response, body: string, where: string, keyHint: string): WebSearchError {
  const status = response.status;
  const detail = body.trim() === "" ? "" : ` (${body.trim().slice(0, 160)})`;
  if (status === 401 || status === 403)
    return new WebSearchError(
      `web_search: ${where} refused the credentials (HTTP ${status})${detail} — check ${keyHint}.`,
      "auth",
      status,
    );
  if (status === 429) {
    const wait = parseRetryAfter(response.headers) ?? rateLimitResetMs(response.headers);
    const retry = wait === undefined ? "" : `; retry after ${Math.ceil(wait / 1000)} s`;
    return new WebSearchError(
      `web_search: ${where} is rate limiting this key (HTTP 429)${retry}.`,
      "rate-limit",
      status,
      wait,
    );
  }
  return new WebSearchError(`web_search: ${where} failed with HTTP ${status}${detail}.`, "http", status);
}

/** Brave's `X-RateLimit-Reset: "1, 1419704"`: seconds until each window resets; the first is the nearest. */
function rateLimitResetMs(headers: Headers): number | undefined {
  const first = headers.get("x-ratelimit-reset")?.split(",")[0]?.trim();
  const seconds = first === undefined || first === "" ? Number.NaN : Number(first);
  return Number.isFinite(seconds) && seconds >= 0 ? seconds * 1000 : undefined;
}
