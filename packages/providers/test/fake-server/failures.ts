/**
 * Failure modes as transforms of a responder: the body is whatever the wrapped responder
 * would send, and the failure happens at a chosen point.
 */
import type { Reply, Responder } from "./reply.js";
import { sse } from "./responders.js";

/**
 * Sends the status, headers and the first `events` frames (or `bytes` bytes) of the body, then
 * destroys the socket: the client sees a connection reset mid-stream.
 *
 * @example
 * hangUpAfter(replaySse(fixture("google-generative-ai/text-stream.chunks.txt")), { events: 1 });
 */
export function hangUpAfter(responder: Responder, at: { events?: number; bytes?: number }): Responder {
  return async (request) => ({
    ...(await responder(request)),
    hangUpAfter: { frames: at.events, bytes: at.bytes },
  });
}

/**
 * Reads the request and never answers (no headers): for request timeouts and aborts before
 * the first byte. With `afterEvents`, sends headers and that many frames of `body`, then stalls.
 *
 * @example
 * neverRespond(); // client times out waiting for headers
 * neverRespond({ body: ndjson(lines), afterEvents: 2 }); // stalls mid-stream
 */
export function neverRespond(options: { body?: Responder; afterEvents?: number } = {}): Responder {
  const { body, afterEvents } = options;
  if (!body) return () => ({ status: 200, headers: {}, frames: [], silent: true });
  return async (request) => ({ ...(await body(request)), stallAfterFrames: afterEvents ?? 0 });
}

/** Closes the connection without any response (an immediate reset). */
export function resetConnection(): Responder {
  return () => ({ status: 0, headers: {}, frames: [], reset: true });
}

/**
 * A 200 SSE stream whose events after `validEvents` include a data line that is not JSON.
 *
 * @example
 * malformedSse({ validEvents: [{ candidates: [] }], terminator: "\r\n\r\n" });
 */
export function malformedSse(
  options: { validEvents?: readonly unknown[]; garbage?: string; terminator?: "\n\n" | "\r\n\r\n" } = {},
): Responder {
  const end = options.terminator ?? "\n\n";
  const valid = sse(options.validEvents ?? [], { terminator: end });
  const garbage = Buffer.from(`data: ${options.garbage ?? '{"candidates": [{"content": {"parts'}${end}`);
  return async (request) => {
    const reply = await valid(request);
    return { ...reply, frames: [...reply.frames, garbage] };
  };
}

/**
 * Waits `delayMs` between body frames, so clients see the stream arrive in pieces.
 *
 * @example
 * slowChunks(replayHttprr(fixture("ollama-chat/text-stream.httprr")), 5);
 */
export function slowChunks(responder: Responder, delayMs: number): Responder {
  return async (request) => ({ ...(await responder(request)), frameDelayMs: delayMs });
}

/** Applies any change to a responder's reply (status, headers, frames). */
export function mapReply(responder: Responder, change: (reply: Reply) => Reply): Responder {
  return async (request) => change(await responder(request));
}
