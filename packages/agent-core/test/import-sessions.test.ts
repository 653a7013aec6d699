/**
 * importSessions: whole sessions written into a state dir are read back by the persistent store
 * exactly like sessions it wrote itself; reruns are no-ops; a key Claw already uses for another
 * session is never overwritten; a dry run creates nothing.
 */
import { existsSync, mkdtempSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { afterEach, describe, expect, it } from "vitest";
import { type ImportedSession, importSessions } from "../src/sessions/import-sessions.js";
import { createPersistentSessionStore } from "../src/sessions/persistent-session-store.js";

const dirs: string[] = [];
afterEach(() => {
  for (const dir of dirs.splice(0)) rmSync(dir, { recursive: true, force: true });
});

function stateDir(): string {
  const dir = mkdtempSync(join(tmpdir(), "claw-import-sessions-"));
  dirs.push(dir);
  return dir;
}

const usage = {
  input: 1,
  output: 1,
  cacheRead: 0,
  cacheWrite: 0,
  totalTokens: 2,
  cost: { input: 0, output: 0, cacheRead: 0, cacheWrite: 0, total: 0 },
};

function session(sessionId = "imported-1"): ImportedSession {
  return {
    entry: {
      sessionKey: "agent:main:main",
      sessionId,
      agentId: "main",
      createdAt: 1000,
      updatedAt: 5000,
      compactionCount: 1,
    },
    entries: [
      {
        type: "message",
        id: "a",
        parentId: null,
        timestamp: 1100,
        message: { role: "user", content: "old question", timestamp: 1100 },
      },
      {
        type: "message",
        id: "b",
        parentId: "a",
        timestamp: 1200,
        message: {
          role: "assistant",
          content: [{ type: "text", text: "old answer" }],
          api: "anthropic-messages",
          provider: "anthropic",
          model: "claude",
          usage,
          stopReason: "stop",
          timestamp: 1200,
        },
      },
      {
        type: "compaction",
        id: "c",
        parentId: "b",
        timestamp: 1300,
        summary: "They talked.",
        firstKeptEntryId: "d",
      },
      {
        type: "message",
        id: "d",
        parentId: "c",
        timestamp: 1400,
        message: { role: "user", content: "new question", timestamp: 1400 },
      },
    ],
  };
}

describe("importSessions", () => {
  it("writes transcript and index so the persistent store loads the conversation after the compaction", async () => {
    const dir = stateDir();
    const [result] = importSessions({ stateDir: dir, sessions: [session()] });
    expect(result).toMatchObject({ status: "create", messages: 3 });
    const store = createPersistentSessionStore({ stateDir: dir });
    const entry = await store.get("agent:main:main");
    expect(entry).toMatchObject({ sessionId: "imported-1", compactionCount: 1, updatedAt: 5000 });
    const messages = await store.loadMessages(entry as NonNullable<typeof entry>);
    expect(messages.map((m) => m.role)).toEqual(["user", "user"]);
    expect(JSON.stringify(messages[0]?.content)).toContain("They talked.");
    expect(messages[1]?.content).toBe("new question");
    await store.close();
  });

  it("is a no-op the second time, and never overwrites a different session under the same key", () => {
    const dir = stateDir();
    importSessions({ stateDir: dir, sessions: [session()] });
    expect(importSessions({ stateDir: dir, sessions: [session()] })[0]?.status).toBe("unchanged");
    const [other] = importSessions({ stateDir: dir, sessions: [session("another-id")] });
    expect(other?.status).toBe("conflict");
    expect(existsSync(join(dir, "agents", "main", "sessions", "another-id.jsonl"))).toBe(false);
  });

  it("dry run reports without creating state.db or transcripts", () => {
    const dir = stateDir();
    const [result] = importSessions({ stateDir: dir, sessions: [session()], dryRun: true });
    expect(result?.status).toBe("create");
    expect(existsSync(join(dir, "state.db"))).toBe(false);
    expect(existsSync(result?.transcriptPath ?? "")).toBe(false);
  });

  it("rejects unsafe ids and malformed entries with the session named", () => {
    const dir = stateDir();
    expect(() => importSessions({ stateDir: dir, sessions: [session("../escape")] })).toThrow(
      /agent:main:main: unsafe session id "\.\.\/escape"/,
    );
    const bad = session();
    bad.entries.push({ type: "message", id: "x" } as never);
    expect(() => importSessions({ stateDir: dir, sessions: [bad] })).toThrow(
      /entry 4 is not a valid transcript entry/,
    );
  });
});
