/**
 * Responders that replay recorded captures byte for byte, plus builders for synthetic bodies.
 * Replays of multi-record files answer one record per request, in order.
 */
import { parse as parseYaml } from "yaml";
import { readCapture } from "./fixture.js";
import { dechunk, parseHttprr, parseStatusLine } from "./httprr.js";
import { framesForBody, type Reply, type Responder, replayableHeaders, splitFrames } from "./reply.js";

const SSE_HEADERS = { "content-type": "text/event-stream", "cache-control": "no-cache" };

/** Answers the n-th call with `replies[n]`, or with a 500 naming the exhausted fixture. */
function inOrder(label: string, replies: readonly Reply[]): Responder {
  let next = 0;
  return () => {
    const reply = replies[next++];
    if (reply) return reply;
    return jsonReply(500, { error: `fake-server: ${label} has only ${replies.length} recorded response(s)` });
  };
}

function headerText(headers: Record<string, string | string[]>, name: string): string | undefined {
  const value = headers[name];
  return Array.isArray(value) ? value[0] : value;
}

/**
 * Replays an httprr trace: status, headers and body bytes as recorded. Chunked bodies are
 * re-sent chunk by chunk. Without `recordIndex`, each request gets the next record.
 *
 * @example
 * await startFakeServer({ "POST /api/chat": replayHttprr(fixture("ollama-chat/text-stream.httprr")) });
 */
export function replayHttprr(file: string, recordIndex?: number): Responder {
  const replies = parseHttprr(readCapture(file)).map(({ response }): Reply => {
    const { status, statusText } = parseStatusLine(response.startLine);
    const chunked = headerText(response.headers, "transfer-encoding")?.toLowerCase() === "chunked";
    const frames = chunked
      ? dechunk(response.body)
      : framesForBody(response.body, headerText(response.headers, "content-type"));
    return { status, statusText, headers: replayableHeaders(response.headers), frames };
  });
  if (recordIndex === undefined) return inOrder(file, replies);
  const reply = replies[recordIndex];
  if (!reply) throw new Error(`fake-server: ${file} has no record ${recordIndex} (it has ${replies.length})`);
  return () => reply;
}

export interface SseReplayOptions {
  /** `.chunks.txt` only: send `event: <json.type>` before each data line (Anthropic, Responses). */
  eventLines?: boolean;
  /** `.sse` only: append a blank line when the recording ends without one. */
  appendBlank?: boolean;
  /** `.chunks.txt` only: the event terminator (`\r\n\r\n` for Gemini). Default `\n\n`. */
  terminator?: "\n\n" | "\r\n\r\n";
  /** `.chunks.txt` only: end with `data: [DONE]` (Chat Completions). */
  done?: boolean;
}

/**
 * Serves a `.sse` body as-is, or turns a `.chunks.txt` file (one JSON event per line) into SSE
 * framing. Data lines are never re-serialized.
 *
 * @example
 * replaySse(fixture("google-generative-ai/text-stream.chunks.txt"), { terminator: "\r\n\r\n" });
 */
export function replaySse(file: string, options: SseReplayOptions = {}): Responder {
  const bytes = readCapture(file);
  if (!file.endsWith(".chunks.txt")) {
    const body = options.appendBlank ? Buffer.concat([bytes, Buffer.from("\n\n")]) : bytes;
    const frames = framesForBody(body, "text/event-stream");
    return () => ({ status: 200, headers: SSE_HEADERS, frames });
  }
  const lines = bytes
    .toString("utf8")
    .split("\n")
    .filter((line) => line.trim() !== "");
  return sse(lines, { ...options, raw: true });
}

export interface SseBuildOptions {
  eventLines?: boolean;
  terminator?: "\n\n" | "\r\n\r\n";
  done?: boolean;
  /** The events are already JSON text: send them unchanged. */
  raw?: boolean;
}

/**
 * An SSE stream from events (objects are JSON-encoded; with `raw`, strings are sent as they are).
 *
 * @example
 * sse([{ type: "ping" }], { eventLines: true });
 */
export function sse(events: readonly unknown[], options: SseBuildOptions = {}): Responder {
  const end = options.terminator ?? "\n\n";
  const frames = events.map((event) => {
    const data = options.raw && typeof event === "string" ? event : JSON.stringify(event);
    const name = options.eventLines ? `event: ${eventType(data)}\n` : "";
    return Buffer.from(`${name}data: ${data}${end}`);
  });
  if (options.done) frames.push(Buffer.from(`data: [DONE]${end}`));
  return () => ({ status: 200, headers: SSE_HEADERS, frames });
}

function eventType(data: string): string {
  const parsed: unknown = JSON.parse(data);
  if (typeof parsed === "object" && parsed !== null && "type" in parsed && typeof parsed.type === "string") {
    return parsed.type;
  }
  throw new Error(`fake-server: event has no "type" for an event line: ${data.slice(0, 80)}`);
}

/** The parts of a VCR cassette this server reads. */
interface Cassette {
  interactions: {
    response: {
      status: { code: number; message?: string };
      headers?: Record<string, string[]>;
      body: { string: string };
    };
  }[];
}

/**
 * Replays `interactions[index].response` of a VCR cassette with its exact body text.
 *
 * @example
 * replayCassette(fixture("openai-responses/reasoning-summary-stream.cassette.yaml"), 0);
 */
export function replayCassette(file: string, index: number): Responder {
  const cassette = parseYaml(readCapture(file).toString("utf8")) as Cassette;
  const response = cassette.interactions[index]?.response;
  if (!response) throw new Error(`fake-server: ${file} has no interaction ${index}`);
  const headers = replayableHeaders(response.headers ?? {});
  const body = Buffer.from(response.body.string, "utf8");
  const frames = framesForBody(body, headerText(headers, "content-type"));
  return () => ({ status: response.status.code, statusText: response.status.message, headers, frames });
}

/** One entry of an anthropic-sdk-python http-snapshot recording. */
interface RecordingEntry {
  response: { status_code: number; headers: Record<string, string>; body: unknown };
}

/**
 * Replays an http-snapshot `.recording.json`: request n gets entry n. JSON bodies were stored
 * parsed, so they are re-encoded; text bodies are sent verbatim.
 *
 * @example
 * replayRecording(fixture("errors/anthropic-429-429-200.recording.json"));
 */
export function replayRecording(file: string): Responder {
  const entries = JSON.parse(readCapture(file).toString("utf8")) as RecordingEntry[];
  const replies = entries.map(({ response }): Reply => {
    const headers = replayableHeaders(response.headers);
    const text = typeof response.body === "string" ? response.body : JSON.stringify(response.body);
    const frames = framesForBody(Buffer.from(text, "utf8"), headerText(headers, "content-type"));
    return { status: response.status_code, headers, frames };
  });
  return inOrder(file, replies);
}

/**
 * An NDJSON stream (Ollama): objects are JSON-encoded, strings are sent as raw lines.
 *
 * @example
 * ndjson([{ message: { content: "hi" }, done: false }, { done: true, done_reason: "stop" }]);
 */
export function ndjson(lines: readonly unknown[], status = 200): Responder {
  const frames = lines.map((line) =>
    Buffer.from(`${typeof line === "string" ? line : JSON.stringify(line)}\n`),
  );
  return () => ({ status, headers: { "content-type": "application/x-ndjson" }, frames });
}

/**
 * A JSON response (strings are sent unchanged, so recorded `.json` bodies stay byte-exact).
 *
 * @example
 * json(429, { error: { code: 429, status: "RESOURCE_EXHAUSTED" } }, { "retry-after": "7" });
 */
export function json(status: number, body: unknown, headers: Record<string, string> = {}): Responder {
  const reply = jsonReply(status, body, headers);
  return () => reply;
}

/** The reply `json()` answers with, for composing into other responders. */
export function jsonReply(status: number, body: unknown, headers: Record<string, string> = {}): Reply {
  const text = Buffer.isBuffer(body)
    ? body
    : Buffer.from(typeof body === "string" ? body : JSON.stringify(body));
  return {
    status,
    headers: { "content-type": "application/json", ...headers },
    frames: splitFrames(text, "\n"),
  };
}

/** Serves a recorded `.json` capture body byte for byte with the given status. */
export function replayJson(file: string, status = 200, headers: Record<string, string> = {}): Responder {
  return json(status, readCapture(file), headers);
}
