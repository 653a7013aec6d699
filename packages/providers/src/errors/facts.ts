/**
 * Turns whatever an SDK or fetch threw into plain facts: status, provider code, message and
 * retry-after. Works on the error shapes of @anthropic-ai/sdk, openai, @google/genai and ollama
 * by duck typing, so no adapter needs SDK-specific glue for the common parts.
 */

import { describeTransportCode } from "./network.js";
import { type HeaderSource, parseRetryAfter } from "./retry-after.js";
import type { ErrorFacts } from "./rules.js";

export interface FailureFacts extends ErrorFacts {
  retryAfterMs?: number;
}

type Bag = Record<string, unknown>;
const isBag = (v: unknown): v is Bag => v !== null && typeof v === "object";
const str = (v: unknown): string | undefined => (typeof v === "string" && v !== "" ? v : undefined);
const num = (v: unknown): number | undefined => (typeof v === "number" && Number.isFinite(v) ? v : undefined);

/** Finds the provider's error code or type inside an SDK error body (nested `error` objects). */
function bodyCode(body: unknown): string | undefined {
  if (!isBag(body)) return undefined;
  const inner = isBag(body.error) ? body.error : undefined;
  return (
    str(inner?.code) ??
    str(inner?.type) ??
    str(inner?.status) ??
    str(body.code) ??
    (body.type !== "error" ? str(body.type) : undefined)
  );
}

function bodyMessage(body: unknown): string | undefined {
  if (!isBag(body)) return str(body);
  const inner = isBag(body.error) ? body.error : undefined;
  return str(inner?.message) ?? str(body.message) ?? str(body.error);
}

/** The first `code` found along the `cause` chain (undici puts ECONNREFUSED there). */
function causeCode(error: unknown): string | undefined {
  let current: unknown = error;
  for (let depth = 0; depth < 5 && isBag(current); depth++) {
    const code = str(current.code);
    if (code && /^[A-Z_]+$/.test(code)) return code;
    current = current.cause;
  }
  return undefined;
}

/** The messages along the `cause` chain, outermost first ("fetch failed; connect ECONNREFUSED …"). */
function causeMessages(error: unknown): string | undefined {
  const messages: string[] = [];
  let current: unknown = isBag(error) ? error.cause : undefined;
  for (let depth = 0; depth < 5 && isBag(current); depth++) {
    const message = str(current.message);
    if (message && !messages.includes(message)) messages.push(message);
    current = current.cause;
  }
  return messages.length > 0 ? messages.join("; ") : undefined;
}

/** DOM and undici aborts and timeouts carry their kind in `name`, not in a string `code`. */
const NAMED_CODES = new Set(["AbortError", "TimeoutError"]);

/**
 * Extracts classification facts from a thrown value.
 *
 * @example
 * try { await client.messages.create(body); } catch (err) { const facts = errorFactsFrom(err); }
 */
export function errorFactsFrom(error: unknown): FailureFacts {
  if (!isBag(error)) return { message: String(error) };
  if (error instanceof SyntaxError) {
    return {
      message: `The provider sent a response that is not valid JSON: ${error.message}`,
      code: "MALFORMED_RESPONSE",
    };
  }
  const response = isBag(error.response) ? error.response : undefined;
  const status =
    num(error.status) ?? num(error.statusCode) ?? num(error.status_code) ?? num(response?.status);
  const body = error.error;
  const code =
    bodyCode(body) ??
    str(error.code) ??
    str(error.type) ??
    (status === undefined ? causeCode(error) : undefined) ??
    (NAMED_CODES.has(String(error.name)) ? String(error.name) : undefined);
  let message = bodyMessage(body) ?? str(error.message) ?? "Unknown provider error";
  const cause = status === undefined ? causeMessages(error) : undefined;
  if (cause && !message.includes(cause)) message = `${message} (${cause})`;
  const says = describeTransportCode(code);
  if (says && !message.toLowerCase().includes(says)) message = `${says}: ${message}`;
  const rawHeaders = error.headers ?? response?.headers;
  const headers = isBag(rawHeaders) ? (rawHeaders as HeaderSource) : undefined;
  const facts: FailureFacts = { message };
  if (status !== undefined) facts.status = status;
  if (code) facts.code = code;
  const retryAfterMs = num(error.retryAfterMs) ?? parseRetryAfter(headers);
  if (retryAfterMs !== undefined) facts.retryAfterMs = retryAfterMs;
  return facts;
}
