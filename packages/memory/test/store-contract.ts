/** The contract every MemoryStore backend passes; run once per backend from stores.test.ts. */
import { afterEach, beforeEach, describe, expect, it } from "vitest";
import { sha256 } from "../src/chunking/markdown.js";
import type { ChunkInput, IndexIdentity, MemoryStore } from "../src/store/types.js";
import { fakeVector } from "./fake-embeddings.js";

const DIMS = 32;
const IDENTITY: IndexIdentity = {
  provider: "fake",
  model: "fake-d32",
  dims: DIMS,
  chunkTokens: 400,
  chunkOverlap: 80,
};

function chunk(text: string, line = 1): ChunkInput {
  return {
    startLine: line,
    endLine: line,
    text,
    hash: sha256(text),
    embedding: Float32Array.from(fakeVector(text, DIMS)),
  };
}

const file = (path: string, content: string) => ({
  path,
  hash: sha256(content),
  mtimeMs: 1_700_000_000_000,
  size: content.length,
});

export function describeStoreContract(
  name: string,
  open: () => Promise<{ store: MemoryStore; cleanup: () => void }>,
) {
  describe(`${name} store contract`, () => {
    let store: MemoryStore;
    let cleanup: () => void;
    beforeEach(async () => {
      ({ store, cleanup } = await open());
      await store.reset(IDENTITY);
      await store.replaceFiles([
        {
          file: file("MEMORY.md", "a"),
          chunks: [
            chunk("We chose PostgreSQL for the billing database", 1),
            chunk("The user prefers dark mode", 3),
          ],
        },
        {
          file: file("memory/alice.md", "b"),
          chunks: [chunk("Alice leads the mobile team and likes espresso", 1)],
        },
        { file: file("memory/zh.md", "c"), chunks: [chunk("我们决定使用向量数据库来存储长期记忆", 1)] },
      ]);
    });
    afterEach(async () => {
      await store.close();
      cleanup();
    });

    it("keeps identity, files and counts", async () => {
      expect(await store.identity()).toEqual(IDENTITY);
      expect((await store.listFiles()).map((f) => f.path)).toEqual([
        "MEMORY.md",
        "memory/alice.md",
        "memory/zh.md",
      ]);
      expect(await store.counts()).toMatchObject({ files: 3, chunks: 4, vectors: 4 });
    });

    it("finds the nearest chunk by vector with cosine similarity scores", async () => {
      const hits = await store.searchVector(
        Float32Array.from(fakeVector("billing database PostgreSQL", DIMS)),
        2,
      );
      expect(hits).toHaveLength(2);
      const [top] = await store.getChunks([hits[0]?.id ?? -1]);
      expect(top?.text).toContain("PostgreSQL");
      expect(hits[0]?.score).toBeGreaterThan(hits[1]?.score ?? 1);
      expect(hits[0]?.score).toBeLessThanOrEqual(1.0001);
    });

    it("finds chunks by keyword, best first", async () => {
      const hits = await store.searchKeyword("espresso mobile", 5);
      const chunks = await store.getChunks(hits.map((h) => h.id));
      expect(chunks.find((c) => c.id === hits[0]?.id)?.path).toBe("memory/alice.md");
    });

    it("matches Chinese queries", async () => {
      for (const q of ["向量数据库", "记忆"]) {
        const hits = await store.searchKeyword(q, 5);
        const chunks = await store.getChunks(hits.map((h) => h.id));
        expect(chunks[0]?.path, q).toBe("memory/zh.md");
      }
    });

    it("gives exact vector scores for chosen ids", async () => {
      const ids = (await store.searchKeyword("espresso", 5)).map((h) => h.id);
      const q = Float32Array.from(fakeVector("Alice likes espresso", DIMS));
      const scores = await store.vectorScores(ids, q);
      expect(scores.size).toBe(ids.length);
      expect(scores.get(ids[0] ?? -1)).toBeGreaterThan(0.3);
    });

    it("replaces a file's chunks and deletes files", async () => {
      await store.replaceFiles([
        { file: file("MEMORY.md", "a2"), chunks: [chunk("We moved billing to SQLite", 1)] },
      ]);
      expect((await store.searchKeyword("PostgreSQL", 5)).length).toBe(0);
      expect((await store.searchKeyword("SQLite", 5)).length).toBe(1);
      await store.deleteFiles(["memory/alice.md"]);
      expect((await store.searchKeyword("espresso", 5)).length).toBe(0);
      expect(await store.counts()).toMatchObject({ files: 2, chunks: 2 });
    });

    it("looks up stored vectors by chunk hash", async () => {
      const known = await store.lookupEmbeddings([sha256("The user prefers dark mode"), sha256("unknown")]);
      expect([...known.keys()]).toEqual([sha256("The user prefers dark mode")]);
      expect(known.get(sha256("The user prefers dark mode"))?.length).toBe(DIMS);
    });

    it("reset with new dimensions empties the index and accepts the new size", async () => {
      await store.reset({ ...IDENTITY, model: "fake-d16", dims: 16 });
      expect(await store.counts()).toMatchObject({ files: 0, chunks: 0, vectors: 0 });
      const text = "sixteen dims now";
      await store.replaceFiles([
        {
          file: file("MEMORY.md", "z"),
          chunks: [{ ...chunk(text), embedding: Float32Array.from(fakeVector(text, 16)) }],
        },
      ]);
      expect((await store.searchVector(Float32Array.from(fakeVector(text, 16)), 1))[0]?.score).toBeCloseTo(
        1,
        4,
      );
    });

    it("works keyword-only without vectors", async () => {
      await store.reset({ ...IDENTITY, provider: null, model: null, dims: null });
      await store.replaceFiles([
        { file: file("MEMORY.md", "k"), chunks: [{ ...chunk("keyword only note"), embedding: undefined }] },
      ]);
      expect(await store.searchVector(Float32Array.from(fakeVector("x", DIMS)), 3)).toEqual([]);
      expect((await store.searchKeyword("note", 3)).length).toBe(1);
    });
  });
}
