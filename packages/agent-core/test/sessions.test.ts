import { spawn } from "node:child_process";
import { appendFileSync, mkdtempSync, readFileSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import type { Message } from "@claw/providers";
import { describe, expect, it } from "vitest";
import { createKeyedQueue } from "../src/queue/keyed-queue.js";
import { createPersistentSessionStore } from "../src/sessions/persistent-session-store.js";
import { readTranscript } from "../src/sessions/transcript/read-transcript.js";

const user = (text: string): Message => ({ role: "user", content: text, timestamp: 1 });
const tmp = () => mkdtempSync(join(tmpdir(), "claw-sessions-"));

describe("persistent session store", () => {
  it("appends messages and loads them back, surviving a reopen", async () => {
    const stateDir = tmp();
    const store = createPersistentSessionStore({ stateDir });
    const entry = await store.resolve("agent:main:main", { agentId: "main" });
    await store.append(entry, user("one"));
    await store.append(entry, user("two"));
    await store.close();
    const reopened = createPersistentSessionStore({ stateDir });
    const again = await reopened.resolve("agent:main:main", { agentId: "main" });
    expect(again.sessionId).toBe(entry.sessionId);
    expect((await reopened.loadMessages(again)).map((m) => m.content)).toEqual(["one", "two"]);
    const lines = readFileSync(reopened.transcriptPath(again), "utf8")
      .trim()
      .split("\n")
      .map((l) => JSON.parse(l));
    expect(lines[0]).toMatchObject({ type: "session", version: 1, id: entry.sessionId });
    expect(lines[2].parentId).toBe(lines[1].id);
    await reopened.close();
  });

  it("compaction replaces older messages with the summary on load", async () => {
    const store = createPersistentSessionStore({ stateDir: tmp() });
    const entry = await store.resolve("s", { agentId: "main" });
    for (const t of ["a", "b", "c", "d"]) await store.append(entry, user(t));
    await store.loadMessages(entry);
    await store.appendCompaction(entry, { summary: "A and B happened", replacedCount: 2 });
    await store.append(entry, user("e"));
    const loaded = await store.loadMessages(entry);
    expect(loaded.map((m) => m.content)).toEqual([
      expect.stringContaining("A and B happened"),
      "c",
      "d",
      "e",
    ]);
    await store.appendCompaction(entry, { summary: "all of it", replacedCount: 3 });
    expect((await store.loadMessages(entry)).map((m) => m.content)).toEqual([
      expect.stringContaining("all of it"),
      "e",
    ]);
    expect((await store.get("s"))?.compactionCount).toBe(2);
    await store.close();
  });

  it("reset starts a new session id and keeps the old transcript file", async () => {
    const store = createPersistentSessionStore({ stateDir: tmp() });
    const first = await store.resolve("s", { agentId: "main" });
    await store.append(first, user("old"));
    const second = await store.reset("s");
    expect(second?.sessionId).not.toBe(first.sessionId);
    expect(await store.loadMessages(second!)).toEqual([]);
    expect(readFileSync(store.transcriptPath(first), "utf8")).toContain("old");
    await store.close();
  });

  it("refuses unsafe agent ids in paths", async () => {
    const store = createPersistentSessionStore({ stateDir: tmp() });
    await expect(store.resolve("s", { agentId: "../evil" })).rejects.toThrow(/unsafe agent id/);
    await store.close();
  });

  it("repairs a torn trailing line and reports it", async () => {
    const problems: string[] = [];
    const store = createPersistentSessionStore({
      stateDir: tmp(),
      onTranscriptProblem: ({ loaded }) => problems.push(...loaded.problems.map((p) => p.problem)),
    });
    const entry = await store.resolve("s", { agentId: "main" });
    await store.append(entry, user("kept"));
    appendFileSync(store.transcriptPath(entry), '{"type":"message","id":"x","parentId":null,"timest');
    expect((await store.loadMessages(entry)).map((m) => m.content)).toEqual(["kept"]);
    expect(problems[0]).toMatch(/incomplete last line/);
    await store.append(entry, user("after repair"));
    expect((await store.loadMessages(entry)).map((m) => m.content)).toEqual(["kept", "after repair"]);
    await store.close();
  });

  it("skips and reports a corrupt line in the middle", async () => {
    const dir = tmp();
    const path = join(dir, "t.jsonl");
    writeFileSync(
      path,
      `${JSON.stringify({ type: "session", version: 1, id: "s", timestamp: 1 })}\nnot json\n${JSON.stringify({ type: "message", id: "a", parentId: null, timestamp: 1, message: user("ok") })}\n{"type":"mystery"}\n`,
    );
    const loaded = await readTranscript(path);
    expect(loaded.entries).toHaveLength(1);
    expect(loaded.problems.map((p) => p.line)).toEqual([2, 4]);
  });

  it("reads a transcript larger than one read chunk: lines across chunk edges, a line longer than a chunk, multi-byte text, blank lines, a torn tail", async () => {
    const path = join(tmp(), "big.jsonl");
    const message = (i: number, text: string) =>
      JSON.stringify({ type: "message", id: `m${i}`, parentId: null, timestamp: i, message: user(text) });
    const texts = [
      ...Array.from({ length: 30_000 }, (_, i) => `entrée ${i} — ünïcødé 🙂 `.repeat(1 + (i % 7))),
      "x".repeat(9 * 1024 * 1024),
      "after the long line ✓",
    ];
    const lines = [JSON.stringify({ type: "session", version: 1, id: "s", timestamp: 1 })];
    texts.forEach((text, i) => {
      lines.push(message(i, text));
      if (i % 5_000 === 0) lines.push("", "   ");
    });
    const body = `${lines.join("\n")}\n`;
    const torn = '{"type":"message","id":"torn","message":{"content":"é';
    writeFileSync(path, body + torn);
    const loaded = await readTranscript(path);
    expect(loaded.header?.id).toBe("s");
    expect(loaded.entries.map((e) => (e.type === "message" ? e.message.content : ""))).toEqual(texts);
    expect(loaded.repairedBytes).toBe(Buffer.byteLength(torn));
    expect(loaded.problems).toEqual([
      { line: lines.length + 1, problem: `incomplete last line (${Buffer.byteLength(torn)} bytes) removed` },
    ]);
    expect(readFileSync(path, "utf8")).toBe(body);
  });

  it("concurrent appends from many runs never interleave or lose lines", async () => {
    const store = createPersistentSessionStore({ stateDir: tmp(), durability: "os" });
    const queue = createKeyedQueue();
    const entry = await store.resolve("s", { agentId: "main" });
    await Promise.all(
      Array.from({ length: 20 }, (_, run) =>
        queue.run("s", async () => {
          for (let i = 0; i < 10; i++) await store.append(entry, user(`${run}:${i}`));
        }),
      ),
    );
    const loaded = await store.loadMessages(entry);
    expect(loaded).toHaveLength(200);
    expect(loaded.map((m) => m.content)).toEqual(
      Array.from({ length: 20 }, (_, run) => Array.from({ length: 10 }, (_, i) => `${run}:${i}`)).flat(),
    );
    await store.close();
  });
});

describe("kill mid-write", () => {
  it.each([["fsync"], ["os"]])(
    "an acknowledged line is never lost (%s), repeatedly",
    async (durability) => {
      for (let round = 0; round < 4; round++) {
        const path = join(tmp(), "t.jsonl");
        const acked = await runAndKill(path, durability, 20 + round * 15);
        const loaded = await readTranscript(path);
        const ids = new Set(loaded.entries.map((e) => e.id));
        for (const id of acked) expect(ids.has(id)).toBe(true);
        expect(loaded.problems.filter((p) => !p.problem.startsWith("incomplete last line"))).toEqual([]);
      }
    },
    60_000,
  );
});

function runAndKill(path: string, durability: string, ackTarget: number): Promise<string[]> {
  return new Promise((resolve, reject) => {
    const child = spawn(
      process.execPath,
      [
        "--conditions=@claw/source",
        "--import",
        "tsx",
        join(import.meta.dirname, "fixtures-crash-writer.ts"),
        path,
        durability,
      ],
      { stdio: ["ignore", "pipe", "inherit"] },
    );
    const acked: string[] = [];
    let buffer = "";
    child.stdout.on("data", (chunk: Buffer) => {
      buffer += chunk.toString();
      const lines = buffer.split("\n");
      buffer = lines.pop() ?? "";
      for (const line of lines) if (line.startsWith("ack ")) acked.push(line.slice(4));
      if (acked.length >= ackTarget) child.kill("SIGKILL");
    });
    child.on("error", reject);
    child.on("exit", () => resolve(acked));
  });
}

describe("writes through an entry from before a reset", () => {
  it("go to the old transcript and leave the new session untouched", async () => {
    const store = createPersistentSessionStore({ stateDir: tmp(), durability: "os" });
    const old = await store.resolve("s", { agentId: "main" });
    await store.append(old, user("before"));
    const fresh = (await store.reset("s"))!;
    await store.append(fresh, user("new one"));
    await store.append(old, user("late write from the old run"));
    await store.append(fresh, user("new two"));
    expect((await store.loadMessages(fresh)).map((m) => m.content)).toEqual(["new one", "new two"]);
    const oldLines = readFileSync(store.transcriptPath(old), "utf8")
      .trim()
      .split("\n")
      .map((l) => JSON.parse(l));
    expect(oldLines.map((l) => l.message?.content).filter(Boolean)).toEqual([
      "before",
      "late write from the old run",
    ]);
    const freshLines = readFileSync(store.transcriptPath(fresh), "utf8")
      .trim()
      .split("\n")
      .map((l) => JSON.parse(l));
    expect(freshLines[2].parentId).toBe(freshLines[1].id);
    await store.close();
  });
});
