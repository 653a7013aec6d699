/**
 * Memory index benchmark: insert throughput (no embedding time), hybrid query p50 at 10k and
 * 100k chunks of generated notes with 384-d vectors, and vec0 KNN against a brute-force JS
 * cosine scan over the same vectors. Note words follow a Zipf-like distribution over a 4,000-word
 * vocabulary; queries use three mid-frequency words.
 */
import { mkdtempSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { report, suite } from "@claw/bench-harness";
import { sha256 } from "../src/chunking/markdown.js";
import { DEFAULT_QUERY } from "../src/config.js";
import { runSearch } from "../src/search/search.js";
import { SqliteMemoryStore } from "../src/store/sqlite/store.js";
import type { ChunkInput } from "../src/store/types.js";

const DIMS = 384;
const SYLLABLES = "ka lo mi ne ru sa ti vo ba de fi gu ho ja ke li mo nu pe ra".split(" ");
// a Zipf-like vocabulary: a few very common words, a long tail of rare ones (like real notes)
const VOCABULARY = Array.from({ length: 4000 }, (_, i) => {
  let w = "";
  for (let n = i + 20; n > 0; n = Math.floor(n / 20)) w += SYLLABLES[n % 20];
  return w;
});
const TOPICS = VOCABULARY.slice(200, 1200);

let seed = 42;
const rand = () => {
  seed = (seed * 1103515245 + 12345) & 0x7fffffff;
  return seed / 0x7fffffff;
};
const pick = <T>(xs: T[]): T => xs[Math.floor(rand() * xs.length)] as T;

function vectorFor(): Float32Array {
  const v = new Float32Array(DIMS);
  let n = 0;
  for (let i = 0; i < DIMS; i++) {
    const x = rand() * 2 - 1;
    v[i] = x;
    n += x * x;
  }
  const s = 1 / Math.sqrt(n);
  for (let i = 0; i < DIMS; i++) v[i] = (v[i] ?? 0) * s;
  return v;
}

function noteText(i: number): string {
  const words = Array.from(
    { length: 60 },
    () => VOCABULARY[Math.floor(VOCABULARY.length ** rand()) - 1] ?? "ka",
  );
  return `## Note ${i}\n${words.join(" ")}`;
}

function generate(count: number, perFile = 100) {
  const files: Array<{
    file: { path: string; hash: string; mtimeMs: number; size: number };
    chunks: ChunkInput[];
  }> = [];
  for (let f = 0; f * perFile < count; f++) {
    const chunks: ChunkInput[] = [];
    for (let i = f * perFile; i < Math.min(count, (f + 1) * perFile); i++) {
      const text = noteText(i);
      chunks.push({ startLine: i, endLine: i, text, hash: sha256(`${i}:${text}`), embedding: vectorFor() });
    }
    files.push({
      file: { path: `memory/gen-${f}.md`, hash: sha256(String(f)), mtimeMs: 0, size: 1 },
      chunks,
    });
  }
  return files;
}

async function build(dir: string, count: number) {
  const store = new SqliteMemoryStore({ path: join(dir, `bench-${count}.sqlite`) });
  await store.reset({
    provider: "bench",
    model: "random-384",
    dims: DIMS,
    chunkTokens: 400,
    chunkOverlap: 80,
  });
  const data = generate(count);
  const vectors = data.flatMap((d) => d.chunks.map((c) => c.embedding as Float32Array));
  const t0 = performance.now();
  for (let i = 0; i < data.length; i += 20) await store.replaceFiles(data.slice(i, i + 20));
  const seconds = (performance.now() - t0) / 1000;
  return { store, vectors, chunksPerSecond: count / seconds };
}

function bruteForce(vectors: Float32Array[], q: Float32Array, k: number): number[] {
  const scores = new Float32Array(vectors.length);
  for (let i = 0; i < vectors.length; i++) {
    const v = vectors[i] as Float32Array;
    let dot = 0;
    for (let d = 0; d < DIMS; d++) dot += (v[d] ?? 0) * (q[d] ?? 0);
    scores[i] = dot;
  }
  const idx = Array.from(scores.keys());
  idx.sort((a, b) => (scores[b] ?? 0) - (scores[a] ?? 0));
  return idx.slice(0, k);
}

const dir = mkdtempSync(join(tmpdir(), "claw-memory-bench-"));
try {
  for (const count of [10_000, 100_000]) {
    const { store, vectors, chunksPerSecond } = await build(dir, count);
    // target ≥ 5,000 chunks/s; the harness only judges upper bounds, so this row is informational
    report("memory", `insert ${count / 1000}k chunks (no embedding)`, chunksPerSecond, "chunks/s");
    const identity = await store.identity();
    const queryVectors = Array.from({ length: 32 }, vectorFor);
    let qi = 0;
    const embeddings = {
      provider: {
        id: "bench",
        model: "random-384",
        embedBatch: async (t: string[]) => t.map(() => vectorFor()),
        embedQuery: async () => queryVectors[qi++ % queryVectors.length] as Float32Array,
      },
      dims: DIMS,
    };
    const k = DEFAULT_QUERY.maxResults * DEFAULT_QUERY.hybrid.candidateMultiplier;
    await suite(`memory ${count / 1000}k`, {
      baseline: {
        name: "brute-force JS cosine scan",
        fn: () => bruteForce(vectors, queryVectors[qi++ % 32] as Float32Array, k),
      },
      cases: [
        {
          name: "vec0 KNN (MATCH … k)",
          fn: () => store.searchVector(queryVectors[qi++ % 32] as Float32Array, k),
        },
        {
          name: "hybrid query (embed stub + KNN + BM25 + merge)",
          fn: () =>
            runSearch(
              { store, embeddings, identity, query: { ...DEFAULT_QUERY, minScore: 0 } },
              `${pick(TOPICS)} ${pick(TOPICS)} ${pick(TOPICS)}`,
            ),
          target: { maxMedianMs: count === 10_000 ? 10 : 50 },
        },
      ],
      minSamples: 15,
      minTimeMs: count === 10_000 ? 300 : 1000,
      warmup: 2,
    });
    await store.close();
  }
} finally {
  rmSync(dir, { recursive: true, force: true });
}
