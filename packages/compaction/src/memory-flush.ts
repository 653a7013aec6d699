import type { UserMessage } from "@claw/providers";

/** Tokens before the compaction point at which the flush runs (default). */
export const DEFAULT_MEMORY_FLUSH_SOFT_THRESHOLD_TOKENS = 4000;
/** The default flush prompt: durable notes to the workspace's memory files, NO_REPLY otherwise. */
export const DEFAULT_MEMORY_FLUSH_PROMPT =
  "Pre-compaction memory flush. Store durable memories now (use memory/YYYY-MM-DD.md; create memory/ if needed). If nothing to store, reply with NO_REPLY.";

const BYTE_UNITS: Record<string, number> = { b: 1, kb: 1024, mb: 1024 ** 2, gb: 1024 ** 3 };

/**
 * Parses a byte size: a number of bytes, or "512kb", "2mb", "1.5 gb" (binary units).
 *
 * @example
 * parseByteSize("2mb"); // → 2097152
 */
export function parseByteSize(value: number | string): number {
  if (typeof value === "number") return value;
  const match = /^\s*(\d+(?:\.\d+)?)\s*(b|kb|mb|gb)?\s*$/i.exec(value);
  if (!match) {
    throw new Error(`memory flush: size "${value}" is not a byte size — use a number of bytes or e.g. "2mb"`);
  }
  return Math.floor(Number(match[1]) * (BYTE_UNITS[(match[2] ?? "b").toLowerCase()] ?? 1));
}

export interface MemoryFlushInput {
  /** Current context tokens. */
  totalTokens: number;
  contextWindowTokens: number;
  /** The compaction reserve floor; threshold = window − floor − soft threshold. */
  reserveTokensFloor: number;
  /** Default 4000. */
  softThresholdTokens?: number;
  /** The compaction point in tokens, when known; replaces `window − reserveTokensFloor`. */
  compactionThresholdTokens?: number;
  /** Size of the session transcript on disk. */
  transcriptBytes?: number;
  /** Flush regardless of tokens above this size ("2mb" or bytes). */
  forceFlushTranscriptBytes?: number | string;
  /** Compactions the session has had so far, and the count when it last flushed. */
  compactionCount?: number;
  lastFlushCompactionCount?: number;
  enabled?: boolean;
}

export type MemoryFlushReason = "tokens" | "transcript-size";
export interface MemoryFlushDecision {
  run: boolean;
  reason?: MemoryFlushReason;
  /** Why not, when `run` is false. */
  skipped?: "disabled" | "already-flushed" | "below-threshold";
  thresholdTokens: number;
}

/**
 * Whether to run the pre-compaction memory flush now, and why. Once per compaction cycle: a
 * session that flushed at its current compaction count does not flush again until it compacts.
 *
 * @example
 * decideMemoryFlush({ totalTokens: 176_000, contextWindowTokens: 200_000, reserveTokensFloor: 20_000 });
 * // → { run: true, reason: "tokens", thresholdTokens: 176000 }
 */
export function decideMemoryFlush(input: MemoryFlushInput): MemoryFlushDecision {
  const soft = input.softThresholdTokens ?? DEFAULT_MEMORY_FLUSH_SOFT_THRESHOLD_TOKENS;
  const compactionPoint =
    input.compactionThresholdTokens ?? input.contextWindowTokens - input.reserveTokensFloor;
  const thresholdTokens = compactionPoint - soft;
  if (input.enabled === false) return { run: false, skipped: "disabled", thresholdTokens };
  if (
    input.lastFlushCompactionCount !== undefined &&
    input.lastFlushCompactionCount === (input.compactionCount ?? 0)
  ) {
    return { run: false, skipped: "already-flushed", thresholdTokens };
  }
  if (input.totalTokens >= thresholdTokens) return { run: true, reason: "tokens", thresholdTokens };
  if (
    input.forceFlushTranscriptBytes !== undefined &&
    input.transcriptBytes !== undefined &&
    input.transcriptBytes > parseByteSize(input.forceFlushTranscriptBytes)
  ) {
    return { run: true, reason: "transcript-size", thresholdTokens };
  }
  return { run: false, skipped: "below-threshold", thresholdTokens };
}

/**
 * Boolean form of {@link decideMemoryFlush}.
 *
 * @example
 * shouldRunMemoryFlush({ totalTokens: 175_999, contextWindowTokens: 200_000, reserveTokensFloor: 20_000 }); // → false
 */
export function shouldRunMemoryFlush(input: MemoryFlushInput): boolean {
  return decideMemoryFlush(input).run;
}

/** The user message that starts the flush turn. */
export function createMemoryFlushMessage(
  prompt: string = DEFAULT_MEMORY_FLUSH_PROMPT,
  timestamp: number = Date.now(),
): UserMessage {
  return { role: "user", content: prompt, timestamp };
}
