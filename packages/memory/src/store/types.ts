/**
 * The storage contract every backend passes (see test/store-contract.ts). Scores that come
 * back are "higher is better": cosine similarity for vectors, raw lexical relevance for
 * keywords (normalised later by the hybrid merge).
 */

export interface FileRecord {
  path: string;
  /** sha256 of the file content. */
  hash: string;
  mtimeMs: number;
  size: number;
}

export interface ChunkInput {
  startLine: number;
  endLine: number;
  text: string;
  hash: string;
  /** Absent in keyword-only indexes. */
  embedding?: Float32Array;
}

export interface ChunkRecord {
  id: number;
  path: string;
  startLine: number;
  endLine: number;
  text: string;
  hash: string;
}

export interface ScoredId {
  id: number;
  score: number;
}

/** What the stored vectors mean; a change of any field forces a clean rebuild. */
export interface IndexIdentity {
  /** `null` for a keyword-only index. */
  provider: string | null;
  model: string | null;
  dims: number | null;
  chunkTokens: number;
  chunkOverlap: number;
}

export interface StoreCounts {
  files: number;
  chunks: number;
  vectors: number;
  cachedEmbeddings: number;
}

export interface MemoryStore {
  readonly backend: "sqlite" | "lancedb";
  /** Where the data lives (file, folder or URI). */
  readonly location: string;
  identity(): Promise<IndexIdentity | undefined>;
  /** Drops every file, chunk and vector and starts over with a new identity. */
  reset(identity: IndexIdentity): Promise<void>;
  listFiles(): Promise<FileRecord[]>;
  /** Replaces the chunks of each file (one transaction where the backend has them). */
  replaceFiles(files: Array<{ file: FileRecord; chunks: ChunkInput[] }>): Promise<void>;
  deleteFiles(paths: string[]): Promise<void>;
  /** Vectors of the current identity by chunk hash: live chunks first, then the cache. */
  lookupEmbeddings(hashes: string[]): Promise<Map<string, Float32Array>>;
  /** KNN through the backend's index; `score` is cosine similarity. */
  searchVector(query: Float32Array, k: number): Promise<ScoredId[]>;
  /** Full-text search; `score` is lexical relevance, higher is better. */
  searchKeyword(query: string, k: number): Promise<ScoredId[]>;
  /** Exact cosine similarity of given chunks to the query (fills the hybrid merge's gaps). */
  vectorScores(ids: number[], query: Float32Array): Promise<Map<number, number>>;
  getChunks(ids: number[]): Promise<ChunkRecord[]>;
  counts(): Promise<StoreCounts>;
  close(): Promise<void>;
}

/** Thrown when the store's file exists but cannot be read as an index. */
export class MemoryIndexCorruptError extends Error {
  constructor(
    readonly location: string,
    cause: unknown,
  ) {
    super(
      `memory index ${location} is unreadable (${cause instanceof Error ? cause.message : String(cause)}) — ` +
        'open it with { onCorrupt: "rebuild" } or run `claw memory index --force` to move it aside and rebuild from the markdown files',
      { cause },
    );
    this.name = "MemoryIndexCorruptError";
  }
}
