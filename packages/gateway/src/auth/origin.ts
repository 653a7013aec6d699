import { isLoopbackHost } from "./loopback.js";

/** The serialised origin (`scheme://host[:port]`, lower case) of a URL, or undefined when it has none. */
function originOf(text: string): string | undefined {
  try {
    const url = new URL(text);
    if (url.protocol !== "http:" && url.protocol !== "https:") return undefined;
    return url.origin;
  } catch {
    return undefined;
  }
}

/**
 * Browser requests carry an Origin; only loopback pages (or configured origins, compared as parsed
 * origins) may use the gateway. Non-browser clients send no Origin and pass. The host is compared
 * as an IP or exactly `localhost`, so `http://127.evil.example` is foreign.
 *
 * @example
 * isAllowedOrigin("http://localhost:5173", []);       // true
 * isAllowedOrigin("http://127.0.0.1.nip.io", []);    // false
 * isAllowedOrigin("https://app.example", ["https://APP.example/"]); // true
 */
export function isAllowedOrigin(origin: string | undefined, allowed: readonly string[]): boolean {
  if (origin === undefined) return true;
  const parsed = originOf(origin);
  if (parsed === undefined) return false;
  if (allowed.includes("*")) return true;
  if (allowed.some((entry) => originOf(entry) === parsed)) return true;
  return isLoopbackHost(new URL(parsed).hostname);
}
