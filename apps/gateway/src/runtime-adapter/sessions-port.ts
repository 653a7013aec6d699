/** The gateway's sessions port: list, describe, patch, reset, delete and history of the session store. */
import { rm } from "node:fs/promises";
import type { AgentRuntime, PersistentSessionStore } from "@claw/agent-core";
import { RuntimeError, type SessionsPort } from "@claw/gateway";
import type { ThinkingLevel } from "@claw/providers";
import type { ModelResolver } from "../assemble/models.js";
import { THINKING } from "./runs-port.js";
import { toChatMessage, toSessionRow } from "./session-rows.js";

export interface SessionsPortParts {
  runtime: AgentRuntime;
  sessions: PersistentSessionStore;
  models: ModelResolver;
}

export function createSessionsPort({ runtime, sessions, models }: SessionsPortParts): SessionsPort {
  const agentModel = (agentId: string) => runtime.agents.find((a) => a.id === agentId)?.model.primary;
  const requireSession = async (key: string) => {
    const entry = await sessions.get(key);
    if (!entry) throw new RuntimeError("NOT_FOUND", `No session "${key}". List sessions with sessions.list.`);
    return entry;
  };
  return {
    async list(query) {
      let rows = (await sessions.list({ agentId: query.agentId })).map((e) => toSessionRow(e, agentModel));
      if (query.search) {
        const needle = query.search.toLowerCase();
        rows = rows.filter(
          (r) =>
            r.key.toLowerCase().includes(needle) ||
            String(r.label ?? "")
              .toLowerCase()
              .includes(needle),
        );
      }
      const offset = query.offset ?? 0;
      return rows.slice(offset, offset + (query.limit ?? 200));
    },
    async patch(key, patch) {
      const entry = await requireSession(key);
      const next: Parameters<typeof sessions.patch>[1] = {};
      for (const [field, value] of Object.entries(patch)) {
        if (field === "model") {
          if (value !== null && (typeof value !== "string" || !models.resolve(value)))
            throw new RuntimeError("INVALID", `Unknown model "${String(value)}".`, { code: "UNKNOWN_MODEL" });
          next.modelOverride = value === null ? undefined : value;
        } else if (field === "thinking" || field === "thinkingLevel") {
          if (value !== null && !THINKING.includes(value as ThinkingLevel))
            throw new RuntimeError("INVALID", `thinking must be one of ${THINKING.join(", ")}.`, {
              code: "INVALID_THINKING",
            });
          next.thinkingOverride = value === null ? undefined : (value as ThinkingLevel);
        } else if (field === "label") {
          next.flags = { ...entry.flags, label: value === null ? undefined : String(value) };
        } else if (field !== "key") {
          throw new RuntimeError(
            "INVALID",
            `sessions.patch cannot change "${field}"; patchable: model, thinking, label.`,
          );
        }
      }
      const updated = await sessions.patch(key, next);
      if (!updated) throw new RuntimeError("NOT_FOUND", `No session "${key}".`);
      return toSessionRow(updated, agentModel);
    },
    async reset(key) {
      runtime.abort({ sessionKey: key }, "session reset");
      // The aborted run still writes its last messages; let it finish into the old transcript.
      await runtime.idle(key);
      const existing = await sessions.get(key);
      const entry = existing
        ? await sessions.reset(key)
        : await sessions.resolve(key, { agentId: runtime.resolveAgent(undefined, key).id });
      return { sessionId: entry?.sessionId };
    },
    async delete(key, options) {
      const entry = await sessions.get(key);
      if (!entry) return false;
      runtime.abort({ sessionKey: key }, "session deleted");
      // Otherwise the aborted run's last writes recreate the index row and the transcript.
      await runtime.idle(key);
      const deleted = await sessions.delete(key);
      if (options.deleteTranscript) await rm(sessions.transcriptPath(entry), { force: true });
      return deleted;
    },
    async compact(key) {
      if (!(await sessions.get(key))) throw new RuntimeError("NOT_FOUND", `No session "${key}".`);
      return runtime.compact(key);
    },
    async history(sessionKey, limit) {
      // slice(-0) would return the whole transcript and a negative limit would cut its start.
      if (!Number.isInteger(limit) || limit < 1)
        throw new RuntimeError("INVALID", `history limit must be a positive integer; got ${String(limit)}`);
      const entry = await sessions.get(sessionKey);
      if (!entry) return [];
      const messages = await sessions.loadMessages(entry);
      return messages.slice(-limit).map(toChatMessage);
    },
    async describe(key) {
      const entry = await sessions.get(key);
      return entry ? toSessionRow(entry, agentModel) : undefined;
    },
  };
}
