/**
 * `openMemoryIndex`: the one object the CLI, the gateway and the agent tools use. It owns the
 * store, the embedding provider (resolved lazily, once), the sync triggers (session start,
 * first search, watcher) and serialises syncs so two never run at once.
 */
import { readFileSync } from "node:fs";
import { type MemoryIndexOptions, type ResolvedMemoryOptions, resolveMemoryOptions } from "./config.js";
import { type ResolvedEmbeddings, resolveEmbeddingProvider } from "./embeddings/auto.js";
import { type MemorySearchResponse, runSearch } from "./search/search.js";
import { resolveMemoryReadPath } from "./sources/files.js";
import { loadLanceDbStore } from "./store/lancedb/load.js";
import { SqliteMemoryStore } from "./store/sqlite/store.js";
import type { IndexIdentity, MemoryStore, StoreCounts } from "./store/types.js";
import { countPendingFiles } from "./sync/on-disk.js";
import { type SyncProgress, type SyncResult, syncIndex } from "./sync/sync.js";
import { type MemoryWatcher, watchMemorySources } from "./sync/watch.js";

export interface OpenMemoryIndexOptions extends MemoryIndexOptions {
  /** What to do with an unreadable SQLite file (default `error`, which explains how to rebuild). */
  onCorrupt?: "error" | "rebuild";
  /** Receives every watcher-triggered sync result or error. */
  onWatchSync?: (result: SyncResult | Error) => void;
}

export interface MemoryStatus {
  backend: "sqlite" | "lancedb";
  location: string;
  workspaceDir: string;
  /** `keyword-only` when no embedding provider resolved. */
  provider: string;
  model: string | null;
  dims: number | null;
  counts: StoreCounts;
  /** True when the stored vectors belong to another provider/model (next sync rebuilds). */
  stale: boolean;
  lastSync?: { at: string; result?: SyncResult; error?: string };
  watching: boolean;
  /** A sync is running now. */
  syncing: boolean;
  /** Memory files the next sync would add, change or remove. */
  pendingFiles: number;
  /** The index is behind: files changed since the last sync, or the vectors are stale. */
  dirty: boolean;
}

export interface MemorySearchOptions {
  maxResults?: number;
  minScore?: number;
  signal?: AbortSignal;
}

export interface MemoryIndex {
  readonly options: ResolvedMemoryOptions;
  status(): Promise<MemoryStatus>;
  /** Runs (or joins) a sync; `force` re-chunks and rewrites every file. */
  sync(options?: {
    force?: boolean;
    onProgress?: (p: SyncProgress) => void;
    signal?: AbortSignal;
  }): Promise<SyncResult>;
  search(query: string, options?: MemorySearchOptions): Promise<MemorySearchResponse>;
  /** Reads lines of a memory file (`from` 1-based); refuses paths outside the memory sources. */
  readFile(
    path: string,
    from?: number,
    lines?: number,
  ): { path: string; from: number; to: number; text: string };
  /** Session-start trigger: syncs in the background when `sync.onSessionStart`. */
  notifySessionStart(): void;
  close(): Promise<void>;
}

/**
 * Opens the memory index of one agent.
 * @example
 * const memory = await openMemoryIndex({
 *   workspaceDir: process.cwd(),
 *   dbPath: join(process.cwd(), ".memory-index", "main.sqlite"),
 *   embedding: { provider: "openai", apiKey: process.env.OPENAI_API_KEY },
 * });
 * await memory.sync({ onProgress: (p) => console.log(p.done, "/", p.total) });
 * const { results } = await memory.search("which database did we pick?");
 * await memory.close();
 */
export async function openMemoryIndex(input: OpenMemoryIndexOptions): Promise<MemoryIndex> {
  const options = resolveMemoryOptions(input);
  const store: MemoryStore =
    options.backend === "lancedb"
      ? await (await loadLanceDbStore()).LanceDbMemoryStore.open({ uri: options.dbPath })
      : new SqliteMemoryStore({ path: options.dbPath, onCorrupt: input.onCorrupt, log: options.log });
  let embeddings: Promise<ResolvedEmbeddings | undefined> | undefined;
  const getEmbeddings = () => {
    embeddings ??= resolveEmbeddingProvider(options.embedding, options.log);
    return embeddings;
  };
  let running: Promise<SyncResult> | undefined;
  let firstSync: Promise<unknown> | undefined;
  let lastSync: MemoryStatus["lastSync"];
  let watcher: MemoryWatcher | undefined;
  let closed = false;

  const runSync = async (opts: Parameters<MemoryIndex["sync"]>[0] = {}): Promise<SyncResult> => {
    while (running) await running.catch(() => {});
    if (closed) throw new Error("memory: index is closed");
    const run = (async () => {
      try {
        const result = await syncIndex({ store, embeddings: await getEmbeddings(), options, ...opts });
        lastSync = { at: new Date().toISOString(), result };
        return result;
      } catch (error) {
        lastSync = {
          at: new Date().toISOString(),
          error: error instanceof Error ? error.message : String(error),
        };
        throw error;
      } finally {
        running = undefined;
      }
    })();
    running = run;
    return run;
  };
  const backgroundSync = (reason: string) => {
    const run = runSync().catch((error: unknown) => {
      options.log(`memory: ${reason} sync failed: ${error instanceof Error ? error.message : String(error)}`);
    });
    firstSync ??= run;
    return run;
  };

  if (options.sync.watch) {
    watcher = watchMemorySources(
      options.workspaceDir,
      options.extraPaths,
      options.sync.watchDebounceMs,
      () => {
        runSync().then(
          (result) => input.onWatchSync?.(result),
          (error: unknown) => {
            options.log(
              `memory: watch sync failed: ${error instanceof Error ? error.message : String(error)}`,
            );
            input.onWatchSync?.(error instanceof Error ? error : new Error(String(error)));
          },
        );
      },
    );
    await watcher.ready;
  }

  return {
    options,
    async status() {
      const identity: IndexIdentity | undefined = await store.identity();
      const resolved = await getEmbeddings();
      const stale =
        identity !== undefined &&
        (identity.provider !== (resolved?.provider.id ?? null) ||
          identity.model !== (resolved?.provider.model ?? null));
      const pendingFiles = await countPendingFiles(store, options.workspaceDir, options.extraPaths);
      return {
        backend: store.backend,
        location: store.location,
        workspaceDir: options.workspaceDir,
        provider: resolved?.provider.id ?? "keyword-only",
        model: resolved?.provider.model ?? null,
        dims: identity?.dims ?? null,
        counts: await store.counts(),
        stale,
        ...(lastSync ? { lastSync } : {}),
        watching: watcher !== undefined,
        syncing: running !== undefined,
        pendingFiles,
        dirty: stale || pendingFiles > 0 || identity === undefined,
      };
    },
    sync: (opts) => {
      const run = runSync(opts);
      firstSync ??= run.catch(() => {});
      return run;
    },
    async search(query, opts = {}) {
      if (options.sync.onSearch && !firstSync) await backgroundSync("first-search");
      else if (running && (await store.counts()).chunks === 0) await running.catch(() => {});
      return runSearch(
        {
          store,
          embeddings: await getEmbeddings(),
          identity: await store.identity(),
          query: {
            ...options.query,
            maxResults: opts.maxResults ?? options.query.maxResults,
            minScore: opts.minScore ?? options.query.minScore,
          },
          signal: opts.signal,
        },
        query,
      );
    },
    readFile(path, from = 1, lines) {
      const resolved = resolveMemoryReadPath(options.workspaceDir, path, options.extraPaths);
      if ("error" in resolved) throw new Error(resolved.error);
      const all = readFileSync(resolved.absPath, "utf8").replace(/\r\n?/g, "\n").split("\n");
      if (all.at(-1) === "") all.pop(); // the final newline ends the last line; it does not start another
      const start = Math.max(1, Math.floor(from));
      if (start > Math.max(1, all.length))
        throw new Error(
          `memory_get: from ${start} is past the end of ${resolved.path} (${all.length} lines) — use a line from memory_search results`,
        );
      const end =
        lines === undefined ? all.length : Math.min(all.length, start + Math.max(0, Math.floor(lines)) - 1);
      return { path: resolved.path, from: start, to: end, text: all.slice(start - 1, end).join("\n") };
    },
    notifySessionStart() {
      if (options.sync.onSessionStart) void backgroundSync("session-start");
    },
    async close() {
      closed = true;
      await watcher?.close();
      await running?.catch(() => {});
      await store.close();
    },
  };
}
