/** An in-memory SessionStore: nothing persists across restarts. For embedders and tests. */

import { randomUUID } from "node:crypto";
import { createCompactionSummaryMessage } from "@claw/compaction";
import type { Message } from "@claw/providers";
import type { CompactionRecord, SessionEntry, SessionStore } from "./session-store.js";

interface Stored {
  entry: SessionEntry;
  messages: Message[];
  summary?: { text: string; at: number };
}

/**
 * @example
 * const runtime = createAgentRuntime({ ..., sessions: createMemorySessionStore() });
 */
export function createMemorySessionStore(now: () => number = Date.now): SessionStore {
  const sessions = new Map<string, Stored>();
  /** The stored session of an entry; a reset or deleted one is gone (its messages were dropped). */
  const current = (entry: SessionEntry): Stored => {
    const stored = sessions.get(entry.sessionKey);
    if (!stored) throw new Error(`session "${entry.sessionKey}" does not exist`);
    if (stored.entry.sessionId !== entry.sessionId)
      throw new Error(
        `session "${entry.sessionKey}" was reset: session ${entry.sessionId} no longer takes messages`,
      );
    return stored;
  };
  return {
    async resolve(sessionKey, init) {
      const existing = sessions.get(sessionKey);
      if (existing) return { ...existing.entry };
      const at = now();
      const entry: SessionEntry = {
        sessionKey,
        sessionId: randomUUID(),
        agentId: init.agentId,
        createdAt: at,
        updatedAt: at,
      };
      sessions.set(sessionKey, { entry, messages: [] });
      return { ...entry };
    },
    async get(sessionKey) {
      const stored = sessions.get(sessionKey);
      return stored ? { ...stored.entry } : undefined;
    },
    async loadMessages(entry) {
      const stored = sessions.get(entry.sessionKey);
      if (!stored) return [];
      const head = stored.summary
        ? [createCompactionSummaryMessage(stored.summary.text, stored.summary.at)]
        : [];
      return [...head, ...stored.messages];
    },
    async append(entry, message) {
      const stored = current(entry);
      stored.messages.push(message);
      stored.entry.updatedAt = now();
    },
    async appendCompaction(entry, record: CompactionRecord) {
      const stored = current(entry);
      const offset = stored.summary ? 1 : 0;
      stored.messages = stored.messages.slice(Math.max(0, record.replacedCount - offset));
      stored.summary = { text: record.summary, at: now() };
      stored.entry.compactionCount = (stored.entry.compactionCount ?? 0) + 1;
    },
    async patch(sessionKey, patch) {
      const stored = sessions.get(sessionKey);
      if (!stored) return undefined;
      stored.entry = { ...stored.entry, ...patch, sessionKey, updatedAt: now() };
      return { ...stored.entry };
    },
    async reset(sessionKey) {
      const stored = sessions.get(sessionKey);
      if (!stored) return undefined;
      const at = now();
      stored.entry = {
        ...stored.entry,
        sessionId: randomUUID(),
        createdAt: at,
        updatedAt: at,
        compactionCount: 0,
      };
      stored.messages = [];
      stored.summary = undefined;
      return { ...stored.entry };
    },
    async delete(sessionKey) {
      return sessions.delete(sessionKey);
    },
    async list(filter) {
      return [...sessions.values()]
        .map((s) => ({ ...s.entry }))
        .filter((e) => !filter?.agentId || e.agentId === filter.agentId)
        .sort((a, b) => b.updatedAt - a.updatedAt);
    },
  };
}
