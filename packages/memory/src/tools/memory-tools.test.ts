import type { AgentTool, AgentToolResult } from "@claw/providers";
import { afterEach, describe, expect, it } from "vitest";
import { NOTES, tempWorkspace } from "../../test/workspace.js";
import { type MemoryIndex, openMemoryIndex } from "../memory-index.js";
import { createMemoryTools } from "./memory-tools.js";

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

const ctx = { toolCallId: "call-1", signal: new AbortController().signal };
const firstText = (result: AgentToolResult) => {
  const block = result.content[0];
  return block?.type === "text" ? block.text : undefined;
};

describe("memory tools", () => {
  it("fit a plain AgentTool[] list as they are (no cast)", async () => {
    const [search, get] = await tools();
    const list: AgentTool[] = [search, get];
    expect(list.map((t) => t.name)).toEqual(["memory_search", "memory_get"]);
  });

  it("memory_search returns snippets with path, line range and score", async () => {
    const [search] = await tools();
    const result = await search.execute({ query: "espresso" }, ctx);
    expect(firstText(result)).toMatch(
      /^Note: no embedding provider configured: keyword-only search\n\nmemory\/people\/alice\.md:1-3 \(score: 1\.00\)\n# Alice/,
    );
    expect(result.isError).toBeUndefined();
  });

  it("memory_get reads lines and refuses paths outside memory", async () => {
    const [, get] = await tools();
    expect(firstText(await get.execute({ path: "memory/people/alice.md", from: 3, lines: 1 }, ctx))).toBe(
      "Alice leads the mobile team and likes espresso.",
    );
    for (const path of ["../secrets.md", "notes/x.md", "memory/../../etc/passwd", "/etc/passwd"]) {
      const refused = await get.execute({ path }, ctx);
      expect(refused.isError, path).toBe(true);
      expect(firstText(refused)).toMatch(/memory_get: .* (not a memory file|outside)/);
    }
    expect(firstText(await get.execute({ path: "memory/missing.md" }, ctx))).toMatch(/does not exist/);
  });
});
