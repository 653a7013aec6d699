/**
 * The durable SessionStore: an SQLite index (state.db) plus one append-only JSONL transcript per
 * session under `agents/<agentId>/sessions/<sessionId>.jsonl`. All writes for one session go
 * through one writer (group commit + fsync), so lines never interleave and an acknowledged
 * message is on disk.
 */

import { randomUUID } from "node:crypto";
import { mkdirSync } from "node:fs";
import { join } from "node:path";
import { createCompactionSummaryMessage } from "@claw/compaction";
import type { Message } from "@claw/providers";
import { openSessionIndex, type SessionIndex } from "./index/session-index.js";
import type { CompactionRecord, SessionEntry, SessionStore } from "./session-store.js";
import { createAppendFilePool, DEFAULT_MAX_OPEN_TRANSCRIPTS } from "./transcript/append-file-pool.js";
import { TRANSCRIPT_VERSION, type TranscriptEntry } from "./transcript/entries.js";
import { type LoadedTranscript, readTranscript } from "./transcript/read-transcript.js";
import { createTranscriptWriter, type TranscriptWriter } from "./transcript/transcript-writer.js";

export interface PersistentSessionStoreOptions {
  stateDir: string;
  /** SQLite file for the index (default `<stateDir>/state.db`). */
  indexPath?: string;
  durability?: "fsync" | "os";
  /**
   * Most transcript files kept open at once (default 64): idle ones are closed least recently
   * used first, so thousands of sessions never run the process out of file descriptors.
   */
  maxOpenTranscripts?: number;
  now?: () => number;
  /** Told when a transcript had to be repaired or had bad lines on load. */
  onTranscriptProblem?: (info: { sessionKey: string; path: string; loaded: LoadedTranscript }) => void;
}

interface OpenSession {
  path: string;
  sessionKey: string;
  writer: TranscriptWriter;
  lastId: string | null;
  /** Entry ids behind the conversation last loaded (null marks the summary message). */
  conversationIds: (string | null)[];
}

const SAFE_ID = /^[A-Za-z0-9][A-Za-z0-9_.-]{0,127}$/;

export interface PersistentSessionStore extends SessionStore {
  transcriptPath(entry: Pick<SessionEntry, "agentId" | "sessionId">): string;
  /** Flushes and closes every transcript writer and the index. */
  close(): Promise<void>;
}

/**
 * @example
 * const sessions = createPersistentSessionStore({ stateDir: "/home/me/.claw" });
 * const runtime = createAgentRuntime({ ..., sessions });
 */
export function createPersistentSessionStore(options: PersistentSessionStoreOptions): PersistentSessionStore {
  const now = options.now ?? Date.now;
  mkdirSync(options.stateDir, { recursive: true, mode: 0o700 });
  const index: SessionIndex = openSessionIndex(options.indexPath ?? join(options.stateDir, "state.db"));
  const open = new Map<string, OpenSession>();
  const files = createAppendFilePool({ maxOpen: options.maxOpenTranscripts ?? DEFAULT_MAX_OPEN_TRANSCRIPTS });

  const transcriptPath = (entry: Pick<SessionEntry, "agentId" | "sessionId">) => {
    for (const [name, value] of [
      ["agent id", entry.agentId],
      ["session id", entry.sessionId],
    ] as const) {
      if (!SAFE_ID.test(value))
        throw new Error(`sessions: unsafe ${name} "${value}" (letters, digits, _ . - only)`);
    }
    return join(options.stateDir, "agents", entry.agentId, "sessions", `${entry.sessionId}.jsonl`);
  };

  // Writers are keyed by transcript file, so a late write through an entry from before a reset
  // goes to the old transcript and never disturbs the new session's writer.
  const session = (entry: SessionEntry): OpenSession => {
    const path = transcriptPath(entry);
    let state = open.get(path);
    if (!state) {
      state = {
        path,
        sessionKey: entry.sessionKey,
        writer: createTranscriptWriter(path, { durability: options.durability, files }),
        lastId: null,
        conversationIds: [],
      };
      open.set(path, state);
    }
    return state;
  };

  const closeWriters = async (sessionKey: string) => {
    for (const [path, state] of open) {
      if (state.sessionKey !== sessionKey) continue;
      open.delete(path);
      await state.writer.close();
    }
  };

  const writeEntry = async (
    entry: SessionEntry,
    body: DistributiveOmit<TranscriptEntry, "id" | "parentId" | "timestamp">,
  ) => {
    const state = session(entry);
    const record = { ...body, id: randomUUID(), parentId: state.lastId, timestamp: now() } as TranscriptEntry;
    state.lastId = record.id;
    await state.writer.append(record);
    return record;
  };

  const create = async (
    sessionKey: string,
    agentId: string,
    previous?: SessionEntry,
  ): Promise<SessionEntry> => {
    const at = now();
    const entry: SessionEntry = {
      ...(previous ? { origin: previous.origin, flags: previous.flags } : {}),
      sessionKey,
      sessionId: randomUUID(),
      agentId,
      createdAt: at,
      updatedAt: at,
    };
    const state = session(entry);
    await state.writer.append({
      type: "session",
      version: TRANSCRIPT_VERSION,
      id: entry.sessionId,
      timestamp: at,
    });
    index.put(entry);
    return entry;
  };

  return {
    transcriptPath,
    async resolve(sessionKey, init) {
      return index.get(sessionKey) ?? (await create(sessionKey, init.agentId));
    },
    async get(sessionKey) {
      return index.get(sessionKey);
    },
    async loadMessages(entry) {
      const state = session(entry);
      await state.writer.idle();
      const loaded = await files.withPlace(() => readTranscript(state.path));
      if (loaded.repairedBytes > 0 || loaded.problems.length > 0) {
        options.onTranscriptProblem?.({ sessionKey: entry.sessionKey, path: state.path, loaded });
      }
      state.lastId = loaded.entries.at(-1)?.id ?? null;
      const { messages, ids } = conversationOf(loaded.entries);
      state.conversationIds = ids;
      return messages;
    },
    async append(entry, message) {
      const record = await writeEntry(entry, { type: "message", message });
      session(entry).conversationIds.push(record.id);
      // A run that outlives a reset or delete of its session must not touch the key's new row.
      const current = index.get(entry.sessionKey);
      if (current?.sessionId === entry.sessionId) index.put({ ...current, updatedAt: now() });
    },
    async appendCompaction(entry, record: CompactionRecord) {
      const state = session(entry);
      const kept = state.conversationIds
        .slice(record.replacedCount)
        .filter((id): id is string => id !== null);
      await writeEntry(entry, {
        type: "compaction",
        summary: record.summary,
        firstKeptEntryId: kept[0] ?? null,
        tokensBefore: record.tokensBefore,
        tokensAfter: record.tokensAfter,
      });
      state.conversationIds = [null, ...kept];
      const current = index.get(entry.sessionKey);
      if (current?.sessionId === entry.sessionId)
        index.put({ ...current, compactionCount: (current.compactionCount ?? 0) + 1, updatedAt: now() });
    },
    async patch(sessionKey, patch) {
      const current = index.get(sessionKey);
      if (!current) return undefined;
      const next: SessionEntry = { ...current, ...patch, sessionKey, updatedAt: now() };
      index.put(next);
      if (patch.modelOverride !== undefined && patch.modelOverride !== current.modelOverride) {
        await writeEntry(next, { type: "model_change", model: patch.modelOverride });
      }
      if (patch.thinkingOverride !== undefined && patch.thinkingOverride !== current.thinkingOverride) {
        await writeEntry(next, { type: "thinking_change", thinking: patch.thinkingOverride });
      }
      return next;
    },
    async reset(sessionKey) {
      const current = index.get(sessionKey);
      if (!current) return undefined;
      await closeWriters(sessionKey);
      return create(sessionKey, current.agentId, current);
    },
    async delete(sessionKey) {
      await closeWriters(sessionKey);
      return index.delete(sessionKey);
    },
    async list(filter) {
      return index.list(filter);
    },
    async close() {
      // Every writer is flushed and every file closed even if one fails, and the index always closes.
      const results = await Promise.allSettled([...open.values()].map((s) => s.writer.close()));
      open.clear();
      await files.close();
      index.close();
      const failed = results.find((r): r is PromiseRejectedResult => r.status === "rejected");
      if (failed) throw failed.reason;
    },
  };
}

/** The conversation a model sees: the latest compaction summary, then the messages it kept. */
export function conversationOf(entries: TranscriptEntry[]): { messages: Message[]; ids: (string | null)[] } {
  let start = 0;
  let summary: { text: string; at: number } | undefined;
  let firstKept: string | null = null;
  for (let i = entries.length - 1; i >= 0; i--) {
    const e = entries[i] as TranscriptEntry;
    if (e.type === "compaction") {
      summary = { text: e.summary, at: e.timestamp };
      firstKept = e.firstKeptEntryId;
      start = i + 1;
      break;
    }
  }
  if (summary && firstKept !== null) {
    const keptIndex = entries.findIndex((e) => e.id === firstKept);
    if (keptIndex !== -1) start = keptIndex;
  }
  const messages: Message[] = [];
  const ids: (string | null)[] = [];
  if (summary) {
    messages.push(createCompactionSummaryMessage(summary.text, summary.at));
    ids.push(null);
  }
  for (let i = start; i < entries.length; i++) {
    const e = entries[i] as TranscriptEntry;
    if (e.type === "message") {
      messages.push(e.message);
      ids.push(e.id);
    }
  }
  return { messages, ids };
}

type DistributiveOmit<T, K extends PropertyKey> = T extends unknown ? Omit<T, K> : never;
