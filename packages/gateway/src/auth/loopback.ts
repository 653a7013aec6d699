import { isIPv4, isIPv6 } from "node:net";

/**
 * True only for a loopback address (127.0.0.0/8, ::1, ::ffff:127.x.y.z) or exactly `localhost`.
 * Hosts that merely start like one (`127.evil.example`, `127.0.0.1.nip.io`, `localhost.evil`) are not.
 *
 * @example
 * isLoopbackHost("127.0.0.2");         // true
 * isLoopbackHost("127.0.0.1.nip.io");  // false
 */
export function isLoopbackHost(host: string): boolean {
  const name = host.toLowerCase().replace(/^\[|\]$/g, "");
  if (name === "localhost" || name === "localhost.") return true;
  if (isIPv4(name)) return name.split(".")[0] === "127";
  if (!isIPv6(name)) return false;
  if (name === "::1" || name === "0:0:0:0:0:0:0:1") return true;
  // IPv4-mapped: "::ffff:127.0.0.1", which URL parsing writes as "::ffff:7f00:1".
  const mapped = /^(?:0:0:0:0:0|:):ffff:(.+)$/.exec(name)?.[1];
  if (mapped === undefined) return false;
  if (isIPv4(mapped)) return mapped.split(".")[0] === "127";
  const high = /^([0-9a-f]{1,4}):[0-9a-f]{1,4}$/.exec(mapped)?.[1];
  return high !== undefined && Number.parseInt(high, 16) >> 8 === 0x7f;
}
