/**
 * Plain options of a memory index and their defaults, as one table. The apps turn the config
 * file into these options; this package never reads the environment.
 */
import type { EmbeddingProviderConfig } from "./embeddings/types.js";

export interface ChunkingOptions {
  /** Target chunk size in tokens (≈ 4 chars per token). */
  tokens: number;
  /** Tokens repeated from the end of one chunk at the start of the next. */
  overlap: number;
}

export interface HybridOptions {
  enabled: boolean;
  vectorWeight: number;
  textWeight: number;
  /** Each side fetches `maxResults × candidateMultiplier` candidates. */
  candidateMultiplier: number;
}

export interface QueryOptions {
  maxResults: number;
  minScore: number;
  hybrid: HybridOptions;
  /** Maximal marginal relevance re-ranking; `lambda` 1 = relevance only. */
  mmr: { enabled: boolean; lambda: number };
  /** Older dated notes score lower; MEMORY.md and undated files are evergreen. */
  temporalDecay: { enabled: boolean; halfLifeDays: number };
  /** Snippet length cap in characters. */
  snippetChars: number;
}

export interface SyncOptions {
  onSessionStart: boolean;
  onSearch: boolean;
  watch: boolean;
  watchDebounceMs: number;
}

export const DEFAULT_CHUNKING: ChunkingOptions = { tokens: 400, overlap: 80 };

export const DEFAULT_QUERY: QueryOptions = {
  maxResults: 6,
  minScore: 0.35,
  hybrid: { enabled: true, vectorWeight: 0.7, textWeight: 0.3, candidateMultiplier: 4 },
  mmr: { enabled: false, lambda: 0.7 },
  temporalDecay: { enabled: false, halfLifeDays: 30 },
  snippetChars: 700,
};

export const DEFAULT_SYNC: SyncOptions = {
  onSessionStart: true,
  onSearch: true,
  watch: false,
  watchDebounceMs: 1500,
};

export interface MemoryIndexOptions {
  /** The agent workspace holding MEMORY.md and memory/. */
  workspaceDir: string;
  /** Extra markdown files or folders (absolute, or relative to the workspace). */
  extraPaths?: string[];
  /** SQLite file (`sqlite`) or folder / object-storage URI (`lancedb`). */
  dbPath: string;
  /** Storage backend (default `sqlite`). */
  backend?: "sqlite" | "lancedb";
  /** Embedding provider; `undefined` or `{ provider: "none" }` = keyword-only search. */
  embedding?: EmbeddingProviderConfig;
  chunking?: Partial<ChunkingOptions>;
  query?: Partial<Omit<QueryOptions, "hybrid" | "mmr" | "temporalDecay">> & {
    hybrid?: Partial<HybridOptions>;
    mmr?: Partial<QueryOptions["mmr"]>;
    temporalDecay?: Partial<QueryOptions["temporalDecay"]>;
  };
  sync?: Partial<SyncOptions>;
  /** Receives notices (fallbacks, keyword-only mode, watcher errors). */
  log?: (message: string) => void;
}

export interface ResolvedMemoryOptions {
  workspaceDir: string;
  extraPaths: string[];
  dbPath: string;
  backend: "sqlite" | "lancedb";
  embedding: EmbeddingProviderConfig | undefined;
  chunking: ChunkingOptions;
  query: QueryOptions;
  sync: SyncOptions;
  log: (message: string) => void;
}

/**
 * Deep-merges options over the defaults and normalises the hybrid weights to sum to 1.
 * @example resolveMemoryOptions({ workspaceDir: "/ws", dbPath: "/s/main.sqlite" }).query.minScore // 0.35
 */
export function resolveMemoryOptions(options: MemoryIndexOptions): ResolvedMemoryOptions {
  const hybrid = { ...DEFAULT_QUERY.hybrid, ...options.query?.hybrid };
  const sum = hybrid.vectorWeight + hybrid.textWeight;
  if (!(sum > 0) || hybrid.vectorWeight < 0 || hybrid.textWeight < 0)
    throw new Error(
      `memory: query.hybrid weights ${hybrid.vectorWeight}/${hybrid.textWeight} must be ≥ 0 and not both 0 — e.g. vectorWeight 0.7, textWeight 0.3`,
    );
  const chunking = { ...DEFAULT_CHUNKING, ...options.chunking };
  if (chunking.overlap >= chunking.tokens)
    throw new Error(
      `memory: chunking.overlap ${chunking.overlap} must be smaller than chunking.tokens ${chunking.tokens}`,
    );
  return {
    workspaceDir: options.workspaceDir,
    extraPaths: options.extraPaths ?? [],
    dbPath: options.dbPath,
    backend: options.backend ?? "sqlite",
    embedding: options.embedding,
    chunking,
    query: {
      ...DEFAULT_QUERY,
      ...options.query,
      hybrid: { ...hybrid, vectorWeight: hybrid.vectorWeight / sum, textWeight: hybrid.textWeight / sum },
      mmr: { ...DEFAULT_QUERY.mmr, ...options.query?.mmr },
      temporalDecay: { ...DEFAULT_QUERY.temporalDecay, ...options.query?.temporalDecay },
    },
    sync: { ...DEFAULT_SYNC, ...options.sync },
    log: options.log ?? (() => {}),
  };
}
