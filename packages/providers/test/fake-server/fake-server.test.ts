import { afterEach, describe, expect, it } from "vitest";
import {
  dechunk,
  type FakeServer,
  fixture,
  hangUpAfter,
  json,
  ndjson,
  parseHttprr,
  readCapture,
  replayCassette,
  replayHttprr,
  replayRecording,
  replaySse,
  startFakeServer,
  syntheticStream,
  tokenText,
} from "./index.js";

let server: FakeServer | undefined;
afterEach(async () => {
  await server?.close();
  server = undefined;
});

async function get(path: string, body = "{}"): Promise<Response> {
  if (!server) throw new Error("no server");
  return fetch(`${server.url}${path}`, {
    method: "POST",
    body,
    headers: { "content-type": "application/json" },
  });
}

describe("httprr parsing", () => {
  it("reads records, CRLF and bare-LF header lines, and chunk framing", () => {
    const [record] = parseHttprr(readCapture("ollama-chat/text-stream.httprr"));
    expect(record?.request.startLine).toBe("POST http://localhost:11434/api/chat HTTP/1.1");
    expect(record?.request.headers["user-agent"]).toBe("langchaingo-httprr");
    expect(record?.request.headers["content-length"]).toBe("151");
    expect(record?.response.headers["transfer-encoding"]).toBe("chunked");
    const chunks = dechunk(record?.response.body ?? Buffer.alloc(0));
    expect(chunks).toHaveLength(1);
    expect(chunks[0]?.length).toBe(0xb48);
  });

  it("keeps repeated headers and reads multi-record traces", () => {
    const records = parseHttprr(readCapture("google-generative-ai/parallel-function-calls-stream.httprr"));
    expect(records).toHaveLength(4);
    const [first] = parseHttprr(readCapture("google-generative-ai/text-stream.httprr"));
    expect(first?.response.headers.vary).toEqual(["Origin", "X-Origin", "Referer"]);
  });

  it.each([
    ["google-generative-ai/text-stream.httprr", 1],
    ["google-generative-ai/parallel-function-calls-stream.httprr", 4],
    ["ollama-chat/text-stream.httprr", 1],
    ["ollama-chat/thinking-stream.httprr", 1],
    ["ollama-chat/tool-call-nonstream.httprr", 2],
    ["ollama-chat/nonstream-thinking.httprr", 2],
    ["errors/gemini-403-permission-denied.httprr", 1],
    ["errors/ollama-400-model-does-not-support-tools.httprr", 1],
    ["anthropic-messages/text-stream.httprr", 1],
    ["openai-completions/text-stream.httprr", 1],
    ["openai-completions/nonstream-tool-call.httprr", 1],
  ])("parses %s into %i record(s), including index-shortened ones", (file, count) => {
    const records = parseHttprr(readCapture(file));
    expect(records).toHaveLength(count);
    for (const { request, response } of records) {
      expect(request.startLine).toMatch(/^(GET|POST) \S+ HTTP\/1\.1$/);
      expect(response.startLine).toMatch(/^HTTP\/[\d.]+ \d{3}/);
    }
  });

  it("de-chunks multi-chunk bodies and rejects garbage", () => {
    expect(dechunk(Buffer.from("3\r\nabc\r\na\r\n0123456789\r\n0\r\n\r\n")).map(String)).toEqual([
      "abc",
      "0123456789",
    ]);
    expect(() => parseHttprr(Buffer.from("not a trace\n"))).toThrow(/httprr trace v1/);
    expect(() => parseHttprr(Buffer.from("httprr trace v1\n10 10\nshort"))).toThrow(/past the end/);
  });
});

describe("fake server", () => {
  it("replays a chunked httprr body de-chunked, with status and headers", async () => {
    server = await startFakeServer({
      "POST /api/chat": replayHttprr(fixture("ollama-chat/text-stream.httprr")),
    });
    const response = await get("/api/chat");
    expect(response.status).toBe(200);
    expect(response.headers.get("content-type")).toBe("application/x-ndjson");
    const text = await response.text();
    const [record] = parseHttprr(readCapture("ollama-chat/text-stream.httprr"));
    expect(text).toBe(dechunk(record?.response.body ?? Buffer.alloc(0)).join(""));
    expect(server.requests[0]?.json()).toEqual({});
  });

  it("answers multi-record traces one record per request, then a 500", async () => {
    server = await startFakeServer(replayHttprr(fixture("ollama-chat/nonstream-thinking.httprr")));
    expect((await get("/api/chat")).status).toBe(200);
    expect((await get("/api/chat")).status).toBe(200);
    expect((await get("/api/chat")).status).toBe(500);
  });

  it("serves .sse bytes as-is and frames .chunks.txt per wire", async () => {
    server = await startFakeServer({
      "/sse": replaySse(fixture("anthropic-messages/tool-use-stream.sse"), { appendBlank: true }),
      "/gemini": replaySse(fixture("google-generative-ai/text-stream.chunks.txt"), {
        terminator: "\r\n\r\n",
      }),
      "/anthropic": replaySse(fixture("anthropic-messages/text-stream.chunks.txt"), { eventLines: true }),
      "/chat": replaySse(fixture("openai-completions/reasoning-content-stream.chunks.txt"), { done: true }),
    });
    const raw = readCapture("anthropic-messages/tool-use-stream.sse").toString("utf8");
    expect(await (await get("/sse")).text()).toBe(`${raw}\n\n`);
    const gemini = await (await get("/gemini")).text();
    expect(gemini.startsWith('data: {"candidates"')).toBe(true);
    expect(gemini.endsWith("}\r\n\r\n")).toBe(true);
    expect(gemini).not.toContain("[DONE]");
    const anthropic = await (await get("/anthropic")).text();
    expect(anthropic.startsWith("event: message_start\ndata: ")).toBe(true);
    expect((await (await get("/chat")).text()).endsWith("data: [DONE]\n\n")).toBe(true);
  });

  it("replays cassettes, recordings and json bodies", async () => {
    server = await startFakeServer({
      "/cassette": replayCassette(fixture("openai-responses/reasoning-summary-stream.cassette.yaml"), 0),
      "/recording": replayRecording(fixture("errors/anthropic-429-429-200.recording.json")),
      "/json": json(429, { error: "slow down" }, { "retry-after": "3" }),
    });
    const cassette = await get("/cassette");
    expect(cassette.headers.get("content-type")).toBe("text/event-stream; charset=utf-8");
    expect(await cassette.text()).toMatch(/^event: response.created\ndata: /);
    expect((await get("/recording")).status).toBe(429);
    expect((await get("/recording")).status).toBe(429);
    expect((await get("/recording")).status).toBe(200);
    const limited = await get("/json");
    expect(limited.headers.get("retry-after")).toBe("3");
    expect(await limited.json()).toEqual({ error: "slow down" });
  });

  it("hangs up mid-stream, and 404s unknown routes", async () => {
    server = await startFakeServer({ "/api/*": hangUpAfter(ndjson([{ a: 1 }, { a: 2 }]), { events: 1 }) });
    const response = await get("/api/chat");
    await expect(response.text()).rejects.toThrow();
    expect((await get("/other")).status).toBe(404);
  });

  it("builds synthetic streams of N tokens", async () => {
    server = await startFakeServer(syntheticStream("ollama", { tokens: 50 }));
    const lines = (await (await get("/api/chat")).text()).trim().split("\n");
    expect(lines).toHaveLength(51);
    expect(JSON.parse(lines[3] ?? "")).toMatchObject({ message: { content: tokenText(3) } });
  });
});
