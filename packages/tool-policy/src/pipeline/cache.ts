/**
 * A small LRU of compiled policies keyed by the options that matter, so a per-turn
 * `cache.get(options).resolve(tools)` skips compilation when nothing changed.
 */
import type { ToolPolicyOptions } from "../types.js";
import { type CompiledToolPolicy, compileToolPolicy } from "./compile.js";

export interface ToolPolicyCache {
  /** The compiled policy for these options, compiling on a miss. */
  get(options: ToolPolicyOptions): CompiledToolPolicy;
  readonly size: number;
  clear(): void;
}

/**
 * The cache key: every field of the options, so any change (a new deny entry, another sender,
 * another depth) compiles a fresh policy. Key order follows the caller's object construction.
 *
 * @example
 * toolPolicyCacheKey({ sender: { isOwner: true } }); // '{"sender":{"isOwner":true}}'
 */
export function toolPolicyCacheKey(options: ToolPolicyOptions): string {
  return JSON.stringify(options);
}

/**
 * Creates an LRU cache of compiled policies (default 64 entries).
 *
 * @example
 * const cache = createToolPolicyCache();
 * const tools = cache.get({ global: { profile: "coding" }, sender: { isOwner: true } }).resolve(["read", "cron"]);
 * // ["read"]
 */
export function createToolPolicyCache(options: { maxEntries?: number } = {}): ToolPolicyCache {
  const maxEntries = options.maxEntries ?? 64;
  const entries = new Map<string, CompiledToolPolicy>();
  return {
    get(policyOptions) {
      const key = toolPolicyCacheKey(policyOptions);
      const hit = entries.get(key);
      if (hit) {
        entries.delete(key);
        entries.set(key, hit);
        return hit;
      }
      const compiled = compileToolPolicy(policyOptions);
      entries.set(key, compiled);
      if (entries.size > maxEntries) {
        const oldest = entries.keys().next();
        if (!oldest.done) entries.delete(oldest.value);
      }
      return compiled;
    },
    get size() {
      return entries.size;
    },
    clear() {
      entries.clear();
    },
  };
}
