import type { AgentTool } from "@claw/agent-core";
import { afterEach, describe, expect, it } from "vitest";
import { NOTES, tempWorkspace } from "../../test/workspace.js";
import { type MemoryIndex, openMemoryIndex } from "../memory-index.js";
import { createMemoryTools, type MemoryGetParams, type MemorySearchParams } from "./memory-tools.js";

const cleanups: Array<() => Promise<void>> = [];
afterEach(async () => {
  for (const c of cleanups.splice(0)) await c();
});

async function tools() {
  const ws = tempWorkspace(NOTES);
  const index: MemoryIndex = await openMemoryIndex({ workspaceDir: ws.dir, dbPath: ws.dbPath });
  cleanups.push(async () => {
    await index.close();
    ws.cleanup();
  });
  return createMemoryTools(index);
}

const ctx = { signal: new AbortController().signal };

describe("memory tools", () => {
  it("are assignable to agent-core's AgentTool", async () => {
    const [search, get] = await tools();
    const asAgentTools: [AgentTool<typeof MemorySearchParams>, AgentTool<typeof MemoryGetParams>] = [
      search,
      get,
    ];
    expect(asAgentTools.map((t) => t.name)).toEqual(["memory_search", "memory_get"]);
  });

  it("memory_search returns snippets with path, line range and score", async () => {
    const [search] = await tools();
    const result = await search.execute({ query: "espresso" }, ctx);
    expect(result.content[0]?.text).toMatch(
      /^Note: no embedding provider configured: keyword-only search\n\nmemory\/people\/alice\.md:1-3 \(score: 1\.00\)\n# Alice/,
    );
    expect(result.isError).toBeUndefined();
  });

  it("memory_get reads lines and refuses paths outside memory", async () => {
    const [, get] = await tools();
    expect(
      (await get.execute({ path: "memory/people/alice.md", from: 3, lines: 1 }, ctx)).content[0]?.text,
    ).toBe("Alice leads the mobile team and likes espresso.");
    for (const path of ["../secrets.md", "notes/x.md", "memory/../../etc/passwd", "/etc/passwd"]) {
      const refused = await get.execute({ path }, ctx);
      expect(refused.isError, path).toBe(true);
      expect(refused.content[0]?.text).toMatch(/memory_get: .* (not a memory file|outside)/);
    }
    expect((await get.execute({ path: "memory/missing.md" }, ctx)).content[0]?.text).toMatch(
      /does not exist/,
    );
  });
});
