/**
 * Incremental sync: list memory files, skip those whose size+mtime (then content hash) did not
 * change, re-chunk the rest, embed only chunk texts without a stored vector, write each file
 * in one transaction, and remove files that are gone. A change of provider, model, dimensions
 * or chunking rebuilds the index from scratch instead of mixing vector spaces.
 */
import { chunkMarkdown, sha256 } from "../chunking/markdown.js";
import type { ResolvedMemoryOptions } from "../config.js";
import type { ResolvedEmbeddings } from "../embeddings/auto.js";
import { listMemoryFiles } from "../sources/files.js";
import type { ChunkInput, IndexIdentity, MemoryStore } from "../store/types.js";
import { readIfPresent, sameStat, statIfPresent } from "./on-disk.js";

export interface SyncProgress {
  phase: "scan" | "index" | "remove" | "done";
  /** Files handled so far / files to handle in this phase. */
  done: number;
  total: number;
  path?: string;
}

export interface SyncResult {
  added: number;
  updated: number;
  removed: number;
  unchanged: number;
  chunksEmbedded: number;
  chunksReused: number;
  /** True when the index was wiped first (new provider, model, dims or chunking). */
  rebuilt: boolean;
  durationMs: number;
}

export interface SyncContext {
  store: MemoryStore;
  embeddings: ResolvedEmbeddings | undefined;
  options: ResolvedMemoryOptions;
  force?: boolean;
  onProgress?: (progress: SyncProgress) => void;
  signal?: AbortSignal;
}

function sameIdentity(a: IndexIdentity | undefined, b: IndexIdentity): boolean {
  return (
    a !== undefined &&
    a.provider === b.provider &&
    a.model === b.model &&
    a.dims === b.dims &&
    a.chunkTokens === b.chunkTokens &&
    a.chunkOverlap === b.chunkOverlap
  );
}

/** The identity the index should have with this provider; probes dims when unknown. */
export async function desiredIdentity(
  embeddings: ResolvedEmbeddings | undefined,
  options: ResolvedMemoryOptions,
  signal?: AbortSignal,
): Promise<IndexIdentity> {
  const base = { chunkTokens: options.chunking.tokens, chunkOverlap: options.chunking.overlap };
  if (!embeddings) return { provider: null, model: null, dims: null, ...base };
  if (embeddings.dims === undefined)
    embeddings.dims = (await embeddings.provider.embedQuery("dimension probe", signal)).length;
  return {
    provider: embeddings.provider.id,
    model: embeddings.provider.model,
    dims: embeddings.dims,
    ...base,
  };
}

/**
 * Brings the store in line with the markdown files.
 * @example await syncIndex({ store, embeddings, options, onProgress: (p) => bar.update(p.done / p.total) })
 */
export async function syncIndex(ctx: SyncContext): Promise<SyncResult> {
  const started = performance.now();
  const { store, embeddings, options } = ctx;
  const identity = await desiredIdentity(embeddings, options, ctx.signal);
  const current = await store.identity();
  const rebuilt = !sameIdentity(current, identity);
  if (rebuilt) {
    if (current)
      options.log(
        `memory: index was built with ${current.provider ?? "no embeddings"}/${current.model ?? "-"} (${current.dims ?? 0}d, ${current.chunkTokens}/${current.chunkOverlap}); rebuilding for ${identity.provider ?? "keyword-only"}/${identity.model ?? "-"} (${identity.dims ?? 0}d)`,
      );
    await store.reset(identity);
  }
  const files = listMemoryFiles(options.workspaceDir, options.extraPaths);
  const indexed = new Map((await store.listFiles()).map((f) => [f.path, f]));
  const result: SyncResult = {
    added: 0,
    updated: 0,
    removed: 0,
    unchanged: 0,
    chunksEmbedded: 0,
    chunksReused: 0,
    rebuilt,
    durationMs: 0,
  };
  ctx.onProgress?.({ phase: "scan", done: 0, total: files.length });
  let done = 0;
  const present = new Set<string>();
  for (const file of files) {
    ctx.signal?.throwIfAborted();
    const stat = statIfPresent(file.absPath);
    const known = indexed.get(file.path);
    let content: string | undefined | null;
    let hash: string | undefined;
    if (stat && !ctx.force && sameStat(known, stat)) result.unchanged++;
    else if (stat) content = readIfPresent(file.absPath);
    // deleted after it was listed: not present, so it is removed below like any other gone file
    if (!stat || content === null) {
      ctx.onProgress?.({ phase: "index", done: ++done, total: files.length, path: file.path });
      continue;
    }
    present.add(file.path);
    if (content !== undefined) {
      hash = sha256(content);
      if (!ctx.force && known?.hash === hash) result.unchanged++;
    }
    if (content !== undefined && hash !== undefined && (ctx.force || known?.hash !== hash)) {
      const chunks = await embedChunks(chunkMarkdown(content, options.chunking), ctx, result);
      await store.replaceFiles([
        { file: { path: file.path, hash, mtimeMs: stat.mtimeMs, size: stat.size }, chunks },
      ]);
      if (known) result.updated++;
      else result.added++;
    }
    ctx.onProgress?.({ phase: "index", done: ++done, total: files.length, path: file.path });
  }
  const gone = [...indexed.keys()].filter((p) => !present.has(p));
  if (gone.length > 0) {
    ctx.onProgress?.({ phase: "remove", done: 0, total: gone.length });
    await store.deleteFiles(gone);
    result.removed = gone.length;
  }
  result.durationMs = Math.round(performance.now() - started);
  ctx.onProgress?.({ phase: "done", done: files.length, total: files.length });
  return result;
}

async function embedChunks(
  chunks: ReturnType<typeof chunkMarkdown>,
  ctx: SyncContext,
  result: SyncResult,
): Promise<ChunkInput[]> {
  if (!ctx.embeddings) return chunks;
  const known = await ctx.store.lookupEmbeddings(chunks.map((c) => c.hash));
  const missing = [...new Set(chunks.filter((c) => !known.has(c.hash)).map((c) => c.hash))];
  const textOf = new Map(chunks.map((c) => [c.hash, c.text]));
  if (missing.length > 0) {
    const vectors = await ctx.embeddings.provider.embedBatch(
      missing.map((h) => textOf.get(h) ?? ""),
      ctx.signal,
    );
    vectors.forEach((v, i) => {
      const hash = missing[i];
      if (hash === undefined) return;
      if (v.length !== ctx.embeddings?.dims)
        throw new Error(
          `memory: ${ctx.embeddings?.provider.id}/${ctx.embeddings?.provider.model} returned ${v.length}-d vectors, the index holds ${ctx.embeddings?.dims}-d — run \`claw memory index --force\` after changing embedding models`,
        );
      known.set(hash, v);
    });
  }
  result.chunksEmbedded += missing.length;
  result.chunksReused += chunks.length - missing.length;
  return chunks.map((c) => ({ ...c, embedding: known.get(c.hash) }));
}
