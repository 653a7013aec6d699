import { mkdirSync, renameSync, writeFileSync } from "node:fs";
import { dirname, join } from "node:path";
import { afterAll, afterEach, beforeAll, describe, expect, it } from "vitest";
import { type MemoryIndex, type OpenMemoryIndexOptions, openMemoryIndex } from "../src/memory-index.js";
import { MemoryIndexCorruptError } from "../src/store/types.js";
import type { SyncResult } from "../src/sync/sync.js";
import { type FakeEmbeddingServer, startFakeEmbeddingServer } from "./fake-embeddings.js";
import { NOTES, type TempWorkspace, tempWorkspace } from "./workspace.js";

let server: FakeEmbeddingServer;
beforeAll(async () => {
  server = await startFakeEmbeddingServer();
});
afterAll(() => server.close());

const opened: Array<{ index: MemoryIndex; ws: TempWorkspace }> = [];
afterEach(async () => {
  for (const { index, ws } of opened.splice(0)) {
    await index.close();
    ws.cleanup();
  }
});

async function open(overrides: Partial<OpenMemoryIndexOptions> = {}, ws = tempWorkspace(NOTES)) {
  const logs: string[] = [];
  const index = await openMemoryIndex({
    workspaceDir: ws.dir,
    dbPath: ws.dbPath,
    embedding: { provider: "openai", apiKey: "test", baseUrl: `${server.url}/v1`, model: "fake-d64" },
    log: (m) => logs.push(m),
    ...overrides,
  });
  opened.push({ index, ws });
  return { index, ws, logs };
}

describe.each(["sqlite", "lancedb"] as const)("memory index on %s", (backend) => {
  const dbPathFor = (ws: TempWorkspace) => (backend === "sqlite" ? ws.dbPath : `${ws.dbPath}.lance`);

  it("indexes, searches with path and line ranges, and syncs only what changed", async () => {
    const ws = tempWorkspace(NOTES);
    const { index } = await open({ backend, dbPath: dbPathFor(ws) }, ws);
    const first = await index.sync();
    expect(first).toMatchObject({ added: 4, updated: 0, removed: 0, rebuilt: true });
    const { results, mode } = await index.search("which database for billing?");
    expect(mode).toBe("hybrid");
    expect(results[0]).toMatchObject({ path: "MEMORY.md", startLine: 1, endLine: 7 });
    expect(results[0]?.snippet).toContain("PostgreSQL");

    const before = server.requests.length;
    expect(await index.sync()).toMatchObject({ added: 0, updated: 0, unchanged: 4, chunksEmbedded: 0 });
    expect(server.requests.length).toBe(before);

    ws.write(
      "memory/people/alice.md",
      "# Alice\n\nAlice leads the mobile team and likes espresso.\n\nShe moved to Berlin.\n",
    );
    const edit = await index.sync();
    expect(edit).toMatchObject({ updated: 1, chunksEmbedded: 1 });
    expect((await index.search("Berlin")).results[0]?.path).toBe("memory/people/alice.md");

    ws.remove("memory/2026-01-16.md");
    expect(await index.sync()).toMatchObject({ removed: 1 });
    expect((await index.search("Kubernetes invoice")).results.map((r) => r.path)).not.toContain(
      "memory/2026-01-16.md",
    );

    mkdirSync(join(ws.dir, "memory/team"));
    renameSync(join(ws.dir, "memory/people/alice.md"), join(ws.dir, "memory/team/alice.md"));
    const rename = await index.sync();
    expect(rename).toMatchObject({ added: 1, removed: 1, chunksEmbedded: 0 });
    expect((await index.search("espresso")).results[0]?.path).toBe("memory/team/alice.md");
  });

  it("matches Chinese queries end to end", async () => {
    const ws = tempWorkspace(NOTES);
    const { index } = await open({ backend, dbPath: dbPathFor(ws) }, ws);
    const { results } = await index.search("向量数据库");
    expect(results[0]?.path).toBe("memory/2026-01-20-zh.md");
  });

  it("says it is dirty until synced, and again when a file is added, edited or removed", async () => {
    const ws = tempWorkspace(NOTES);
    const { index } = await open({ backend, dbPath: dbPathFor(ws) }, ws);
    expect(await index.status()).toMatchObject({ dirty: true, pendingFiles: 4, syncing: false });
    await index.sync();
    const clean = await index.status();
    expect(clean).toMatchObject({ dirty: false, pendingFiles: 0, counts: { files: 4 } });
    expect(clean.lastSync?.result).toMatchObject({ added: 4 });
    // Touched but not changed: still clean.
    const alice = join(ws.dir, "memory/people/alice.md");
    const { readFileSync, rmSync } = await import("node:fs");
    const text = readFileSync(alice, "utf8");
    writeFileSync(alice, text);
    expect((await index.status()).pendingFiles).toBe(0);
    ws.write("memory/people/alice.md", `${text}\nShe moved to Berlin.\n`);
    ws.write("memory/new.md", "# New\n");
    rmSync(join(ws.dir, "MEMORY.md"));
    expect(await index.status()).toMatchObject({ dirty: true, pendingFiles: 3 });
    await index.sync();
    expect(await index.status()).toMatchObject({ dirty: false, pendingFiles: 0 });
  });

  it("runs keyword-only with a notice when no embedding provider is configured", async () => {
    const ws = tempWorkspace(NOTES);
    const { index, logs } = await open(
      { backend, dbPath: dbPathFor(ws), embedding: { provider: "openai" } },
      ws,
    );
    const response = await index.search("espresso");
    expect(response.mode).toBe("keyword");
    expect(response.notice).toMatch(/keyword-only/);
    expect(response.results[0]).toMatchObject({ path: "memory/people/alice.md", score: 1 });
    expect(logs.join("\n")).toMatch(/need an apiKey/);
    expect((await index.status()).provider).toBe("keyword-only");
  });
});

describe("memory index behaviour", () => {
  it("rebuilds cleanly when the embedding model (and dimensions) change", async () => {
    const ws = tempWorkspace(NOTES);
    const a = await openMemoryIndex({
      workspaceDir: ws.dir,
      dbPath: ws.dbPath,
      embedding: { provider: "openai", apiKey: "k", baseUrl: `${server.url}/v1`, model: "fake-d64" },
    });
    await a.sync();
    await a.close();
    const { index, logs } = await open(
      { embedding: { provider: "ollama", baseUrl: server.url, model: "fake-d32" } },
      ws,
    );
    expect((await index.status()).stale).toBe(true);
    const result = await index.sync();
    expect(result).toMatchObject({ rebuilt: true, added: 4 });
    expect(logs.join("\n")).toMatch(/rebuilding for ollama\/fake-d32 \(32d\)/);
    const status = await index.status();
    expect(status).toMatchObject({ dims: 32, stale: false, provider: "ollama" });
    expect(status.counts.vectors).toBe(status.counts.chunks);
    expect((await index.search("espresso")).results[0]?.path).toBe("memory/people/alice.md");
  });

  it("a keyword-only hit can pass minScore in hybrid mode thanks to backfilled vector scores", async () => {
    const { index } = await open();
    const { results } = await index.search("Kubernetes");
    expect(results[0]?.path).toBe("memory/2026-01-16.md");
    expect(results[0]?.textScore).toBe(1);
  });

  it("reports a corrupt database clearly and can rebuild it", async () => {
    const ws = tempWorkspace(NOTES);
    mkdirSync(dirname(ws.dbPath), { recursive: true });
    writeFileSync(ws.dbPath, "this is not a sqlite file at all, just text".repeat(200));
    await expect(openMemoryIndex({ workspaceDir: ws.dir, dbPath: ws.dbPath })).rejects.toThrow(
      MemoryIndexCorruptError,
    );
    await expect(openMemoryIndex({ workspaceDir: ws.dir, dbPath: ws.dbPath })).rejects.toThrow(
      /onCorrupt: "rebuild"|claw memory index --force/,
    );
    const { index, logs } = await open({ onCorrupt: "rebuild", embedding: undefined }, ws);
    expect(logs.join("\n")).toMatch(/moved to .*corrupt-/);
    expect((await index.search("espresso")).results).toHaveLength(1);
  });

  it("keeps answering searches while a forced re-index is in flight", async () => {
    const { index } = await open();
    await index.sync();
    const gate = server.hold((inputs) => inputs.some((t) => t.includes("gardening")));
    {
      const ws = opened[opened.length - 1]?.ws;
      ws?.write("memory/new.md", "# New\n\nA brand new note about gardening tomatoes.\n");
    }
    const syncing = index.sync({ force: true });
    await gate.waiting; // the sync is now blocked inside an embedding request
    const during = await index.search("PostgreSQL billing");
    gate.release();
    const result = await syncing;
    expect(result.added).toBe(1);
    expect(during.mode).toBe("hybrid");
    expect(during.results[0]?.path).toBe("MEMORY.md");
    expect((await index.search("gardening tomatoes")).results[0]?.path).toBe("memory/new.md");
  });

  it("retries 429 from the embedding endpoint with backoff", async () => {
    const { index } = await open({
      embedding: {
        provider: "openai",
        apiKey: "k",
        baseUrl: `${server.url}/v1`,
        model: "fake-d64",
        retryBaseDelayMs: 1,
      },
    });
    server.failNext(2, 429);
    expect(await index.sync()).toMatchObject({ added: 4 });
  });

  it("syncs on file changes through the watcher", async () => {
    const ws = tempWorkspace(NOTES);
    let resolveSynced: (r: SyncResult | Error) => void = () => {};
    const { index } = await open(
      { sync: { watch: true, watchDebounceMs: 50 }, onWatchSync: (r) => resolveSynced(r) },
      ws,
    );
    await index.sync();
    const synced = new Promise<SyncResult | Error>((r) => {
      resolveSynced = r;
    });
    ws.write("memory/watched.md", "# Watched\n\nThe watcher saw this zebra note.\n");
    const result = await synced;
    expect(result).toMatchObject({ added: 1 });
    expect((await index.search("zebra")).results[0]?.path).toBe("memory/watched.md");
  });

  it("reads memory files through readFile and refuses other paths", async () => {
    const { index } = await open({ embedding: undefined });
    expect(index.readFile("MEMORY.md", 7, 1)).toEqual({
      path: "MEMORY.md",
      from: 7,
      to: 7,
      text: expect.stringContaining("PostgreSQL"),
    });
    expect(() => index.readFile("../secrets.md")).toThrow(/not a memory file/);
    expect(() => index.readFile("notes/x.md")).toThrow(/not a memory file/);
  });

  it("readFile says so when from is past the end instead of returning nothing", async () => {
    const { index } = await open({ embedding: undefined });
    expect(index.readFile("MEMORY.md", 7, 50)).toMatchObject({ from: 7, to: 7 });
    for (const from of [8, 40])
      expect(() => index.readFile("MEMORY.md", from, 5)).toThrow(
        new RegExp(`from ${from} is past the end of MEMORY\\.md \\(7 lines\\)`),
      );
  });

  it("a file deleted while a sync runs is dropped, not a failed sync", async () => {
    const { index, ws } = await open({ embedding: undefined });
    await index.sync();
    ws.write("memory/short-lived.md", "# Temp\n\nzebra crossing notes\n");
    const result = await index.sync({
      // the file was listed; it disappears before it is read
      onProgress: (p) => {
        if (p.phase !== "scan") return;
        ws.remove("memory/short-lived.md");
        ws.remove("memory/2026-01-16.md");
      },
    });
    expect(result).toMatchObject({ added: 0, removed: 1 });
    expect((await index.search("zebra")).results).toEqual([]);
    expect((await index.search("Kubernetes")).results).toEqual([]);
  });
});
