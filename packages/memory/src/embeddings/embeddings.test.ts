import { afterAll, beforeAll, describe, expect, it } from "vitest";
import {
  type FakeEmbeddingServer,
  fakeVector,
  startFakeEmbeddingServer,
} from "../../test/fake-embeddings.js";
import { resolveEmbeddingProvider } from "./auto.js";
import { createGeminiEmbeddings } from "./gemini.js";
import { createOllamaEmbeddings } from "./ollama.js";
import { createOpenAiEmbeddings } from "./openai.js";
import { EmbeddingError } from "./retry.js";

let server: FakeEmbeddingServer;
beforeAll(async () => {
  server = await startFakeEmbeddingServer();
});
afterAll(() => server.close());

describe("embedding providers through their real SDKs", () => {
  const make = () => ({
    openai: createOpenAiEmbeddings({
      provider: "openai",
      apiKey: "k",
      baseUrl: `${server.url}/v1`,
      model: "m-d16",
      batchSize: 2,
    }),
    gemini: createGeminiEmbeddings({
      provider: "gemini",
      apiKey: "k",
      baseUrl: server.url,
      model: "m-d16",
      batchSize: 2,
    }),
    ollama: createOllamaEmbeddings({ provider: "ollama", baseUrl: server.url, model: "m-d16", batchSize: 2 }),
  });
  for (const api of ["openai", "gemini", "ollama"] as const) {
    it(`${api}: batches and keeps order`, async () => {
      const provider = make()[api];
      const start = server.requests.length;
      const vectors = await provider.embedBatch(["alpha", "beta", "gamma"]);
      expect(vectors.map((v) => Array.from(v))).toEqual(
        ["alpha", "beta", "gamma"].map((t) => Array.from(Float32Array.from(fakeVector(t, 16)))),
      );
      const sent = server.requests.slice(start);
      expect(sent.map((r) => [r.api, r.inputs.length])).toEqual([
        [api, 2],
        [api, 1],
      ]);
      expect((await provider.embedQuery("alpha")).length).toBe(16);
    });
  }

  it("gives up on a 401 at once with an actionable message", async () => {
    server.failNext(1, 401);
    const error = await make()
      .openai.embedQuery("x")
      .catch((e: unknown) => e);
    expect(error).toBeInstanceOf(EmbeddingError);
    expect(String(error)).toMatch(/HTTP 401.*check the embedding API key/);
  });

  it("retries 429 and 503 then succeeds", async () => {
    const provider = createOllamaEmbeddings({
      provider: "ollama",
      baseUrl: server.url,
      model: "m-d8",
      retryBaseDelayMs: 1,
    });
    server.failNext(1, 429);
    server.failNext(1, 503);
    expect((await provider.embedQuery("x")).length).toBe(8);
  });
});

describe("auto selection", () => {
  it("skips keyless providers and unreachable ones, then reports the fallback", async () => {
    const logs: string[] = [];
    const resolved = await resolveEmbeddingProvider(
      {
        provider: "auto",
        candidates: [
          { provider: "openai" },
          { provider: "gemini", apiKey: "k", baseUrl: "http://127.0.0.1:9", retryBaseDelayMs: 1 },
          { provider: "ollama", baseUrl: server.url, model: "m-d24" },
        ],
      },
      (m) => logs.push(m),
    );
    expect(resolved?.provider.id).toBe("ollama");
    expect(resolved?.dims).toBe(24);
    expect(logs[0]).toMatch(/fell back to ollama\/m-d24 \(openai: no apiKey; gemini: .*\)/);
  });

  it("with nothing usable returns undefined and says keyword-only", async () => {
    const logs: string[] = [];
    expect(
      await resolveEmbeddingProvider({ provider: "auto", candidates: [{ provider: "openai" }] }, (m) =>
        logs.push(m),
      ),
    ).toBeUndefined();
    expect(logs[0]).toMatch(/keyword-only/);
    expect(await resolveEmbeddingProvider(undefined, () => {})).toBeUndefined();
  });
});
