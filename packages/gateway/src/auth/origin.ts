import { isLoopbackHost } from "./shared-secret.js";

/**
 * Browser connections carry an Origin; only loopback pages (or configured origins) may connect.
 * Non-browser clients send no Origin and pass.
 *
 * @example
 * isAllowedOrigin("http://localhost:5173", []); // true
 * isAllowedOrigin("https://evil.example", []);  // false
 */
export function isAllowedOrigin(origin: string | undefined, allowed: readonly string[]): boolean {
  if (origin === undefined) return true;
  if (allowed.includes("*") || allowed.includes(origin)) return true;
  try {
    const host = new URL(origin).hostname.replace(/^\[|\]$/g, "");
    return isLoopbackHost(host);
  } catch {
    return false;
  }
}
