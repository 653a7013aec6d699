/**
 * Detects a model stuck calling the same tool with the same arguments. Counts consecutive
 * identical calls; any different call resets the count.
 */
import type { ToolCall } from "@claw/providers";

export interface LoopDetector {
  /** Records a call; returns a stop message when the repeat threshold is reached. */
  record(call: ToolCall): string | undefined;
}

export function createLoopDetector(maxRepeats: number): LoopDetector {
  let lastKey = "";
  let count = 0;
  return {
    record(call) {
      const key = `${call.name}\u0000${stableStringify(call.arguments)}`;
      count = key === lastKey ? count + 1 : 1;
      lastKey = key;
      if (maxRepeats > 0 && count >= maxRepeats) {
        return `Stopped: tool "${call.name}" was called ${count} times in a row with identical arguments (tool-loop guard).`;
      }
      return undefined;
    },
  };
}

function stableStringify(value: unknown): string {
  if (value === null || typeof value !== "object") return JSON.stringify(value) ?? "undefined";
  if (Array.isArray(value)) return `[${value.map(stableStringify).join(",")}]`;
  const entries = Object.entries(value as Record<string, unknown>).sort(([a], [b]) => (a < b ? -1 : 1));
  return `{${entries.map(([k, v]) => `${JSON.stringify(k)}:${stableStringify(v)}`).join(",")}}`;
}
