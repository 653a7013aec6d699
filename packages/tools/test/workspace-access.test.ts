import { writeFileSync } from "node:fs";
import { join } from "node:path";
import { describe, expect, it } from "vitest";
import { createCodingTools, type SandboxSpec } from "../src/index.js";
import { tempWorkspace, text } from "./helpers.js";

function tools(access: SandboxSpec["workspaceAccess"]) {
  const { root } = tempWorkspace();
  writeFileSync(join(root, "a.txt"), "hello\n");
  const { tools: list } = createCodingTools({
    workspaceDir: root,
    exec: {
      sandboxFor: ({ sessionKey }) =>
        sessionKey === "agent:main:main" ? undefined : { workspaceAccess: access, network: false },
    },
  });
  const byName = (name: string) => {
    const tool = list.find((t) => t.name === name);
    if (!tool) throw new Error(`no ${name}`);
    return tool;
  };
  const run = (name: string, args: Record<string, unknown>, sessionKey = "agent:main:group:1") =>
    byName(name).execute(args as never, {
      toolCallId: "t",
      signal: new AbortController().signal,
      sessionKey,
    });
  return { root, run };
}

describe("file tools honour sandbox.workspaceAccess", () => {
  it("ro: reading works, writing tools refuse and change nothing", async () => {
    const { run } = tools("ro");
    expect(text(await run("read", { path: "a.txt" }))).toContain("hello");
    const write = await run("write", { path: "a.txt", content: "changed" });
    expect(write.isError).toBe(true);
    expect(text(write)).toMatch(/workspaceAccess "ro".*read-only/);
    const edit = await run("edit", { path: "a.txt", oldText: "hello", newText: "bye" });
    expect(edit.isError).toBe(true);
    expect(text(await run("read", { path: "a.txt" }))).toContain("hello");
  });

  it("none: every file tool refuses", async () => {
    const { run } = tools("none");
    for (const [name, args] of [
      ["read", { path: "a.txt" }],
      ["ls", {}],
      ["grep", { pattern: "hello" }],
      ["find", { pattern: "*.txt" }],
      ["write", { path: "b.txt", content: "x" }],
    ] as const) {
      const result = await run(name, args);
      expect(result.isError, name).toBe(true);
      expect(text(result)).toMatch(/not mounted/);
    }
  });

  it("the unsandboxed main session keeps every file tool", async () => {
    const { run } = tools("none");
    const result = await run("write", { path: "b.txt", content: "x" }, "agent:main:main");
    expect(result.isError).toBeFalsy();
  });
});
