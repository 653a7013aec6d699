/**
 * Turns what @google/genai throws into an error the shared fact extractor understands: the
 * envelope's `status` becomes the code, its `message` the message, and `RetryInfo.retryDelay`
 * (or a `retry-after` header) the wait.
 */

type Bag = Record<string, unknown>;
const isBag = (value: unknown): value is Bag => value !== null && typeof value === "object";

/** An HTTP or in-stream failure with the shape `errorFactsFrom` reads (`status`, `error`, `headers`). */
export class GoogleApiFailure extends Error {
  constructor(
    message: string,
    readonly status: number | undefined,
    /** The Google envelope, `{ error: { status, message } }`. */
    readonly error: { error: { status?: string; message: string } },
    readonly headers: Record<string, string>,
  ) {
    super(message);
    this.name = "GoogleApiFailure";
  }
}

/** A stream that ended with a non-success finish reason or a blocked prompt. */
export class GoogleFinishFailure extends Error {
  readonly error: { type: string; message: string };
  constructor(code: string, message: string) {
    super(message);
    this.error = { type: code, message };
  }
}

/** A stream event whose data was not JSON: the stream is broken, like a dropped connection. */
export class MalformedStreamError extends Error {
  readonly code = "MALFORMED_STREAM";
}

/** The first JSON object in a text (the SDK prefixes in-stream errors with "got status: …"). */
function parseEnvelope(text: string): Bag | undefined {
  const start = text.indexOf("{");
  if (start < 0) return undefined;
  try {
    const parsed: unknown = JSON.parse(text.slice(start));
    return isBag(parsed) && isBag(parsed.error) ? parsed.error : undefined;
  } catch {
    return undefined;
  }
}

/** `"37s"` / `"1.5s"` → milliseconds. */
function retryDelayMs(details: unknown): number | undefined {
  if (!Array.isArray(details)) return undefined;
  for (const detail of details) {
    if (!isBag(detail) || typeof detail.retryDelay !== "string") continue;
    const match = /^(\d+(?:\.\d+)?)s$/.exec(detail.retryDelay);
    if (match) return Math.round(Number(match[1]) * 1000);
  }
  return undefined;
}

/**
 * Normalises a thrown value; values that are not Google API errors pass through unchanged.
 *
 * @example
 * try { … } catch (err) { throw toGoogleFailure(err, lastFailedHeaders); }
 */
export function toGoogleFailure(error: unknown, responseHeaders?: Headers): unknown {
  if (
    error instanceof SyntaxError ||
    (error instanceof Error && /^Incomplete JSON segment/.test(error.message))
  ) {
    return new MalformedStreamError(`Gemini sent a malformed stream event: ${error.message}`);
  }
  if (!(error instanceof Error) || error.name !== "ApiError") return error;
  const envelope = parseEnvelope(error.message);
  const status = isBag(error) && typeof error.status === "number" ? error.status : undefined;
  const message =
    typeof envelope?.message === "string" && envelope.message ? envelope.message : error.message;
  const code = typeof envelope?.status === "string" ? envelope.status : undefined;
  const headers: Record<string, string> = {};
  const delay = retryDelayMs(envelope?.details);
  const retryAfter = responseHeaders?.get("retry-after");
  if (delay !== undefined) headers["retry-after-ms"] = String(delay);
  else if (retryAfter) headers["retry-after"] = retryAfter;
  return new GoogleApiFailure(
    message,
    status,
    { error: code ? { status: code, message } : { message } },
    headers,
  );
}
