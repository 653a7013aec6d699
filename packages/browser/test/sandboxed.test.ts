/**
 * A sandboxed session's browser with the real system Chromium inside real bubblewrap: it gets a
 * profile of its own whose Chromium runs in other namespaces than this process (checked through
 * /proc), still reaches allowed pages only through the guard, a sandbox that does not mount
 * the workspace refuses uploads, and one that mounts it read-only gets nothing written into it.
 */
import { mkdtempSync, readdirSync, readFileSync, readlinkSync, rmSync } from "node:fs";
import { createServer, type Server } from "node:http";
import type { AddressInfo } from "node:net";
import { tmpdir } from "node:os";
import { join } from "node:path";
import type { AgentToolResult, ToolExecutionContext } from "@claw/agent-core";
import { checkBwrap, unwrapUntrusted } from "@claw/tools";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { type BrowserArgs, BrowserManager, type BrowserSandbox, createBrowserTool } from "../src/index.js";

let server: Server;
let origin: string;
let manager: BrowserManager;
let stateDir: string;
let workspaceDir: string;
const context: ToolExecutionContext = { toolCallId: "t", signal: new AbortController().signal, agentId: "a" };
const bwrap = await checkBwrap();

beforeAll(async () => {
  server = createServer((_req, res) => {
    res.writeHead(200, { "content-type": "text/html" });
    res.end("<!doctype html><title>Inside</title><h1>Hello from the host</h1><button>Press</button>");
  });
  await new Promise<void>((resolve) => server.listen(0, "127.0.0.1", resolve));
  origin = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
  stateDir = mkdtempSync(join(tmpdir(), "claw-browser-sandbox-"));
  workspaceDir = mkdtempSync(join(tmpdir(), "claw-browser-sandbox-ws-"));
  manager = new BrowserManager({ stateDir, allowPrivate: ["127.0.0.1"] });
});

afterAll(async () => {
  await manager.close();
  await new Promise((resolve) => server.close(resolve));
  rmSync(stateDir, { recursive: true, force: true });
  rmSync(workspaceDir, { recursive: true, force: true });
});

const run = (args: BrowserArgs, sandbox: BrowserSandbox | undefined) =>
  createBrowserTool({ manager, workspaceDir, sandboxFor: () => sandbox }).execute(args, context);
const text = (result: AgentToolResult) =>
  result.content.map((c) => (c.type === "text" ? c.text : "")).join("\n");

/** Mount namespaces of the processes whose command line names this folder (the profile's Chromium). */
function mountNamespacesOf(folder: string): string[] {
  const found = new Set<string>();
  for (const pid of readdirSync("/proc").filter((name) => /^\d+$/.test(name))) {
    try {
      const cmdline = readFileSync(`/proc/${pid}/cmdline`, "utf8");
      if (cmdline.includes(folder)) found.add(readlinkSync(`/proc/${pid}/ns/mnt`));
    } catch {
      // The process ended while we looked.
    }
  }
  return [...found];
}

describe.skipIf(!bwrap.ok)("a sandboxed session's browser", () => {
  it("runs Chromium inside the sandbox, in a profile of its own, still through the guard", async () => {
    const sandbox: BrowserSandbox = { workspaceDir, workspaceAccess: "rw" };
    await run({ action: "navigate", url: `${origin}/` }, sandbox);
    const snap = unwrapUntrusted(text(await run({ action: "snapshot" }, sandbox))) ?? "";
    expect(snap).toContain('heading "Hello from the host"');
    expect(manager.status().map((s) => [s.profile, s.running])).toEqual([["a-sandbox", true]]);
    const own = readlinkSync("/proc/self/ns/mnt");
    const inside = mountNamespacesOf(join(stateDir, "browser", "a-sandbox"));
    // bwrap itself stays in ours; Chromium, started by it, is in the sandbox's own.
    expect(inside.some((ns) => ns !== own)).toBe(true);
    await expect(run({ action: "navigate", url: "http://10.1.2.3/" }, sandbox)).rejects.toThrow(
      /not a public address/,
    );

    // The host session's browser is another profile, outside any sandbox.
    await run({ action: "navigate", url: `${origin}/` }, undefined);
    expect(mountNamespacesOf(join(stateDir, "browser", "a", "user-data"))).toEqual([own]);
  });

  it("a sandbox without the workspace refuses uploads", async () => {
    await expect(
      run({ action: "upload", ref: "e1", paths: ["notes.txt"] }, { workspaceDir, workspaceAccess: "none" }),
    ).rejects.toThrow(/sandbox does not mount the workspace/);
  });

  it("a read-only workspace gets no screenshot or PDF written into it by the host side", async () => {
    const readOnly: BrowserSandbox = { workspaceDir, workspaceAccess: "ro" };
    await run({ action: "navigate", url: `${origin}/` }, readOnly);
    await expect(run({ action: "screenshot" }, readOnly)).rejects.toThrow(
      /screenshot cannot be saved: this session's sandbox mounts the workspace read-only/,
    );
    await expect(run({ action: "pdf" }, readOnly)).rejects.toThrow(/pdf cannot be saved: .*read-only/);
    expect(readdirSync(workspaceDir)).toEqual([]);
  });
});
