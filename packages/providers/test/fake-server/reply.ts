/**
 * What a fake route answers with: plain data. Responders build a `Reply`; failure modes are
 * small transforms of one; `writeReply` is the only code that touches the socket.
 */
import type { IncomingHttpHeaders, ServerResponse } from "node:http";

/** One request as the fake server saw it. */
export interface RecordedRequest {
  method: string;
  /** Path without the query string, e.g. `/api/chat`. */
  path: string;
  /** Path with the query string, e.g. `/v1beta/models/x:streamGenerateContent?alt=sse`. */
  url: string;
  headers: IncomingHttpHeaders;
  /** The raw request body as UTF-8 text. */
  body: string;
  /** The body parsed as JSON (throws when it is not JSON). */
  json<T = unknown>(): T;
}

/** A response as data: status, headers and the body as the pieces it is written in. */
export interface Reply {
  status: number;
  statusText?: string;
  headers: Record<string, string | string[]>;
  /** Body pieces, one `write()` each: an SSE event, an NDJSON line, an HTTP chunk. */
  frames: Buffer[];
  /** Destroy the socket after this many body frames or bytes have been written. */
  hangUpAfter?: { frames?: number; bytes?: number };
  /** Wait this long between frames (server side, to exercise partial reads). */
  frameDelayMs?: number;
  /** Write headers and this many frames, then never write or close again. */
  stallAfterFrames?: number;
  /** Never write anything (not even headers): for request timeouts. */
  silent?: boolean;
  /** Destroy the socket without any response (a connection reset). */
  reset?: boolean;
}

/** Builds the reply for one request. May keep state (e.g. which recorded record comes next). */
export type Responder = (request: RecordedRequest) => Reply | Promise<Reply>;

/** Headers a recording carries that describe the old connection, not the body we re-send. */
const HOP_BY_HOP = new Set([
  "content-length",
  "transfer-encoding",
  "connection",
  "keep-alive",
  "content-encoding",
]);

/** Drops connection-level headers from recorded ones; node sets its own framing. */
export function replayableHeaders(
  headers: Record<string, string | string[]>,
): Record<string, string | string[]> {
  const out: Record<string, string | string[]> = {};
  for (const [name, value] of Object.entries(headers)) {
    if (!HOP_BY_HOP.has(name.toLowerCase())) out[name] = value;
  }
  return out;
}

/** Splits a body after each occurrence of `separator`, keeping every byte. */
export function splitFrames(body: Buffer, separator: string): Buffer[] {
  const frames: Buffer[] = [];
  let start = 0;
  for (;;) {
    const at = body.indexOf(separator, start, "latin1");
    if (at < 0) break;
    frames.push(body.subarray(start, at + separator.length));
    start = at + separator.length;
  }
  if (start < body.length) frames.push(body.subarray(start));
  return frames;
}

/** Frames a recorded body by its content: SSE events, else lines. Bytes are never changed. */
export function framesForBody(body: Buffer, contentType: string | undefined): Buffer[] {
  if (contentType?.includes("text/event-stream")) {
    return splitFrames(body, body.includes("\r\n\r\n") ? "\r\n\r\n" : "\n\n");
  }
  return splitFrames(body, "\n");
}

function wait(ms: number): Promise<void> {
  return new Promise((resolve) => setTimeout(resolve, ms));
}

function writeFrame(res: ServerResponse, frame: Buffer): Promise<void> {
  return new Promise((resolve) => {
    if (res.destroyed) return resolve();
    res.write(frame, () => resolve());
  });
}

/** Writes a reply, honouring its failure modes. Resolves once the exchange is over. */
export async function writeReply(res: ServerResponse, reply: Reply): Promise<void> {
  if (reply.reset) {
    res.socket?.destroy();
    return;
  }
  if (reply.silent) return;
  res.statusCode = reply.status;
  if (reply.statusText) res.statusMessage = reply.statusText;
  for (const [name, value] of Object.entries(reply.headers)) res.setHeader(name, value);
  res.flushHeaders();
  let frames = reply.frames;
  const hang = reply.hangUpAfter;
  if (hang?.bytes !== undefined) frames = [Buffer.concat(frames).subarray(0, hang.bytes)];
  else if (hang?.frames !== undefined) frames = frames.slice(0, hang.frames);
  if (reply.stallAfterFrames !== undefined) frames = frames.slice(0, reply.stallAfterFrames);
  for (const [index, frame] of frames.entries()) {
    if (index > 0 && reply.frameDelayMs) await wait(reply.frameDelayMs);
    if (frame.length > 0) await writeFrame(res, frame);
  }
  if (reply.stallAfterFrames !== undefined) return;
  if (hang) {
    res.socket?.destroy();
    return;
  }
  res.end();
}
