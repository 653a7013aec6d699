import type { Message } from "@claw/providers";
import type { TokenEstimator } from "../estimate/estimator.js";

/**
 * Where a history may be cut without separating a tool call from its result. `cuts` holds the
 * ascending indexes `b` (0 ≤ b ≤ n) such that `messages.slice(0, b)` / `messages.slice(b)` keep
 * every call together with its result; `prefix[i]` is the token sum of `messages[0..i)`.
 * Built once in O(n); every later question is a lookup or a binary search.
 */
export interface HistoryIndex {
  readonly prefix: Float64Array;
  readonly cuts: Int32Array;
  /**
   * True when every result directly follows its call's assistant message, no result is orphaned
   * or duplicated, and no call is unanswered: pairing repair would change nothing.
   */
  readonly wellPaired: boolean;
}

/**
 * Indexes `messages` for cutting: per-message tokens, prefix sums and tool-safe cut points.
 *
 * @example
 * const index = indexHistory(messages, charsPerTokenEstimator);
 * index.prefix[messages.length]; // total tokens
 */
export function indexHistory(messages: readonly Message[], estimator: TokenEstimator): HistoryIndex {
  const n = messages.length;
  const prefix = new Float64Array(n + 1);
  // blocked[b] > 0 ⇔ some call at index < b has its result at index ≥ b (difference array).
  const blocked = new Int32Array(n + 2);
  // Calls of the latest assistant message live in a small array (results usually follow at
  // once); only calls still unanswered when another message arrives move to the map.
  let pending: { id: string; at: number }[] = [];
  const open = new Map<string, number>();
  let wellPaired = true;
  for (let i = 0; i < n; i++) {
    const message = messages[i] as Message;
    const t = estimator.message(message);
    prefix[i + 1] = (prefix[i] as number) + t;
    if (message.role === "toolResult") {
      const id = message.toolCallId;
      let call = -1;
      const p = pending.findIndex((c) => c.id === id);
      if (p >= 0) {
        call = (pending[p] as { at: number }).at;
        pending.splice(p, 1);
      } else {
        const at = open.get(id);
        if (at !== undefined) {
          open.delete(id);
          call = at;
        }
      }
      if (call >= 0) {
        (blocked[call + 1] as number)++;
        (blocked[i + 1] as number)--;
      }
      if (p < 0) wellPaired = false;
      continue;
    }
    if (pending.length > 0) {
      wellPaired = false;
      for (const c of pending) open.set(c.id, c.at);
      pending = [];
    }
    if (message.role === "assistant") {
      for (const block of message.content)
        if (block.type === "toolCall") pending.push({ id: block.id, at: i });
    }
  }
  if (pending.length > 0) wellPaired = false;
  const cuts = new Int32Array(n + 1);
  let count = 0;
  let depth = 0;
  for (let b = 0; b <= n; b++) {
    depth += blocked[b] as number;
    if (depth === 0) cuts[count++] = b;
  }
  return { prefix, cuts: cuts.subarray(0, count), wellPaired };
}

/** Largest position `k` in `cuts` with `valueAt(cuts[k]) ≤ max` (or -1); `valueAt` must not decrease. */
function lastCutWithValueAtMost(cuts: Int32Array, valueAt: (cut: number) => number, max: number): number {
  let lo = 0;
  let hi = cuts.length - 1;
  let found = -1;
  while (lo <= hi) {
    const mid = (lo + hi) >> 1;
    if (valueAt(cuts[mid] as number) <= max) {
      found = mid;
      lo = mid + 1;
    } else hi = mid - 1;
  }
  return found;
}

/** Largest position `k` in `cuts` with `cuts[k] ≤ limit` (or -1). */
export function lastCutAtOrBefore(cuts: Int32Array, limit: number): number {
  return lastCutWithValueAtMost(cuts, (cut) => cut, limit);
}

/** Largest position `k` in `cuts` with `prefix[cuts[k]] ≤ maxPrefix` (or -1). */
export function lastCutWithPrefixAtMost(index: HistoryIndex, maxPrefix: number): number {
  const { cuts, prefix } = index;
  return lastCutWithValueAtMost(cuts, (cut) => prefix[cut] as number, maxPrefix);
}

/** Smallest position `k` in `cuts` with `prefix[cuts[k]] ≥ minPrefix` (or cuts.length). */
export function firstCutWithPrefixAtLeast(index: HistoryIndex, minPrefix: number): number {
  const { cuts, prefix } = index;
  let lo = 0;
  let hi = cuts.length;
  while (lo < hi) {
    const mid = (lo + hi) >> 1;
    if ((prefix[cuts[mid] as number] as number) >= minPrefix) hi = mid;
    else lo = mid + 1;
  }
  return lo;
}
