/**
 * The LanceDB backend: a local folder by default, or an object-storage URI (`s3://…`,
 * `gs://…`, `az://…`) for indexes that outgrow one machine. Vectors live in the `chunks`
 * table's fixed-size `vector` column; keywords go through a Lance FTS index with an n-gram
 * tokenizer, which also matches CJK text.
 */
import * as lancedb from "@lancedb/lancedb";
import { Field, FixedSizeList, Float32, Float64, Int32, Schema, Utf8 } from "apache-arrow";
import { hasCjk } from "../../chunking/tokens.js";
import { mergeKeywordParts, normalisedPart } from "../../search/keyword-parts.js";
import { queryTerms } from "../../search/query-terms.js";
import type {
  ChunkInput,
  ChunkRecord,
  FileRecord,
  IndexIdentity,
  MemoryStore,
  ScoredId,
  StoreCounts,
} from "../types.js";

export interface LanceDbStoreOptions {
  /** Folder path or object-storage URI. */
  uri: string;
  /** Passed to `lancedb.connect` (credentials for object storage, region, …). */
  storageOptions?: Record<string, string>;
}

/** Fresh index configs per use (lancedb consumes them): words, and n-grams for CJK text. */
const wordIndex = () =>
  lancedb.Index.fts({ baseTokenizer: "simple", lowercase: true, stem: false, asciiFolding: true });
const cjkIndex = () =>
  lancedb.Index.fts({
    baseTokenizer: "ngram",
    ngramMinLength: 2,
    ngramMaxLength: 3,
    prefixOnly: false,
    lowercase: true,
    stem: false,
    removeStopWords: false,
    asciiFolding: true,
  });

function quote(value: string): string {
  return `'${value.replace(/'/g, "''")}'`;
}

function toFloat32(value: unknown): Float32Array {
  if (value instanceof Float32Array) return value;
  if (value && typeof value === "object" && "toArray" in value && typeof value.toArray === "function")
    return Float32Array.from(value.toArray() as ArrayLike<number>);
  return Float32Array.from(value as ArrayLike<number>);
}

export function cosine(a: Float32Array, b: Float32Array): number {
  let dot = 0;
  let na = 0;
  let nb = 0;
  for (let i = 0; i < a.length; i++) {
    const x = a[i] ?? 0;
    const y = b[i] ?? 0;
    dot += x * y;
    na += x * x;
    nb += y * y;
  }
  return na > 0 && nb > 0 ? dot / Math.sqrt(na * nb) : 0;
}

function chunkSchema(dims: number | null): Schema {
  const fields: Field[] = [
    new Field("id", new Int32(), false),
    new Field("path", new Utf8(), false),
    new Field("start_line", new Int32(), false),
    new Field("end_line", new Int32(), false),
    new Field("hash", new Utf8(), false),
    new Field("text", new Utf8(), false),
    // CJK-holding chunk text again (empty otherwise) for the n-gram index, as SQLite's trigram table
    new Field("cjk", new Utf8(), false),
  ];
  if (dims !== null)
    fields.push(new Field("vector", new FixedSizeList(dims, new Field("item", new Float32(), true)), false));
  return new Schema(fields);
}

const FILE_SCHEMA = new Schema([
  new Field("path", new Utf8(), false),
  new Field("hash", new Utf8(), false),
  new Field("mtime", new Float64(), false),
  new Field("size", new Float64(), false),
]);
const META_SCHEMA = new Schema([new Field("key", new Utf8(), false), new Field("value", new Utf8(), false)]);

export class LanceDbMemoryStore implements MemoryStore {
  readonly backend = "lancedb";
  private nextId = 1;
  private ftsReady = false;
  private meta: IndexIdentity | undefined;

  private constructor(
    readonly location: string,
    private readonly db: lancedb.Connection,
    private chunks: lancedb.Table,
    private readonly files: lancedb.Table,
    private readonly metaTable: lancedb.Table,
  ) {}

  /** @example const store = await LanceDbMemoryStore.open({ uri: "/state/memory/main.lance" }) */
  static async open(options: LanceDbStoreOptions): Promise<LanceDbMemoryStore> {
    const db = await lancedb.connect(
      options.uri,
      options.storageOptions ? { storageOptions: options.storageOptions } : {},
    );
    const names = new Set(await db.tableNames());
    const open = (name: string, schema: Schema) =>
      names.has(name) ? db.openTable(name) : db.createEmptyTable(name, schema);
    const metaTable = await open("meta", META_SCHEMA);
    const store = new LanceDbMemoryStore(
      options.uri,
      db,
      await open("chunks", chunkSchema(null)),
      await open("files", FILE_SCHEMA),
      metaTable,
    );
    const rows = await metaTable.query().where("key = 'identity'").toArray();
    store.meta = rows[0] ? (JSON.parse(String(rows[0].value)) as IndexIdentity) : undefined;
    const ids = await store.chunks.query().select(["id"]).toArray();
    store.nextId = ids.reduce((m, r) => Math.max(m, Number(r.id)), 0) + 1;
    store.ftsReady = (await store.chunks.listIndices()).some((i) => i.columns.includes("cjk"));
    return store;
  }

  async identity(): Promise<IndexIdentity | undefined> {
    return this.meta;
  }

  async reset(identity: IndexIdentity): Promise<void> {
    await this.db.dropTable("chunks");
    this.chunks = await this.db.createEmptyTable("chunks", chunkSchema(identity.dims));
    this.ftsReady = false;
    await this.files.delete("true");
    await this.metaTable.delete("key = 'identity'");
    await this.metaTable.add([{ key: "identity", value: JSON.stringify(identity) }]);
    this.meta = identity;
  }

  async listFiles(): Promise<FileRecord[]> {
    const rows = await this.files.query().toArray();
    return rows
      .map((r) => ({
        path: String(r.path),
        hash: String(r.hash),
        mtimeMs: Number(r.mtime),
        size: Number(r.size),
      }))
      .sort((a, b) => a.path.localeCompare(b.path));
  }

  async replaceFiles(files: Array<{ file: FileRecord; chunks: ChunkInput[] }>): Promise<void> {
    if (files.length === 0) return;
    await this.deleteFiles(files.map((f) => f.file.path));
    const withVector = this.meta?.dims != null;
    const rows = files.flatMap(({ file, chunks }) =>
      chunks.map((c) => ({
        id: this.nextId++,
        path: file.path,
        start_line: c.startLine,
        end_line: c.endLine,
        hash: c.hash,
        text: c.text,
        cjk: hasCjk(c.text) ? c.text : "",
        ...(withVector ? { vector: Array.from(c.embedding ?? new Float32Array(this.meta?.dims ?? 0)) } : {}),
      })),
    );
    if (rows.length > 0) await this.chunks.add(rows);
    await this.files.add(
      files.map(({ file }) => ({
        path: file.path,
        hash: file.hash,
        mtime: Math.round(file.mtimeMs),
        size: file.size,
      })),
    );
    if (!this.ftsReady && rows.length > 0) {
      await this.chunks.createIndex("text", { config: wordIndex() });
      await this.chunks.createIndex("cjk", { config: cjkIndex() });
      this.ftsReady = true;
    }
  }

  async deleteFiles(paths: string[]): Promise<void> {
    if (paths.length === 0) return;
    const list = paths.map(quote).join(",");
    await this.chunks.delete(`path IN (${list})`);
    await this.files.delete(`path IN (${list})`);
  }

  async lookupEmbeddings(hashes: string[]): Promise<Map<string, Float32Array>> {
    const out = new Map<string, Float32Array>();
    if (this.meta?.dims == null || hashes.length === 0) return out;
    const rows = await this.chunks
      .query()
      .where(`hash IN (${[...new Set(hashes)].map(quote).join(",")})`)
      .select(["hash", "vector"])
      .toArray();
    for (const row of rows) out.set(String(row.hash), toFloat32(row.vector));
    return out;
  }

  async searchVector(query: Float32Array, k: number): Promise<ScoredId[]> {
    if (this.meta?.dims == null || k <= 0) return [];
    const rows = await this.chunks
      .vectorSearch(Array.from(query))
      .distanceType("cosine")
      .select(["id"])
      .limit(k)
      .toArray();
    return rows.map((r) => ({ id: Number(r.id), score: 1 - Number(r._distance) }));
  }

  async searchKeyword(query: string, k: number): Promise<ScoredId[]> {
    const { words, cjkRuns } = queryTerms(query);
    if (!this.ftsReady || k <= 0) return [];
    const parts: Array<Map<number, number>> = [];
    for (const [column, text] of [
      ["text", words.join(" ")],
      ["cjk", cjkRuns.join(" ")],
    ] as const) {
      if (text === "") continue;
      const rows = await this.chunks.search(text, "fts", column).select(["id"]).limit(k).toArray();
      parts.push(normalisedPart(rows.map((r) => ({ id: Number(r.id), score: Number(r._score) }))));
    }
    return mergeKeywordParts(parts, k);
  }

  async vectorScores(ids: number[], query: Float32Array): Promise<Map<number, number>> {
    const out = new Map<number, number>();
    if (this.meta?.dims == null || ids.length === 0) return out;
    const rows = await this.chunks
      .query()
      .where(`id IN (${ids.join(",")})`)
      .select(["id", "vector"])
      .toArray();
    for (const row of rows) out.set(Number(row.id), cosine(toFloat32(row.vector), query));
    return out;
  }

  async getChunks(ids: number[]): Promise<ChunkRecord[]> {
    if (ids.length === 0) return [];
    const rows = await this.chunks
      .query()
      .where(`id IN (${ids.map((id) => Math.trunc(id)).join(",")})`)
      .select(["id", "path", "start_line", "end_line", "text", "hash"])
      .toArray();
    return rows.map((r) => ({
      id: Number(r.id),
      path: String(r.path),
      startLine: Number(r.start_line),
      endLine: Number(r.end_line),
      text: String(r.text),
      hash: String(r.hash),
    }));
  }

  async counts(): Promise<StoreCounts> {
    const chunks = await this.chunks.countRows();
    return {
      files: await this.files.countRows(),
      chunks,
      vectors: this.meta?.dims == null ? 0 : chunks,
      cachedEmbeddings: 0,
    };
  }

  async close(): Promise<void> {
    this.chunks.close();
    this.files.close();
    this.metaTable.close();
    this.db.close();
  }
}
