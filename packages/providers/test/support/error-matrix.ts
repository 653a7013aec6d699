/**
 * The error cases every adapter must classify without throwing, as a table. Each adapter test
 * supplies its provider's error envelope and its path; the matrix supplies the cases.
 */

import type { FailureReason } from "../../src/types.js";
import type { Responder } from "../fake-server/index.js";
import { hangUpAfter, json, malformedSse, neverRespond, resetConnection } from "../fake-server/index.js";

export interface ErrorCase {
  name: string;
  responder: Responder;
  reason: FailureReason;
  status?: number;
  code?: string;
  retryAfterMs?: number;
  /** Call option overrides (timeouts). */
  timeoutMs?: number;
  /** Point the client at a closed port instead of the server. */
  refused?: boolean;
}

/** Builds a provider's error body from (code/type, message). */
export type Envelope = (code: string, message: string) => unknown;

/** The wire-level failures that look the same for every HTTP provider. */
export function transportCases(
  stream: Responder,
  malformed: Responder = malformedSse({ garbage: "{not json" }),
): ErrorCase[] {
  return [
    {
      name: "connection refused",
      responder: json(200, {}),
      refused: true,
      reason: "network",
      code: "ECONNREFUSED",
    },
    { name: "socket hang-up before headers", responder: resetConnection(), reason: "network" },
    { name: "socket hang-up mid-stream", responder: hangUpAfter(stream, { events: 3 }), reason: "network" },
    { name: "malformed SSE line", responder: malformed, reason: "unknown", code: "MALFORMED_RESPONSE" },
    { name: "request timeout (no headers)", responder: neverRespond(), reason: "timeout", timeoutMs: 150 },
    {
      name: "stream stalls mid-way past the timeout",
      responder: neverRespond({ body: stream, afterEvents: 2 }),
      reason: "timeout",
      timeoutMs: 300,
    },
    { name: "502 bad gateway (HTML body)", responder: htmlError(502), reason: "timeout", status: 502 },
  ];
}

function htmlError(status: number): Responder {
  return () => ({
    status,
    headers: { "content-type": "text/html" },
    frames: [Buffer.from(`<html><body><h1>${status} Bad Gateway</h1></body></html>`)],
  });
}
