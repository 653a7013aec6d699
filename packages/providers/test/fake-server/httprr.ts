/**
 * Parser for `httprr trace v1` files (rsc.io/httprr): a header line, then records of
 * `<reqLen> <respLen>\n` followed by exactly that many bytes of raw HTTP request and response.
 */

export interface HttpMessage {
  /** Request line or status line, e.g. `HTTP/1.1 200 OK`. */
  startLine: string;
  /** Header values by lower-cased name; repeated headers become arrays. */
  headers: Record<string, string | string[]>;
  /** Raw body bytes as recorded (still chunk-framed when the response was chunked). */
  body: Buffer;
}

export interface HttprrRecord {
  request: HttpMessage;
  response: HttpMessage;
}

const MAGIC = "httprr trace v1\n";

/**
 * Parses a whole trace into its records.
 *
 * @example
 * const [first] = parseHttprr(readFileSync(fixture("ollama-chat/text-stream.httprr")));
 * first.response.startLine; // "HTTP/1.1 200 OK"
 */
export function parseHttprr(trace: Buffer): HttprrRecord[] {
  if (trace.subarray(0, MAGIC.length).toString("latin1") !== MAGIC) {
    throw new Error(`httprr: missing "${MAGIC.trim()}" header line`);
  }
  const records: HttprrRecord[] = [];
  let at = MAGIC.length;
  while (at < trace.length) {
    const eol = trace.indexOf(0x0a, at);
    if (eol < 0) throw new Error(`httprr: truncated record header at byte ${at}`);
    const match = /^(\d+) (\d+)$/.exec(trace.subarray(at, eol).toString("latin1"));
    if (!match) throw new Error(`httprr: bad record header at byte ${at}`);
    const reqStart = eol + 1;
    const respStart = reqStart + Number(match[1]);
    const declaredEnd = respStart + Number(match[2]);
    if (respStart > trace.length)
      throw new Error(`httprr: record at byte ${at} runs past the end of the file`);
    const end = recordEnd(trace, declaredEnd);
    records.push({
      request: parseHttpMessage(trace.subarray(reqStart, respStart)),
      response: parseHttpMessage(trace.subarray(respStart, end)),
    });
    at = end;
  }
  return records;
}

const RECORD_HEADER = /\d+ \d+\n[A-Z]+ \S+ HTTP\//g;

/**
 * Where a record really ends. Some traces were rebuilt from an index that dropped a few non-ASCII
 * bytes, so a declared length may overshoot; then the record ends at the next record header
 * found by structure, or at the end of the file.
 */
function recordEnd(trace: Buffer, declaredEnd: number): number {
  if (declaredEnd === trace.length) return declaredEnd;
  const text = trace.toString("latin1");
  RECORD_HEADER.lastIndex = declaredEnd;
  if (declaredEnd < trace.length && RECORD_HEADER.exec(text)?.index === declaredEnd) return declaredEnd;
  RECORD_HEADER.lastIndex = Math.max(0, declaredEnd - 64);
  return RECORD_HEADER.exec(text)?.index ?? trace.length;
}

/** Splits raw HTTP into start line, headers and body. Header lines may end in CRLF or bare LF. */
export function parseHttpMessage(raw: Buffer): HttpMessage {
  const text = raw.toString("latin1");
  const blank = /\r?\n\r?\n/.exec(text);
  if (!blank) throw new Error("httprr: HTTP message has no blank line after its headers");
  const lines = text.slice(0, blank.index).split(/\r?\n/);
  const headers: Record<string, string | string[]> = {};
  for (const line of lines.slice(1)) {
    const colon = line.indexOf(":");
    if (colon <= 0) continue;
    const name = line.slice(0, colon).trim().toLowerCase();
    const value = line.slice(colon + 1).trim();
    const prior = headers[name];
    headers[name] = prior === undefined ? value : [...(Array.isArray(prior) ? prior : [prior]), value];
  }
  return {
    startLine: lines[0] ?? "",
    headers,
    // latin1 maps bytes 1:1 to characters, so string offsets are byte offsets.
    body: raw.subarray(blank.index + blank[0].length),
  };
}

/** Status code and reason from `HTTP/2.0 403 Forbidden`. */
export function parseStatusLine(line: string): { status: number; statusText: string } {
  const match = /^HTTP\/[\d.]+ (\d{3}) ?(.*)$/.exec(line);
  if (!match) throw new Error(`httprr: bad status line ${JSON.stringify(line)}`);
  return { status: Number(match[1]), statusText: match[2] ?? "" };
}

/**
 * Removes HTTP/1.1 chunk framing, returning the data of each chunk in order.
 *
 * @example
 * dechunk(Buffer.from("3\r\nabc\r\n0\r\n\r\n")); // [Buffer "abc"]
 */
export function dechunk(body: Buffer): Buffer[] {
  const chunks: Buffer[] = [];
  let at = 0;
  while (at < body.length) {
    const eol = body.indexOf("\r\n", at, "latin1");
    if (eol < 0) throw new Error(`httprr: chunk size line without CRLF at byte ${at}`);
    const size = Number.parseInt(body.subarray(at, eol).toString("latin1").split(";")[0] ?? "", 16);
    if (Number.isNaN(size)) throw new Error(`httprr: bad chunk size at byte ${at}`);
    if (size === 0) break;
    chunks.push(body.subarray(eol + 2, eol + 2 + size));
    at = eol + 2 + size + 2;
  }
  return chunks;
}
