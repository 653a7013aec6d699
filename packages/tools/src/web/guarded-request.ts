/**
 * HTTP GET that cannot be pointed at the host's own network: every hop's host is checked by
 * `blockedAddressReason`, and names are resolved by a `lookup` that checks the addresses it
 * returns, so the socket connects to exactly the address that was checked (no DNS rebinding).
 * Redirects are followed by hand, each hop checked the same way, up to a hop limit.
 */
import { lookup as dnsLookup, type LookupAddress } from "node:dns";
import { request as httpRequest, type IncomingMessage } from "node:http";
import { request as httpsRequest } from "node:https";
import type { LookupFunction } from "node:net";
import type { Readable } from "node:stream";
import { createBrotliDecompress, createGunzip, createInflate } from "node:zlib";
import { blockedAddressReason, isIpAddressText } from "./address-guard.js";
import { isAllowedPrivate } from "./url-check.js";

export class BlockedAddressError extends Error {
  override name = "BlockedAddressError";
}

export interface GuardedGetOptions {
  signal: AbortSignal;
  headers?: Record<string, string>;
  /** Hosts that may resolve to private addresses (`tools.web.allowPrivate`), matched case-insensitively. */
  allowPrivate?: readonly string[];
  /** Redirects followed before giving up (default 5). */
  maxRedirects?: number;
}

export interface GuardedResponse {
  status: number;
  ok: boolean;
  url: string;
  header(name: string): string | undefined;
  /** The decoded body (gzip, deflate and br are undone). */
  body: Readable;
}

const REDIRECTS = new Set([301, 302, 303, 307, 308]);

/**
 * @example
 * const response = await guardedGet(new URL("https://example.com"), { signal });
 * for await (const chunk of response.body) …
 */
export async function guardedGet(url: URL, options: GuardedGetOptions): Promise<GuardedResponse> {
  const maxRedirects = options.maxRedirects ?? 5;
  let current = url;
  for (let hop = 0; ; hop++) {
    const response = await requestOnce(current, options);
    const location = response.headers.location;
    if (!REDIRECTS.has(response.statusCode ?? 0) || !location) return wrap(current, response);
    response.destroy();
    if (hop >= maxRedirects)
      throw new Error(`Too many redirects (more than ${maxRedirects}) from ${url.href}.`);
    current = new URL(location, current);
    if (current.protocol !== "http:" && current.protocol !== "https:")
      throw new Error(`Redirect to ${current.protocol} refused; only http and https can be fetched.`);
  }
}

function requestOnce(url: URL, options: GuardedGetOptions): Promise<IncomingMessage> {
  const host = url.hostname.replace(/^\[(.*)\]$/, "$1");
  const allowed = isAllowedPrivate(host, options.allowPrivate);
  if (!allowed && isIpAddressText(host)) {
    const reason = blockedAddressReason(host);
    if (reason) return Promise.reject(refusal(url, reason));
  }
  const request = url.protocol === "https:" ? httpsRequest : httpRequest;
  return new Promise((resolve, reject) => {
    const req = request(url, {
      method: "GET",
      headers: { "accept-encoding": "gzip, deflate, br", ...options.headers },
      signal: options.signal,
      agent: false,
      lookup: allowed ? undefined : checkedLookup(url),
    });
    req.on("response", resolve);
    req.on("error", reject);
    req.end();
  });
}

/** A `lookup` that refuses when any address of the name is blocked, and returns only checked ones. */
function checkedLookup(url: URL): LookupFunction {
  return (hostname, lookupOptions, callback) => {
    dnsLookup(hostname, { ...lookupOptions, all: true }, (error, addresses: LookupAddress[]) => {
      if (error) return callback(error, "", 0);
      const blocked = addresses.map((a) => blockedAddressReason(a.address)).find((r) => r !== undefined);
      if (blocked) return callback(refusal(url, `${hostname} resolves to ${blocked}`), "", 0);
      if (lookupOptions.all)
        return (callback as unknown as (e: null, a: LookupAddress[]) => void)(null, addresses);
      const first = addresses[0];
      if (!first) return callback(new Error(`${hostname} has no addresses`), "", 0);
      callback(null, first.address, first.family);
    });
  };
}

function refusal(url: URL, reason: string): BlockedAddressError {
  return new BlockedAddressError(
    `Refused to fetch ${url.href}: ${reason} is not a public address. Add the host to tools.web.allowPrivate to allow it.`,
  );
}

function wrap(url: URL, response: IncomingMessage): GuardedResponse {
  const encoding = String(response.headers["content-encoding"] ?? "")
    .trim()
    .toLowerCase();
  const decoder =
    encoding === "gzip" || encoding === "x-gzip"
      ? createGunzip()
      : encoding === "deflate"
        ? createInflate()
        : encoding === "br"
          ? createBrotliDecompress()
          : undefined;
  const body = decoder ? response.pipe(decoder) : response;
  if (decoder) response.on("error", (error) => decoder.destroy(error));
  const status = response.statusCode ?? 0;
  return {
    status,
    ok: status >= 200 && status < 300,
    url: url.href,
    header: (name) => {
      const value = response.headers[name.toLowerCase()];
      return Array.isArray(value) ? value.join(", ") : value;
    },
    body,
  };
}
