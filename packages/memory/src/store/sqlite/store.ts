/**
 * The SQLite backend: one file per agent (WAL), FTS5 for keywords, a sqlite-vec `vec0` table
 * for KNN. Live vectors are stored once (in vec0); vectors of removed chunks move to
 * `embedding_cache` so an edit undone or a file renamed back is not re-embedded.
 */
import { hasCjk } from "../../chunking/tokens.js";
import type {
  ChunkInput,
  ChunkRecord,
  FileRecord,
  IndexIdentity,
  MemoryStore,
  ScoredId,
  StoreCounts,
} from "../types.js";
import { searchKeywordSqlite } from "./keyword.js";
import { createVectorTable, type Db, fromBlob, hasVectorTable, openDatabase, toBlob } from "./schema.js";

export interface SqliteStoreOptions {
  path: string;
  onCorrupt?: "error" | "rebuild";
  /** Cap of `embedding_cache` rows (default 50,000; oldest dropped first). */
  cacheMaxEntries?: number;
  log?: (message: string) => void;
}

const IN_CHUNK = 500;

function chunked<T>(items: T[], size = IN_CHUNK): T[][] {
  const out: T[][] = [];
  for (let i = 0; i < items.length; i += size) out.push(items.slice(i, i + size));
  return out;
}

function placeholders(n: number): string {
  return Array.from({ length: n }, () => "?").join(",");
}

export class SqliteMemoryStore implements MemoryStore {
  readonly backend = "sqlite";
  readonly location: string;
  private readonly db: Db;
  private readonly cacheMax: number;

  /** @example const store = new SqliteMemoryStore({ path: "/state/memory/main.sqlite" }) */
  constructor(options: SqliteStoreOptions) {
    this.location = options.path;
    this.cacheMax = options.cacheMaxEntries ?? 50_000;
    this.db = openDatabase(options.path, options.onCorrupt ?? "error", options.log ?? (() => {}));
  }

  async identity(): Promise<IndexIdentity | undefined> {
    const row = this.db.prepare("SELECT value FROM meta WHERE key = 'identity'").get() as
      | { value: string }
      | undefined;
    return row ? (JSON.parse(row.value) as IndexIdentity) : undefined;
  }

  async reset(identity: IndexIdentity): Promise<void> {
    this.db.transaction(() => {
      this.evictVectors(
        this.db.prepare("SELECT id, hash FROM chunks").all() as Array<{ id: number; hash: string }>,
      );
      this.db.exec(
        "DELETE FROM chunks; DELETE FROM files; DELETE FROM chunks_fts; DELETE FROM chunks_fts_cjk;",
      );
      this.db.exec("DROP TABLE IF EXISTS chunks_vec");
      if (identity.dims !== null) createVectorTable(this.db, identity.dims);
      this.db
        .prepare("INSERT OR REPLACE INTO meta(key, value) VALUES ('identity', ?)")
        .run(JSON.stringify(identity));
    })();
  }

  async listFiles(): Promise<FileRecord[]> {
    return this.db
      .prepare("SELECT path, hash, mtime AS mtimeMs, size FROM files ORDER BY path")
      .all() as FileRecord[];
  }

  async replaceFiles(files: Array<{ file: FileRecord; chunks: ChunkInput[] }>): Promise<void> {
    const withVec = hasVectorTable(this.db);
    const insertChunk = this.db.prepare(
      "INSERT INTO chunks(path, start_line, end_line, hash, text) VALUES (?, ?, ?, ?, ?)",
    );
    const insertFts = this.db.prepare("INSERT INTO chunks_fts(rowid, text) VALUES (?, ?)");
    const insertCjk = this.db.prepare("INSERT INTO chunks_fts_cjk(rowid, text) VALUES (?, ?)");
    const insertVec = withVec
      ? this.db.prepare("INSERT INTO chunks_vec(id, embedding) VALUES (?, ?)")
      : undefined;
    const upsertFile = this.db.prepare(
      "INSERT OR REPLACE INTO files(path, hash, mtime, size) VALUES (?, ?, ?, ?)",
    );
    this.db.transaction(() => {
      this.removeChunksOf(files.map((f) => f.file.path));
      for (const { file, chunks } of files) {
        for (const chunk of chunks) {
          const id = Number(
            insertChunk.run(file.path, chunk.startLine, chunk.endLine, chunk.hash, chunk.text)
              .lastInsertRowid,
          );
          insertFts.run(id, chunk.text);
          if (hasCjk(chunk.text)) insertCjk.run(id, chunk.text);
          if (insertVec && chunk.embedding) insertVec.run(BigInt(id), toBlob(chunk.embedding));
        }
        upsertFile.run(file.path, file.hash, Math.round(file.mtimeMs), file.size);
      }
    })();
  }

  async deleteFiles(paths: string[]): Promise<void> {
    this.db.transaction(() => {
      this.removeChunksOf(paths);
      for (const part of chunked(paths))
        this.db.prepare(`DELETE FROM files WHERE path IN (${placeholders(part.length)})`).run(...part);
    })();
  }

  private removeChunksOf(paths: string[]): void {
    for (const part of chunked(paths)) {
      const rows = this.db
        .prepare(`SELECT id, hash FROM chunks WHERE path IN (${placeholders(part.length)})`)
        .all(...part) as Array<{ id: number; hash: string }>;
      if (rows.length === 0) continue;
      this.evictVectors(rows);
      for (const ids of chunked(rows.map((r) => r.id))) {
        const list = placeholders(ids.length);
        this.db.prepare(`DELETE FROM chunks_fts WHERE rowid IN (${list})`).run(...ids);
        this.db.prepare(`DELETE FROM chunks_fts_cjk WHERE rowid IN (${list})`).run(...ids);
        if (hasVectorTable(this.db))
          this.db.prepare(`DELETE FROM chunks_vec WHERE id IN (${list})`).run(...ids);
        this.db.prepare(`DELETE FROM chunks WHERE id IN (${list})`).run(...ids);
      }
    }
  }

  /** Moves the vectors of chunks about to be removed into the embedding cache. */
  private evictVectors(rows: Array<{ id: number; hash: string }>): void {
    const identity = this.identitySync();
    if (!identity?.provider || !identity.model || !hasVectorTable(this.db) || rows.length === 0) return;
    const put = this.db.prepare(
      "INSERT OR REPLACE INTO embedding_cache(provider, model, hash, embedding, created_at) VALUES (?, ?, ?, ?, ?)",
    );
    const now = Date.now();
    for (const part of chunked(rows)) {
      const vectors = this.vectorsById(part.map((r) => r.id));
      for (const row of part) {
        const vector = vectors.get(row.id);
        if (vector) put.run(identity.provider, identity.model, row.hash, toBlob(vector), now);
      }
    }
    const count = (this.db.prepare("SELECT count(*) AS n FROM embedding_cache").get() as { n: number }).n;
    if (count > this.cacheMax)
      this.db
        .prepare(
          "DELETE FROM embedding_cache WHERE rowid IN (SELECT rowid FROM embedding_cache ORDER BY created_at LIMIT ?)",
        )
        .run(count - this.cacheMax);
  }

  private identitySync(): IndexIdentity | undefined {
    const row = this.db.prepare("SELECT value FROM meta WHERE key = 'identity'").get() as
      | { value: string }
      | undefined;
    return row ? (JSON.parse(row.value) as IndexIdentity) : undefined;
  }

  // vec0 answers `id = ?` through its rowid index but scans the whole table for `id IN (…)`
  private vectorsById(ids: number[]): Map<number, Float32Array> {
    const out = new Map<number, Float32Array>();
    if (!hasVectorTable(this.db)) return out;
    const get = this.db.prepare("SELECT embedding FROM chunks_vec WHERE id = ?");
    for (const id of ids) {
      const row = get.get(id) as { embedding: Buffer } | undefined;
      if (row) out.set(id, fromBlob(row.embedding));
    }
    return out;
  }

  async lookupEmbeddings(hashes: string[]): Promise<Map<string, Float32Array>> {
    const out = new Map<string, Float32Array>();
    const identity = this.identitySync();
    if (!identity?.provider || !identity.model) return out;
    for (const part of chunked([...new Set(hashes)])) {
      const live = this.db
        .prepare(`SELECT id, hash FROM chunks WHERE hash IN (${placeholders(part.length)})`)
        .all(...part) as Array<{ id: number; hash: string }>;
      const vectors = this.vectorsById(live.map((r) => r.id));
      for (const row of live) {
        const v = vectors.get(row.id);
        if (v) out.set(row.hash, v);
      }
      const missing = part.filter((h) => !out.has(h));
      if (missing.length === 0) continue;
      const cached = this.db
        .prepare(
          `SELECT hash, embedding FROM embedding_cache WHERE provider = ? AND model = ? AND hash IN (${placeholders(missing.length)})`,
        )
        .all(identity.provider, identity.model, ...missing) as Array<{ hash: string; embedding: Buffer }>;
      for (const row of cached) out.set(row.hash, fromBlob(row.embedding));
    }
    return out;
  }

  async searchVector(query: Float32Array, k: number): Promise<ScoredId[]> {
    if (!hasVectorTable(this.db) || k <= 0) return [];
    const rows = this.db
      .prepare("SELECT id, distance FROM chunks_vec WHERE embedding MATCH ? AND k = ?")
      .all(toBlob(query), k) as Array<{ id: number; distance: number }>;
    return rows.map((r) => ({ id: Number(r.id), score: 1 - r.distance }));
  }

  async searchKeyword(query: string, k: number): Promise<ScoredId[]> {
    return searchKeywordSqlite(this.db, query, k);
  }

  async vectorScores(ids: number[], query: Float32Array): Promise<Map<number, number>> {
    const out = new Map<number, number>();
    if (!hasVectorTable(this.db) || ids.length === 0) return out;
    const q = toBlob(query);
    const get = this.db.prepare(
      "SELECT vec_distance_cosine(embedding, ?) AS distance FROM chunks_vec WHERE id = ?",
    );
    for (const id of ids) {
      const row = get.get(q, id) as { distance: number } | undefined;
      if (row) out.set(id, 1 - row.distance);
    }
    return out;
  }

  async getChunks(ids: number[]): Promise<ChunkRecord[]> {
    const out: ChunkRecord[] = [];
    for (const part of chunked(ids))
      out.push(
        ...(this.db
          .prepare(
            `SELECT id, path, start_line AS startLine, end_line AS endLine, text, hash FROM chunks WHERE id IN (${placeholders(part.length)})`,
          )
          .all(...part) as ChunkRecord[]),
      );
    return out;
  }

  async counts(): Promise<StoreCounts> {
    const n = (sql: string) => (this.db.prepare(sql).get() as { n: number }).n;
    return {
      files: n("SELECT count(*) AS n FROM files"),
      chunks: n("SELECT count(*) AS n FROM chunks"),
      vectors: hasVectorTable(this.db) ? n("SELECT count(*) AS n FROM chunks_vec") : 0,
      cachedEmbeddings: n("SELECT count(*) AS n FROM embedding_cache"),
    };
  }

  async close(): Promise<void> {
    if (this.db.open) this.db.close();
  }
}
