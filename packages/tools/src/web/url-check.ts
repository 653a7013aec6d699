/**
 * The address rule for callers that cannot route the socket through `guardedGet` (a browser
 * resolves and connects on its own): a URL's host is resolved and every address it resolves to
 * must pass `blockedAddressReason`, unless the host is listed in `allowPrivate`.
 */
import { lookup as dnsLookup } from "node:dns/promises";
import { blockedAddressReason, isIpAddressText } from "./address-guard.js";

export interface UrlCheckOptions {
  /** Hosts that may resolve to private addresses (`tools.web.allowPrivate`), matched case-insensitively. */
  allowPrivate?: readonly string[];
  /** Name resolution (default `dns.lookup` with `all: true`); injectable for tests. */
  lookup?: (hostname: string) => Promise<readonly { address: string; family?: number }[]>;
}

/** Whether the host is one of the `allowPrivate` entries (brackets and case ignored). */
export function isAllowedPrivate(host: string, allowPrivate: readonly string[] | undefined): boolean {
  const wanted = host.toLowerCase().replace(/^\[(.*)\]$/, "$1");
  return (allowPrivate ?? []).some(
    (entry) =>
      entry
        .trim()
        .toLowerCase()
        .replace(/^\[(.*)\]$/, "$1") === wanted,
  );
}

/** Where a host may be reached: the address to connect to, or why it may not be. */
export type HostVerdict = { address: string; family: number } | { reason: string };

/**
 * Resolves a host and judges every address it has; an allowed host gets the one address to
 * connect to, so the connection goes exactly where the check looked (no DNS rebinding).
 *
 * @example
 * await resolveAllowedHost("10.0.0.1"); // { reason: "private (10.0.0.1)" }
 * await resolveAllowedHost("localhost", { allowPrivate: ["localhost"] }); // { address: "127.0.0.1", family: 4 }
 */
export async function resolveAllowedHost(
  hostname: string,
  options: UrlCheckOptions = {},
): Promise<HostVerdict> {
  const host = hostname.replace(/^\[(.*)\]$/, "$1");
  const allowed = isAllowedPrivate(host, options.allowPrivate);
  if (isIpAddressText(host)) {
    const reason = allowed ? undefined : blockedAddressReason(host);
    return reason ? { reason } : { address: host, family: host.includes(":") ? 6 : 4 };
  }
  const lookup = options.lookup ?? ((name: string) => dnsLookup(name, { all: true }));
  let addresses: readonly { address: string; family?: number }[];
  try {
    addresses = await lookup(host);
  } catch (error) {
    return { reason: `${host} does not resolve (${error instanceof Error ? error.message : String(error)})` };
  }
  const first = addresses[0];
  if (!first) return { reason: `${host} has no addresses` };
  const blocked = allowed
    ? undefined
    : addresses.map((a) => blockedAddressReason(a.address)).find((r) => r !== undefined);
  if (blocked) return { reason: `${host} resolves to ${blocked}` };
  return { address: first.address, family: first.family ?? (first.address.includes(":") ? 6 : 4) };
}

/**
 * Why an http(s) URL must not be reached, or undefined when its host is public (or allowed).
 * Other schemes are the caller's business and are not judged here.
 *
 * @example
 * await urlBlockReason(new URL("http://127.0.0.1:8080/")); // "loopback (127.0.0.1)"
 * await urlBlockReason(new URL("http://127.0.0.1/"), { allowPrivate: ["127.0.0.1"] }); // undefined
 */
export async function urlBlockReason(url: URL, options: UrlCheckOptions = {}): Promise<string | undefined> {
  const verdict = await resolveAllowedHost(url.hostname, options);
  return "reason" in verdict ? verdict.reason : undefined;
}
