import { mkdirSync, readFileSync, symlinkSync, writeFileSync } from "node:fs";
import { join } from "node:path";
import { describe, expect, it } from "vitest";
import {
  createEditTool,
  createFindTool,
  createGrepTool,
  createLsTool,
  createReadTool,
  createWorkspace,
  createWriteTool,
} from "../src/index.js";
import { call, tempWorkspace, text } from "./helpers.js";

function setup() {
  const { root, outside } = tempWorkspace();
  writeFileSync(join(outside, "secret.txt"), "top secret");
  symlinkSync(outside, join(root, "escape-link"));
  symlinkSync(join(outside, "secret.txt"), join(root, "secret-link.txt"));
  mkdirSync(join(root, "src"));
  writeFileSync(join(root, "src", "a.ts"), "export const a = 1;\nexport const b = 2;\n");
  writeFileSync(join(root, "notes.md"), "# Notes\nhello world\n");
  return { root, outside, ws: createWorkspace(root) };
}

describe("workspace containment", () => {
  const escapes = [
    ["../outside/secret.txt", /climbs out/],
    ["src/../../outside/secret.txt", /climbs out/],
    ["/etc/passwd", /absolute paths must be inside/],
    ["escape-link/secret.txt", /symlink/],
    ["secret-link.txt", /symlink/],
    ["escape-link/new-file.txt", /symlink/],
    ["bad\0name", /NUL/],
  ] as const;

  it.each(escapes)("read refuses %j", async (path, why) => {
    const { ws } = setup();
    await expect(call(createReadTool(ws), { path })).rejects.toThrow(why);
  });

  it.each(escapes)("write refuses %j and writes nothing outside", async (path, why) => {
    const { ws, outside } = setup();
    await expect(call(createWriteTool(ws), { path, content: "pwned" })).rejects.toThrow(why);
    expect(readFileSync(join(outside, "secret.txt"), "utf8")).toBe("top secret");
  });

  it("names a missing workspace folder instead of a bare ENOENT", () => {
    const { root } = setup();
    expect(() => createWorkspace(join(root, "nope"))).toThrow(
      `The workspace folder "${join(root, "nope")}" cannot be used (ENOENT); create it first.`,
    );
  });

  it("allows absolute paths inside the workspace", async () => {
    const { ws, root } = setup();
    expect(text(await call(createReadTool(ws), { path: join(root, "notes.md") }))).toContain("hello world");
  });
});

describe("read", () => {
  it("numbers lines and supports ranges", async () => {
    const { ws } = setup();
    const out = text(await call(createReadTool(ws), { path: "src/a.ts", offset: 2, limit: 1 }));
    expect(out).toContain("2\texport const b = 2;");
    expect(out).toContain("more lines; continue with offset=3");
  });

  it("refuses a whole read above the size cap but allows a range", async () => {
    const { ws, root } = setup();
    writeFileSync(join(root, "big.txt"), "line\n".repeat(100_000));
    const read = createReadTool(ws, { maxReadBytes: 1000 });
    await expect(call(read, { path: "big.txt" })).rejects.toThrow(
      /more than the 1000-byte limit.*offset and limit/,
    );
    expect(text(await call(read, { path: "big.txt", offset: 10, limit: 2 }))).toMatch(/10\tline\n11\tline/);
  });

  it("refuses binary files", async () => {
    const { ws, root } = setup();
    writeFileSync(join(root, "img.bin"), Buffer.from([0x89, 0x50, 0x4e, 0x47, 0, 0, 1, 2]));
    await expect(call(createReadTool(ws), { path: "img.bin" })).rejects.toThrow(/binary/);
  });

  it("truncates huge output with a marker", async () => {
    const { ws, root } = setup();
    writeFileSync(join(root, "wide.txt"), "y".repeat(100_000));
    const out = text(await call(createReadTool(ws, { maxOutputChars: 1000 }), { path: "wide.txt" }));
    expect(out).toMatch(/characters omitted/);
    expect(out.length).toBeLessThan(1200);
  });

  it("names a missing file", async () => {
    const { ws } = setup();
    await expect(call(createReadTool(ws), { path: "nope.txt" })).rejects.toThrow("File not found: nope.txt");
  });
});

describe("write and edit", () => {
  it("write creates folders", async () => {
    const { ws, root } = setup();
    await call(createWriteTool(ws), { path: "deep/er/file.txt", content: "hi" });
    expect(readFileSync(join(root, "deep/er/file.txt"), "utf8")).toBe("hi");
  });

  it("edit replaces a unique match", async () => {
    const { ws, root } = setup();
    expect(
      text(await call(createEditTool(ws), { path: "src/a.ts", oldText: "b = 2", newText: "b = 3" })),
    ).toContain("line 2");
    expect(readFileSync(join(root, "src/a.ts"), "utf8")).toContain("b = 3");
  });

  it("edit refuses zero and several matches with a clear error", async () => {
    const { ws } = setup();
    const edit = createEditTool(ws);
    await expect(call(edit, { path: "src/a.ts", oldText: "zzz", newText: "" })).rejects.toThrow(
      /was not found/,
    );
    await expect(call(edit, { path: "src/a.ts", oldText: "export", newText: "" })).rejects.toThrow(
      /occurs 2 times/,
    );
  });

  it("edit matches multi-line oldText in a CRLF file and keeps its CRLF endings", async () => {
    const { ws, root } = setup();
    writeFileSync(join(root, "win.txt"), "one\r\ntwo\r\nthree\r\n");
    const out = await call(createEditTool(ws), {
      path: "win.txt",
      oldText: "one\ntwo\n",
      newText: "one\nTWO\n2b\n",
    });
    expect(text(out)).toContain("line 1");
    expect(readFileSync(join(root, "win.txt"), "utf8")).toBe("one\r\nTWO\r\n2b\r\nthree\r\n");
  });
});

describe("ls, find, grep", () => {
  it("ls marks folders", async () => {
    const { ws } = setup();
    expect(text(await call(createLsTool(ws), {}))).toContain("src/");
  });

  it("find honours .gitignore and skips node_modules", async () => {
    const { ws, root } = setup();
    mkdirSync(join(root, "node_modules/x"), { recursive: true });
    writeFileSync(join(root, "node_modules/x/i.ts"), "");
    writeFileSync(join(root, ".gitignore"), "ignored.ts\n");
    writeFileSync(join(root, "ignored.ts"), "");
    expect(text(await call(createFindTool(ws), { pattern: "**/*.ts" }))).toBe("src/a.ts");
    await expect(call(createFindTool(ws), { pattern: "../**" })).rejects.toThrow(
      /Pattern "..\/\*\*" is outside the workspace .*: patterns may not climb out/,
    );
  });

  it("grep finds lines with file:line and rejects bad regexes", async () => {
    const { ws } = setup();
    const grep = createGrepTool(ws);
    expect(text(await call(grep, { pattern: "hello" }))).toBe("notes.md:2: hello world");
    await expect(call(grep, { pattern: "(" })).rejects.toThrow(/Invalid regular expression/);
  });

  it("grep says which files it skipped as too large instead of a bare 'No matches.'", async () => {
    const { ws, root } = setup();
    writeFileSync(join(root, "huge.min.js"), `${"x".repeat(3 * 1024 * 1024)}needle`);
    const grep = createGrepTool(ws);
    for (const args of [{ pattern: "needle" }, { pattern: "needle", path: "huge.min.js" }]) {
      const out = text(await call(grep, args));
      expect(out).toMatch(/No matches/);
      expect(out).toMatch(/skipped 1 file larger than 2 MB: huge\.min\.js/);
    }
    expect(text(await call(grep, { pattern: "hello" }))).toMatch(
      /^notes\.md:2: hello world\n\[skipped 1 file/,
    );
  });
});
