/**
 * A local embedding server speaking the OpenAI (`/v1/embeddings`), Gemini
 * (`:batchEmbedContents`) and Ollama (`/api/embed`) wire formats. Vectors are a hashed bag of
 * words (CJK: character bigrams), L2-normalised, so texts sharing words are close. Models named
 * `…-d<N>` return N dims (default 64).
 */
import { createHash } from "node:crypto";
import { createServer, type IncomingMessage, type Server, type ServerResponse } from "node:http";
import type { AddressInfo } from "node:net";

const CJK = /[\u3400-\u9fff]/u;

export function fakeVector(text: string, dims: number): number[] {
  const v = new Array<number>(dims).fill(0);
  const lower = text.toLowerCase();
  const words = lower.match(/[a-z0-9_]+/g) ?? [];
  const cjk = [...lower].filter((c) => CJK.test(c));
  const grams = cjk.length === 1 ? cjk : cjk.slice(1).map((c, i) => `${cjk[i]}${c}`);
  for (const token of [...words, ...grams]) {
    const h = createHash("sha256").update(token).digest();
    const at = h.readUInt32LE(0) % dims;
    v[at] = (v[at] ?? 0) + ((h[4] ?? 0) % 2 === 0 ? 1 : -1);
  }
  const norm = Math.sqrt(v.reduce((s, x) => s + x * x, 0));
  if (norm === 0) v[0] = 1;
  return norm === 0 ? v : v.map((x) => x / norm);
}

function dimsOf(model: string): number {
  const m = /-d(\d+)$/.exec(model);
  return m ? Number(m[1]) : 64;
}

export interface FakeEmbeddingServer {
  url: string;
  /** Requests received per API, in order. */
  requests: Array<{ api: "openai" | "gemini" | "ollama"; model: string; inputs: string[] }>;
  /** The next `count` requests fail with `status`. */
  failNext(count: number, status: number): void;
  /** Holds requests whose inputs match until `release()` is called. */
  hold(match: (inputs: string[]) => boolean): { release: () => void; waiting: Promise<void> };
  close(): Promise<void>;
}

export async function startFakeEmbeddingServer(): Promise<FakeEmbeddingServer> {
  const requests: FakeEmbeddingServer["requests"] = [];
  let failures: Array<number> = [];
  let gate:
    | { promise: Promise<void>; onArrive: () => void; match: (inputs: string[]) => boolean }
    | undefined;
  const send = (res: ServerResponse, status: number, body: unknown) => {
    res.writeHead(status, { "content-type": "application/json" });
    res.end(JSON.stringify(body));
  };
  const handle = async (req: IncomingMessage, res: ServerResponse) => {
    let raw = "";
    for await (const part of req) raw += String(part);
    const body = (raw ? JSON.parse(raw) : {}) as Record<string, unknown>;
    const url = req.url ?? "";
    const inputs = [
      body.input,
      (body.requests as Array<{ content?: { parts?: Array<{ text?: string }> } }> | undefined)?.map(
        (r) => r.content?.parts?.[0]?.text,
      ),
    ]
      .flat(2)
      .filter((x): x is string => typeof x === "string");
    if (gate?.match(inputs)) {
      gate.onArrive();
      await gate.promise;
    }
    const status = failures.shift();
    if (status !== undefined)
      return send(res, status, {
        error: { message: `fake failure ${status}`, type: "rate_limit", code: status },
      });
    if (url.endsWith("/embeddings")) {
      const model = String(body.model);
      const inputs = Array.isArray(body.input) ? body.input.map(String) : [String(body.input)];
      requests.push({ api: "openai", model, inputs });
      const data = inputs.map((t, index) => {
        const vec = fakeVector(t, dimsOf(model));
        const embedding =
          body.encoding_format === "base64"
            ? Buffer.from(new Float32Array(vec).buffer).toString("base64")
            : vec;
        return { object: "embedding", index, embedding };
      });
      return send(res, 200, { object: "list", data, model, usage: { prompt_tokens: 1, total_tokens: 1 } });
    }
    const gemini = /models\/([^:]+):batchEmbedContents/.exec(url);
    if (gemini) {
      const model = gemini[1] ?? "";
      const reqs = (body.requests ?? []) as Array<{ content: { parts: Array<{ text: string }> } }>;
      const inputs = reqs.map((r) => r.content.parts.map((p) => p.text).join(""));
      requests.push({ api: "gemini", model, inputs });
      return send(res, 200, { embeddings: inputs.map((t) => ({ values: fakeVector(t, dimsOf(model)) })) });
    }
    if (url === "/api/embed") {
      const model = String(body.model);
      const inputs = Array.isArray(body.input) ? body.input.map(String) : [String(body.input)];
      requests.push({ api: "ollama", model, inputs });
      return send(res, 200, { model, embeddings: inputs.map((t) => fakeVector(t, dimsOf(model))) });
    }
    send(res, 404, { error: `no route ${url}` });
  };
  const server: Server = createServer((req, res) => {
    handle(req, res).catch((error: unknown) => send(res, 500, { error: String(error) }));
  });
  await new Promise<void>((resolve) => server.listen(0, "127.0.0.1", resolve));
  const { port } = server.address() as AddressInfo;
  return {
    url: `http://127.0.0.1:${port}`,
    requests,
    failNext(count, status) {
      failures = [...failures, ...Array.from({ length: count }, () => status)];
    },
    hold(match) {
      let release = () => {};
      let arrived = () => {};
      const waiting = new Promise<void>((r) => {
        arrived = r;
      });
      const promise = new Promise<void>((r) => {
        release = () => {
          gate = undefined;
          r();
        };
      });
      gate = { promise, onArrive: arrived, match };
      return { release, waiting };
    },
    async close() {
      server.closeAllConnections();
      await new Promise<void>((resolve) => server.close(() => resolve()));
    },
  };
}
