/**
 * What the runtime needs from session storage. `createMemorySessionStore` keeps everything in
 * memory (embedders who persist elsewhere); the persistent store (JSONL transcripts + SQLite
 * index) implements the same interface.
 */
import type { Message, ThinkingLevel } from "@claw/providers";

export interface SessionEntry {
  sessionKey: string;
  sessionId: string;
  agentId: string;
  createdAt: number;
  updatedAt: number;
  /** "provider/model" chosen for this session with /model, overriding the agent's primary. */
  modelOverride?: string;
  thinkingOverride?: ThinkingLevel;
  /** Auth profile pinned to this session until reset, compaction or failure. */
  authProfileId?: string;
  inputTokens?: number;
  outputTokens?: number;
  /** Last known context size in tokens (from the latest usage). */
  contextTokens?: number;
  /** Estimated cost so far in USD, each model call priced with the model that answered it. */
  costUsd?: number;
  /** "provider/model" that answered the latest run (after a fallback, not the configured one). */
  lastModel?: string;
  compactionCount?: number;
  origin?: { channel?: string; peer?: string; accountId?: string };
  /** Free-form flags (send policy, verbose, …). */
  flags?: Record<string, unknown>;
}

/** A summary that replaces older messages when the conversation is loaded. */
export interface CompactionRecord {
  summary: string;
  /** How many of the messages (counted from the start of the loaded conversation) it replaces. */
  replacedCount: number;
  tokensBefore?: number;
  tokensAfter?: number;
}

export interface SessionStore {
  /** Returns the entry for a key, creating it (new sessionId) when absent. */
  resolve(sessionKey: string, init: { agentId: string }): Promise<SessionEntry>;
  get(sessionKey: string): Promise<SessionEntry | undefined>;
  /** The conversation as the model should see it: latest compaction summary + later messages. */
  loadMessages(entry: SessionEntry): Promise<Message[]>;
  /** Appends one message; resolves once it is durable. */
  append(entry: SessionEntry, message: Message): Promise<void>;
  appendCompaction(entry: SessionEntry, record: CompactionRecord): Promise<void>;
  patch(
    sessionKey: string,
    patch: Partial<Omit<SessionEntry, "sessionKey">>,
  ): Promise<SessionEntry | undefined>;
  /** Starts a new session id for the key (the old transcript is kept). */
  reset(sessionKey: string): Promise<SessionEntry | undefined>;
  delete(sessionKey: string): Promise<boolean>;
  list(filter?: { agentId?: string }): Promise<SessionEntry[]>;
}
