/**
 * Which addresses web_fetch may connect to: a pure function of the address text. Loopback,
 * private, link-local, CGNAT, multicast, documentation and other reserved ranges are refused,
 * in IPv4 (also written in decimal, octal or hex, as `inet_aton` accepts) and IPv6 (also with
 * an IPv4 address embedded: mapped, compatible, NAT64 and 6to4).
 */
import { isIPv6 } from "node:net";

interface Range {
  bytes: readonly number[];
  prefix: number;
  label: string;
}

const v4 = (cidr: string, label: string): Range => {
  const [address = "", prefix = "32"] = cidr.split("/");
  return { bytes: address.split(".").map(Number), prefix: Number(prefix), label };
};
const v6 = (cidr: string, label: string): Range => {
  const [address = "", prefix = "128"] = cidr.split("/");
  return { bytes: [...(parseIPv6(address) ?? [])], prefix: Number(prefix), label };
};

/** Refused IPv4 ranges (IANA special-purpose registry, minus the globally reachable ones). */
export const BLOCKED_IPV4: readonly Range[] = [
  v4("0.0.0.0/8", "this-network"),
  v4("10.0.0.0/8", "private"),
  v4("100.64.0.0/10", "carrier-grade NAT"),
  v4("127.0.0.0/8", "loopback"),
  v4("169.254.0.0/16", "link-local"),
  v4("172.16.0.0/12", "private"),
  v4("192.0.0.0/24", "IETF protocol assignments"),
  v4("192.0.2.0/24", "documentation"),
  v4("192.88.99.0/24", "6to4 relay"),
  v4("192.168.0.0/16", "private"),
  v4("198.18.0.0/15", "benchmarking"),
  v4("198.51.100.0/24", "documentation"),
  v4("203.0.113.0/24", "documentation"),
  v4("224.0.0.0/4", "multicast"),
  v4("240.0.0.0/4", "reserved"),
];

/** Refused IPv6 ranges; embedded IPv4 is checked against `BLOCKED_IPV4` first. */
export const BLOCKED_IPV6: readonly Range[] = [
  v6("::/128", "unspecified"),
  v6("::1/128", "loopback"),
  v6("::/96", "IPv4-compatible (deprecated)"),
  v6("64:ff9b:1::/48", "local NAT64"),
  v6("100::/64", "discard"),
  v6("2001::/32", "Teredo"),
  v6("2001:10::/28", "ORCHID"),
  v6("2001:20::/28", "ORCHIDv2"),
  v6("2001:db8::/32", "documentation"),
  v6("fc00::/7", "unique local (private)"),
  v6("fe80::/10", "link-local"),
  v6("fec0::/10", "site-local (deprecated)"),
  v6("ff00::/8", "multicast"),
];

/**
 * Why an address must not be fetched, or undefined when it is a public address. Text that is
 * not an IP address at all is refused too (the caller resolves names first).
 *
 * @example
 * blockedAddressReason("0x7f.1"); // "loopback (127.0.0.1)"
 * blockedAddressReason("::ffff:10.0.0.1"); // "private (10.0.0.1)"
 * blockedAddressReason("93.184.215.14"); // undefined
 */
export function blockedAddressReason(address: string): string | undefined {
  const text = address.trim().replace(/^\[(.*)\]$/, "$1");
  const ipv4 = parseIPv4(text);
  if (ipv4) return ipv4Reason(ipv4);
  const ipv6 = parseIPv6(text.replace(/%.*$/, ""));
  if (!ipv6) return `not an IP address: "${address}"`;
  const embedded = embeddedIPv4(ipv6);
  if (embedded) {
    const reason = ipv4Reason(embedded);
    if (reason) return reason;
  }
  const range = BLOCKED_IPV6.find((r) => matches(ipv6, r));
  return range ? `${range.label} (${text})` : undefined;
}

/** Whether the text is an IP address in any form `blockedAddressReason` understands. */
export function isIpAddressText(text: string): boolean {
  const bare = text.trim().replace(/^\[(.*)\]$/, "$1");
  return parseIPv4(bare) !== undefined || parseIPv6(bare.replace(/%.*$/, "")) !== undefined;
}

function ipv4Reason(bytes: readonly number[]): string | undefined {
  const range = BLOCKED_IPV4.find((r) => matches(bytes, r));
  return range ? `${range.label} (${bytes.join(".")})` : undefined;
}

function matches(bytes: readonly number[], range: Range): boolean {
  if (bytes.length !== range.bytes.length) return false;
  let bits = range.prefix;
  for (let i = 0; bits > 0; i++, bits -= 8) {
    const mask = bits >= 8 ? 0xff : (0xff << (8 - bits)) & 0xff;
    if (((bytes[i] ?? 0) & mask) !== ((range.bytes[i] ?? 0) & mask)) return false;
  }
  return true;
}

/** IPv4 in `inet_aton` forms: 1–4 parts, each decimal, octal (leading 0) or hex (0x). */
export function parseIPv4(text: string): number[] | undefined {
  const parts = text.split(".");
  if (parts.length > 4 || parts.some((p) => !/^(0x[0-9a-f]*|0[0-7]*|[1-9][0-9]*)$/i.test(p)))
    return undefined;
  const values = parts.map((p) =>
    /^0x/i.test(p)
      ? p.length === 2
        ? 0
        : Number.parseInt(p.slice(2), 16)
      : p.startsWith("0")
        ? Number.parseInt(p || "0", 8)
        : Number(p),
  );
  const last = values.pop() ?? 0;
  if (values.some((v) => v > 0xff) || last >= 256 ** (4 - values.length)) return undefined;
  const bytes = [...values];
  for (let shift = (3 - values.length) * 8; shift >= 0; shift -= 8)
    bytes.push(Math.floor(last / 2 ** shift) % 256);
  return bytes;
}

function parseIPv6(text: string): number[] | undefined {
  if (!isIPv6(text)) return undefined;
  let head = text;
  const tail: number[] = [];
  const dotted = /:(\d+\.\d+\.\d+\.\d+)$/.exec(text);
  if (dotted?.[1]) {
    tail.push(...dotted[1].split(".").map(Number));
    head = `${text.slice(0, dotted.index + 1)}0:0`;
  }
  const [left = "", right] = head.split("::");
  const groups = (part: string) => (part === "" ? [] : part.split(":").map((g) => Number.parseInt(g, 16)));
  const leftGroups = groups(left);
  const rightGroups = right === undefined ? [] : groups(right);
  const fill = Array(8 - leftGroups.length - rightGroups.length).fill(0);
  const all = [...leftGroups, ...fill, ...rightGroups];
  const bytes = all.flatMap((g) => [g >> 8, g & 0xff]);
  if (tail.length === 4) bytes.splice(12, 4, ...tail);
  return bytes;
}

/** The IPv4 address inside a mapped (::ffff:a.b.c.d), NAT64 (64:ff9b::/96) or 6to4 (2002::/16) address. */
function embeddedIPv4(bytes: readonly number[]): number[] | undefined {
  const isZero = (from: number, to: number) => bytes.slice(from, to).every((b) => b === 0);
  if (isZero(0, 10) && bytes[10] === 0xff && bytes[11] === 0xff) return bytes.slice(12);
  if (bytes[0] === 0 && bytes[1] === 0x64 && bytes[2] === 0xff && bytes[3] === 0x9b && isZero(4, 12))
    return bytes.slice(12);
  if (bytes[0] === 0x20 && bytes[1] === 0x02) return bytes.slice(2, 6);
  return undefined;
}
