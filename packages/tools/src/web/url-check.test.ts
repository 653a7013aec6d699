import { describe, expect, it } from "vitest";
import { isAllowedPrivate, resolveAllowedHost, urlBlockReason } from "./url-check.js";

/** A resolver that answers from a table, as DNS would. */
const table =
  (answers: Record<string, string[]>) =>
  async (host: string): Promise<{ address: string; family: number }[]> => {
    const addresses = answers[host];
    if (!addresses) throw new Error(`getaddrinfo ENOTFOUND ${host}`);
    return addresses.map((address) => ({ address, family: address.includes(":") ? 6 : 4 }));
  };

describe("resolveAllowedHost", () => {
  const lookup = table({
    "public.test": ["93.184.215.14"],
    "mixed.test": ["93.184.215.14", "10.0.0.7"],
    "intranet.test": ["192.168.1.20"],
    "empty.test": [],
  });

  it.each([
    ["public.test", [], { address: "93.184.215.14", family: 4 }],
    ["mixed.test", [], { reason: "mixed.test resolves to private (10.0.0.7)" }],
    ["intranet.test", [], { reason: "intranet.test resolves to private (192.168.1.20)" }],
    ["intranet.test", ["INTRANET.test"], { address: "192.168.1.20", family: 4 }],
    ["127.0.0.1", [], { reason: "loopback (127.0.0.1)" }],
    ["127.0.0.1", ["127.0.0.1"], { address: "127.0.0.1", family: 4 }],
    ["[::1]", ["[::1]"], { address: "::1", family: 6 }],
    ["[::ffff:10.0.0.1]", [], { reason: "private (10.0.0.1)" }],
    ["empty.test", [], { reason: "empty.test has no addresses" }],
    ["missing.test", [], { reason: "missing.test does not resolve (getaddrinfo ENOTFOUND missing.test)" }],
  ])("%s with allowPrivate %j", async (host, allowPrivate, verdict) => {
    expect(await resolveAllowedHost(host, { allowPrivate, lookup })).toEqual(verdict);
  });

  it("judges URLs by their host", async () => {
    expect(await urlBlockReason(new URL("http://0x7f.1:8080/x"), { lookup })).toBe("loopback (127.0.0.1)");
    expect(await urlBlockReason(new URL("https://public.test/"), { lookup })).toBeUndefined();
  });

  it("matches allowPrivate entries without case or brackets", () => {
    expect(isAllowedPrivate("LocalHost", [" localhost "])).toBe(true);
    expect(isAllowedPrivate("::1", ["[::1]"])).toBe(true);
    expect(isAllowedPrivate("localhost", undefined)).toBe(false);
  });
});
