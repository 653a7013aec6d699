/**
 * @claw/memory — hybrid (vector + keyword) search over an agent's markdown memory, on SQLite
 * (sqlite-vec + FTS5) or LanceDB.
 *
 * @example
 * import { openMemoryIndex, createMemoryTools } from "@claw/memory";
 * const memory = await openMemoryIndex({ workspaceDir, dbPath, embedding: { provider: "ollama" } });
 * const [memorySearch, memoryGet] = createMemoryTools(memory);
 */

// Commonly used: open a memory index and give the agent its memory tools.
export {
  type MemoryIndex,
  type MemorySearchOptions,
  type MemoryStatus,
  type OpenMemoryIndexOptions,
  openMemoryIndex,
} from "./memory-index.js";
export {
  createMemoryTools,
  MEMORY_TOOL_NAMES,
  MemoryGetParams,
  MemorySearchParams,
  type MemoryTool,
} from "./tools/memory-tools.js";
export {
  type ChunkingOptions,
  DEFAULT_CHUNKING,
  DEFAULT_QUERY,
  DEFAULT_SYNC,
  type HybridOptions,
  type MemoryIndexOptions,
  type QueryOptions,
  type ResolvedMemoryOptions,
  resolveMemoryOptions,
  type SyncOptions,
} from "./config.js";
export type { MemorySearchHit, MemorySearchResponse } from "./search/search.js";

// Embedding providers.
export {
  createEmbeddingProvider,
  type ResolvedEmbeddings,
  resolveEmbeddingProvider,
} from "./embeddings/auto.js";
export type {
  AutoEmbeddingConfig,
  EmbeddingProvider,
  EmbeddingProviderConfig,
  EmbeddingProviderId,
  RemoteEmbeddingConfig,
} from "./embeddings/types.js";
export { EMBEDDING_PROVIDER_TABLE_IDS, PROVIDERS_NEEDING_KEY } from "./embeddings/types.js";
export { createOpenAiEmbeddings } from "./embeddings/openai.js";
export { createGeminiEmbeddings } from "./embeddings/gemini.js";
export { createOllamaEmbeddings } from "./embeddings/ollama.js";
export { EmbeddingError } from "./embeddings/retry.js";

// Advanced: chunking, ranking, sources, stores and sync the index is built from.
export { chunkMarkdown, type MemoryChunk } from "./chunking/markdown.js";
export { estimateTokens } from "./chunking/tokens.js";
export { bm25RankToScore, mergeHybridResults, normalizeKeywordScores } from "./search/hybrid.js";
export { applyMmr } from "./search/mmr.js";
export { decayFactor, noteDate } from "./search/decay.js";
export { isMemoryPath, listMemoryFiles, type MemoryFile, resolveMemoryReadPath } from "./sources/files.js";
export {
  type ChunkInput,
  type ChunkRecord,
  type FileRecord,
  type IndexIdentity,
  MemoryIndexCorruptError,
  type MemoryStore,
  type ScoredId,
  type StoreCounts,
} from "./store/types.js";
export { SqliteMemoryStore, type SqliteStoreOptions } from "./store/sqlite/store.js";
export type { SyncProgress, SyncResult } from "./sync/sync.js";
export { type MemoryWatcher, watchMemorySources } from "./sync/watch.js";
