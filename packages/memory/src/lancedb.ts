/**
 * `@claw/memory/lancedb`: the LanceDB backend on its own entry, so importing `@claw/memory`
 * never loads LanceDB and Arrow (`openMemoryIndex({ backend: "lancedb" })` loads it on demand).
 */
export { LanceDbMemoryStore, type LanceDbStoreOptions } from "./store/lancedb/store.js";
