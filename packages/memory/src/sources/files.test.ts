import { mkdirSync, symlinkSync, writeFileSync } from "node:fs";
import { join } from "node:path";
import { afterAll, describe, expect, it } from "vitest";
import { NOTES, tempWorkspace } from "../../test/workspace.js";
import { isMemoryPath, listMemoryFiles, resolveMemoryReadPath } from "./files.js";

const ws = tempWorkspace(NOTES);
afterAll(() => ws.cleanup());

describe("memory sources", () => {
  it.each([
    ["MEMORY.md", true],
    ["memory.md", true],
    ["memory/2026-01-05.md", true],
    ["memory/a/b.md", true],
    ["memory/x.txt", false],
    ["notes/x.md", false],
    ["memory/../secrets.md", false],
  ])("isMemoryPath(%s) = %s", (path, expected) => expect(isMemoryPath(path)).toBe(expected));

  it("lists MEMORY.md, memory/**/*.md and extra paths; skips symlinks and other files", () => {
    const extra = join(ws.dir, "..", "extra");
    mkdirSync(extra, { recursive: true });
    writeFileSync(join(extra, "doc.md"), "# Doc\n");
    writeFileSync(join(ws.dir, "memory", "skip.txt"), "no");
    writeFileSync(join(ws.dir, "..", "outside.md"), "secret");
    symlinkSync(join(ws.dir, "..", "outside.md"), join(ws.dir, "memory", "link.md"));
    const paths = listMemoryFiles(ws.dir, ["../extra"]).map((f) => f.path);
    expect(paths).toEqual([
      "MEMORY.md",
      "memory/2026-01-16.md",
      "memory/2026-01-20-zh.md",
      "memory/people/alice.md",
      expect.stringMatching(/\/extra\/doc\.md$/),
    ]);
    expect(resolveMemoryReadPath(ws.dir, "memory/link.md")).toEqual({
      error: expect.stringMatching(/outside the memory folders/),
    });
    expect(resolveMemoryReadPath(ws.dir, "../extra/doc.md", ["../extra"])).toMatchObject({
      path: expect.stringMatching(/extra\/doc\.md$/),
    });
  });
});
