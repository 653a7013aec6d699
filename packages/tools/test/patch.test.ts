import { existsSync, mkdirSync, readdirSync, readFileSync, writeFileSync } from "node:fs";
import { join } from "node:path";
import { describe, expect, it } from "vitest";
import { createApplyPatchTool, createWorkspace, parsePatch } from "../src/index.js";
import { call, tempWorkspace } from "./helpers.js";

function setup() {
  const { root, outside } = tempWorkspace();
  writeFileSync(join(root, "a.txt"), "one\ntwo\nthree\nfour\n");
  writeFileSync(join(root, "gone.txt"), "bye\n");
  return { root, outside, tool: createApplyPatchTool(createWorkspace(root)) };
}

describe("apply_patch", () => {
  it("adds, updates, deletes and moves files", async () => {
    const { root, tool } = setup();
    const patch = [
      "*** Begin Patch",
      "*** Add File: new/b.txt",
      "+hello",
      "+world",
      "*** Update File: a.txt",
      "@@",
      " one",
      "-two",
      "+TWO",
      " three",
      "*** Delete File: gone.txt",
      "*** End Patch",
    ].join("\n");
    await call(tool, { input: patch });
    expect(readFileSync(join(root, "new/b.txt"), "utf8")).toBe("hello\nworld\n");
    expect(readFileSync(join(root, "a.txt"), "utf8")).toBe("one\nTWO\nthree\nfour\n");
    expect(existsSync(join(root, "gone.txt"))).toBe(false);
    await call(tool, {
      input: "*** Begin Patch\n*** Update File: a.txt\n*** Move to: moved.txt\n four\n*** End Patch",
    });
    expect(existsSync(join(root, "moved.txt"))).toBe(true);
    expect(existsSync(join(root, "a.txt"))).toBe(false);
  });

  it.each([
    ["*** Begin Patch\n*** Add File: ../outside/x.txt\n+x\n*** End Patch"],
    ["*** Begin Patch\n*** Update File: a.txt\n*** Move to: ../outside/a.txt\n one\n*** End Patch"],
    ["*** Begin Patch\n*** Delete File: /etc/hostname\n*** End Patch"],
  ])("refuses paths that escape: %#", async (input) => {
    const { outside, tool } = setup();
    await expect(call(tool, { input })).rejects.toThrow(/outside the workspace/);
    expect(existsSync(join(outside, "x.txt"))).toBe(false);
  });

  it("applies nothing when any hunk fails", async () => {
    const { root, tool } = setup();
    const patch =
      "*** Begin Patch\n*** Add File: c.txt\n+c\n*** Update File: a.txt\n-nope\n+x\n*** End Patch";
    await expect(call(tool, { input: patch })).rejects.toThrow(/Hunk 1 does not apply to a.txt/);
    expect(existsSync(join(root, "c.txt"))).toBe(false);
  });

  it("commits all files or none: a write failing on a later file leaves earlier ones untouched", async () => {
    const { root, tool } = setup();
    writeFileSync(join(root, "keep.txt"), "keep\n");
    // "x" is planned as a new file, but by commit time "x/y.txt" has made it a folder: its rename fails.
    const input = [
      "*** Begin Patch",
      "*** Update File: a.txt",
      "-two",
      "+TWO",
      "*** Delete File: gone.txt",
      "*** Update File: keep.txt",
      "*** Move to: moved/keep.txt",
      " keep",
      "*** Add File: x/y.txt",
      "+y",
      "*** Add File: x",
      "+x",
      "*** End Patch",
    ].join("\n");
    await expect(call(tool, { input })).rejects.toThrow(/Cannot replace .*x: it is a folder/);
    expect(readFileSync(join(root, "a.txt"), "utf8")).toBe("one\ntwo\nthree\nfour\n");
    expect(readFileSync(join(root, "gone.txt"), "utf8")).toBe("bye\n");
    expect(readFileSync(join(root, "keep.txt"), "utf8")).toBe("keep\n");
    expect(readdirSync(root).sort()).toEqual(["a.txt", "gone.txt", "keep.txt"]);
  });

  it("applies nothing when a target cannot be written (its folder is a file)", async () => {
    const { root, tool } = setup();
    const input =
      "*** Begin Patch\n*** Update File: a.txt\n-two\n+TWO\n*** Add File: gone.txt/child.txt\n+c\n*** End Patch";
    await expect(call(tool, { input })).rejects.toThrow(/ENOTDIR|EEXIST/);
    expect(readFileSync(join(root, "a.txt"), "utf8")).toBe("one\ntwo\nthree\nfour\n");
    expect(readdirSync(root).sort()).toEqual(["a.txt", "gone.txt"]);
  });

  it("refuses a target that is a folder before writing anything", async () => {
    const { root, tool } = setup();
    mkdirSync(join(root, "folder"));
    const input =
      "*** Begin Patch\n*** Update File: a.txt\n-two\n+TWO\n*** Delete File: folder\n*** End Patch";
    await expect(call(tool, { input })).rejects.toThrow(/EISDIR|directory/i);
    expect(readFileSync(join(root, "a.txt"), "utf8")).toBe("one\ntwo\nthree\nfour\n");
  });

  it("refuses to Move onto an existing file (or onto itself) and changes nothing", async () => {
    const { root, tool } = setup();
    writeFileSync(join(root, "taken.txt"), "precious\n");
    for (const target of ["taken.txt", "a.txt"]) {
      const input = `*** Begin Patch\n*** Update File: a.txt\n*** Move to: ${target}\n four\n*** End Patch`;
      await expect(call(tool, { input })).rejects.toThrow(/already exists/);
    }
    expect(readFileSync(join(root, "taken.txt"), "utf8")).toBe("precious\n");
    expect(readFileSync(join(root, "a.txt"), "utf8")).toBe("one\ntwo\nthree\nfour\n");
  });

  it("appends a context-free addition hunk at the end of the file, also for an empty file", async () => {
    const { root, tool } = setup();
    writeFileSync(join(root, "empty.txt"), "");
    await call(tool, {
      input:
        "*** Begin Patch\n*** Update File: a.txt\n@@\n+five\n*** Update File: empty.txt\n+first\n*** End Patch",
    });
    expect(readFileSync(join(root, "a.txt"), "utf8")).toBe("one\ntwo\nthree\nfour\nfive\n");
    expect(readFileSync(join(root, "empty.txt"), "utf8")).toBe("first\n");
  });

  it("keeps CRLF line endings in a CRLF file", async () => {
    const { root, tool } = setup();
    writeFileSync(join(root, "win.txt"), "one\r\ntwo\r\nthree\r\n");
    await call(tool, {
      input: "*** Begin Patch\n*** Update File: win.txt\n one\n-two\n+TWO\n+2b\n three\n*** End Patch",
    });
    expect(readFileSync(join(root, "win.txt"), "utf8")).toBe("one\r\nTWO\r\n2b\r\nthree\r\n");
  });

  it.each([
    ["no begin", "*** Add File: a\n+x\n*** End Patch", /expected "\*\*\* Begin Patch"/],
    ["no end", "*** Begin Patch\n*** Add File: a\n+x", /missing "\*\*\* End Patch"/],
    ["bad add line", "*** Begin Patch\n*** Add File: a\nx\n*** End Patch", /must start with "\+"/],
    ["bad header", "*** Begin Patch\nhello\n*** End Patch", /expected a file header/],
  ])("reports syntax errors with the line: %s", (_name, input, error) => {
    expect(() => parsePatch(input)).toThrow(error);
  });
});

describe("apply_patch composes operations on one file", () => {
  it("applies two Update sections for the same file in order", async () => {
    const { root, tool } = setup();
    const patch = [
      "*** Begin Patch",
      "*** Update File: a.txt",
      "-one",
      "+ONE",
      "*** Update File: a.txt",
      "-four",
      "+FOUR",
      "*** End Patch",
    ].join("\n");
    await call(tool, { input: patch });
    expect(readFileSync(join(root, "a.txt"), "utf8")).toBe("ONE\ntwo\nthree\nFOUR\n");
  });

  it("can add a file and update it in the same patch, or delete and re-add", async () => {
    const { root, tool } = setup();
    await call(tool, {
      input:
        "*** Begin Patch\n*** Add File: b.txt\n+alpha\n*** Update File: b.txt\n-alpha\n+beta\n*** Delete File: gone.txt\n*** Add File: gone.txt\n+back\n*** End Patch",
    });
    expect(readFileSync(join(root, "b.txt"), "utf8")).toBe("beta\n");
    expect(readFileSync(join(root, "gone.txt"), "utf8")).toBe("back\n");
  });
});
