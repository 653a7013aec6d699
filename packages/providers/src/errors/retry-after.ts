/**
 * Reads how long a provider asked us to wait. `retry-after-ms` (OpenAI) is most precise; then
 * `retry-after` as seconds or as an HTTP date.
 */

/** Anything header-like: a fetch `Headers`, or a plain record. */
export type HeaderSource =
  | { get(name: string): string | null | undefined }
  | Record<string, string | string[] | undefined>;

function header(headers: HeaderSource, name: string): string | undefined {
  if (typeof (headers as { get?: unknown }).get === "function") {
    return (headers as { get(name: string): string | null | undefined }).get(name) ?? undefined;
  }
  const record = headers as Record<string, string | string[] | undefined>;
  const key = Object.keys(record).find((k) => k.toLowerCase() === name);
  const value = key === undefined ? undefined : record[key];
  return Array.isArray(value) ? value[0] : value;
}

/**
 * Milliseconds to wait, or undefined when the headers say nothing usable.
 *
 * @example
 * parseRetryAfter({ "retry-after": "7" }); // 7000
 * parseRetryAfter(new Headers({ "retry-after-ms": "250" })); // 250
 */
export function parseRetryAfter(
  headers: HeaderSource | undefined,
  now: number = Date.now(),
): number | undefined {
  if (!headers) return undefined;
  const ms = header(headers, "retry-after-ms");
  if (ms !== undefined && ms.trim() !== "") {
    const value = Number(ms);
    if (Number.isFinite(value) && value >= 0) return Math.round(value);
  }
  const raw = header(headers, "retry-after")?.trim();
  if (!raw) return undefined;
  if (/^\d+(\.\d+)?$/.test(raw)) return Math.round(Number(raw) * 1000);
  const date = Date.parse(raw);
  if (Number.isNaN(date)) return undefined;
  return Math.max(0, date - now);
}
