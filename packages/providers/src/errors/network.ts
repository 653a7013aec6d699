/**
 * Node and undici transport failures, as data: the code, what it means in a person's words, and
 * whether it is a timeout (the server may be slow) or a network failure (nothing answered, or
 * the connection broke). Both fall back to the next model; only the wording and reason differ.
 */
import type { FailureReason } from "../types.js";

export interface TransportCode {
  code: string;
  reason: Extract<FailureReason, "network" | "timeout">;
  /** How the failure reads in a message: "connection refused". */
  says: string;
}

export const TRANSPORT_CODES: readonly TransportCode[] = [
  { code: "ECONNREFUSED", reason: "network", says: "connection refused" },
  { code: "ECONNRESET", reason: "network", says: "connection reset" },
  { code: "ECONNABORTED", reason: "network", says: "connection aborted" },
  { code: "EPIPE", reason: "network", says: "connection closed while sending" },
  { code: "ENOTFOUND", reason: "network", says: "host not found (DNS)" },
  { code: "EAI_AGAIN", reason: "network", says: "DNS lookup failed (temporary)" },
  { code: "EHOSTUNREACH", reason: "network", says: "host unreachable" },
  { code: "ENETUNREACH", reason: "network", says: "network unreachable" },
  { code: "UND_ERR_SOCKET", reason: "network", says: "connection closed by the server" },
  { code: "ETIMEDOUT", reason: "timeout", says: "connection timed out" },
  { code: "UND_ERR_CONNECT_TIMEOUT", reason: "timeout", says: "connect timed out" },
  { code: "UND_ERR_HEADERS_TIMEOUT", reason: "timeout", says: "no response headers in time" },
  { code: "UND_ERR_BODY_TIMEOUT", reason: "timeout", says: "response body stalled" },
];

/** The codes of one reason, for a rule row. */
export function transportCodes(reason: TransportCode["reason"]): string[] {
  return TRANSPORT_CODES.filter((t) => t.reason === reason).map((t) => t.code);
}

/**
 * A person's words for a transport code, or undefined when the code is not one.
 *
 * @example
 * describeTransportCode("ECONNREFUSED"); // "connection refused"
 */
export function describeTransportCode(code: string | undefined): string | undefined {
  return TRANSPORT_CODES.find((t) => t.code === code)?.says;
}
