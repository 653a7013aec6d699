/**
 * The sandbox as a root gateway runs it (issue #32): a non-root kernel uid, read-only kernel
 * knobs, prlimit limits under dash and bash, and a workspace both the gateway's file tools and
 * sandboxed commands can write. Knobs are only ever opened for writing, never written.
 */
import { spawn } from "node:child_process";
import { existsSync, mkdtempSync, statSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { afterEach, describe, expect, it } from "vitest";
import {
  bwrapSandboxArgs,
  createCodingTools,
  createExecTool,
  createWorkspace,
  DEFAULT_SANDBOX_USER,
  ProcessRegistry,
  readHostLayout,
  type SandboxSpec,
  WarmSandboxPool,
} from "../src/index.js";
import { checkBwrap } from "../src/sandbox/bwrap-check.js";
import { tempWorkspace, text } from "./helpers.js";

const bwrap = await checkBwrap();
const asRoot = process.getuid?.() === 0;
if (!asRoot) console.warn("[skip] root sandbox tests: not running as root");
const context = { toolCallId: "t", signal: new AbortController().signal, sessionKey: "agent:main:group:1" };
const OPEN_CORE_PATTERN = "(exec 3>>/proc/sys/kernel/core_pattern)";

const disposers: (() => void)[] = [];
afterEach(() => {
  for (const dispose of disposers.splice(0)) dispose();
});

function sandboxed(spec: SandboxSpec, extra: { shell?: string; warm?: boolean } = {}) {
  const { root } = tempWorkspace();
  const pool = extra.warm ? new WarmSandboxPool() : undefined;
  if (pool) disposers.push(() => pool.dispose());
  const exec = createExecTool(createWorkspace(root), new ProcessRegistry(), {
    sandboxFor: () => spec,
    ...(extra.shell ? { shell: extra.shell } : {}),
    ...(pool ? { warmSandboxes: pool } : {}),
  });
  return { root, run: (command: string) => exec.execute({ command }, context) };
}

const rw: SandboxSpec = { workspaceAccess: "rw", network: false };

describe.skipIf(!bwrap.ok || !asRoot)("a root gateway's sandbox", () => {
  it.each([false, true])(
    "runs the command as the non-root sandbox uid, without capabilities (warm: %s)",
    async (warm) => {
      const { run } = sandboxed(rw, { warm });
      for (let i = 0; i < 2; i++) {
        const out = text(await run("id -u; id -g; id -G; grep -E '^Cap(Eff|Bnd|Prm)' /proc/self/status"));
        expect(out).toContain(
          `${DEFAULT_SANDBOX_USER.uid}\n${DEFAULT_SANDBOX_USER.gid}\n${DEFAULT_SANDBOX_USER.gid}\n`,
        );
        expect(out).toMatch(/CapPrm:\s+0+\n/);
        expect(out).toMatch(/CapEff:\s+0+\n/);
        expect(out).toMatch(/CapBnd:\s+0+\n/);
      }
    },
  );

  it("runs as sandbox.user when one is configured", async () => {
    const { run } = sandboxed({ ...rw, user: { uid: 2_000_000_123, gid: 2_000_000_124 } });
    expect(text(await run("id -u; id -g"))).toMatch(/^2000000123\n2000000124\n/);
  });

  it.each([false, true])(
    "cannot open a kernel knob for writing, and /proc/sys is mounted read-only (warm: %s)",
    async (warm) => {
      const { run } = sandboxed(rw, { warm });
      for (let i = 0; i < 2; i++) {
        const opened = await run(OPEN_CORE_PATTERN);
        expect(opened.isError).toBe(true);
        expect(text(opened)).toMatch(/Read-only file system|Permission denied/);
        const mounts = text(await run("grep -E ' /proc/(sys|irq|bus) ' /proc/self/mountinfo"));
        for (const knob of ["sys", "irq", "bus"]) expect(mounts).toMatch(new RegExp(` /proc/${knob} ro,`));
      }
    },
  );

  it("the browser's variant (bubblewrap's own uid, here root) also has /proc/sys read-only", async () => {
    const { root } = tempWorkspace();
    const args = bwrapSandboxArgs({
      workspaceDir: root,
      cwd: root,
      spec: { workspaceAccess: "ro", network: true },
      layout: readHostLayout(),
    });
    const child = spawn("bwrap", [
      ...args,
      "--",
      "/bin/sh",
      "-c",
      `${OPEN_CORE_PATTERN} && echo WRITABLE; grep ' /proc/sys ' /proc/self/mountinfo`,
    ]);
    let out = "";
    child.stdout.on("data", (chunk: Buffer) => {
      out += chunk.toString();
    });
    child.stderr.on("data", (chunk: Buffer) => {
      out += chunk.toString();
    });
    await new Promise((resolve) => child.on("close", resolve));
    expect(out).not.toContain("WRITABLE");
    expect(out).toMatch(/Read-only file system/);
    expect(out).toMatch(/ \/proc\/sys ro,/);
  });
});

describe.skipIf(!bwrap.ok)("sandbox limits with prlimit, under dash and bash", () => {
  const shells = ["/bin/sh", "/bin/bash"].filter((shell) => existsSync(shell));
  const limits = [
    { cpuSeconds: 5 },
    { memoryMb: 512 },
    { maxProcesses: 200 },
    { cpuSeconds: 5, memoryMb: 512, maxProcesses: 200 },
  ];

  it.each(shells.flatMap((shell) => limits.map((limit) => [shell, limit] as const)))(
    "%s with %j: a normal command still works and sees its limits",
    async (shell, limit) => {
      const { run } = sandboxed({ ...rw, limits: limit }, { shell });
      // /proc/self/limits, not `ulimit`: dash has no `ulimit -u`
      const result = await run(
        "ls / | wc -l; grep -E '^Max (cpu time|address space|processes) ' /proc/self/limits",
      );
      expect(result.isError).toBeFalsy();
      const [count = "", ...lines] = text(result).split("\n");
      expect(Number(count)).toBeGreaterThan(3);
      const soft = (name: string) =>
        lines.map((line) => new RegExp(`^Max ${name}\\s+(\\S+)`).exec(line)?.[1]).find(Boolean);
      expect(soft("cpu time")).toBe(limit.cpuSeconds === undefined ? "unlimited" : String(limit.cpuSeconds));
      expect(soft("address space")).toBe(
        limit.memoryMb === undefined ? "unlimited" : String(limit.memoryMb * 1024 * 1024),
      );
      if (limit.maxProcesses !== undefined) expect(soft("processes")).toBe(String(limit.maxProcesses));
    },
  );

  it.skipIf(!asRoot).each([false, true])(
    "maxProcesses 5 stops a loop starting 20 background sleeps (warm: %s)",
    async (warm) => {
      const { run } = sandboxed({ ...rw, limits: { maxProcesses: 5 } }, { warm });
      const loop = "i=0; while [ $i -lt 20 ]; do sleep 30 & i=$((i+1)); echo started $i; done";
      for (let round = 0; round < 2; round++) {
        const result = await run(loop);
        expect(result.isError).toBe(true);
        expect(text(result)).toContain("Cannot fork");
        expect(text(result)).not.toContain("started 20");
      }
    },
  );

  it("a sandbox refuses to raise its limits", async () => {
    const { run } = sandboxed({ ...rw, limits: { maxProcesses: 200, cpuSeconds: 5 } });
    expect((await run("ulimit -u 100000")).isError).toBe(true);
    expect((await run("prlimit --cpu=100:100 --pid $$")).isError).toBe(true);
  });
});

describe.skipIf(!bwrap.ok || !asRoot)("a root-owned workspace with workspaceAccess rw", () => {
  it.each(["rw", "ro"] as const)(
    "a 0700 workspace (root's, like mkdtemp's) works with %s",
    async (workspaceAccess) => {
      const root = mkdtempSync(join(tmpdir(), "claw-0700-"));
      writeFileSync(join(root, "seen.txt"), "seen\n");
      expect(statSync(root).mode & 0o777).toBe(0o700);
      const exec = createExecTool(createWorkspace(root), new ProcessRegistry(), {
        sandboxFor: () => ({ workspaceAccess, network: false }),
      });
      const result = await exec.execute({ command: "cat seen.txt; pwd" }, context);
      expect(result.isError).toBeFalsy();
      expect(text(result)).toContain(`seen\n${root}\n`);
    },
  );

  it("the write tool, sandboxed appends and the read tool share one workspace", async () => {
    const { root } = tempWorkspace();
    const tools = createCodingTools({ workspaceDir: root, exec: { sandboxFor: () => rw } });
    disposers.push(() => tools.dispose());
    const tool = (name: string) => {
      const found = tools.tools.find((t) => t.name === name);
      if (!found) throw new Error(`no ${name} tool`);
      return (args: Record<string, unknown>) => found.execute(args as never, context);
    };
    expect(statSync(root).uid).toBe(0);
    expect((await tool("write")({ path: "notes.txt", content: "one\n" })).isError).toBeFalsy();
    const appended = await tool("exec")({ command: "echo two >> notes.txt && echo made > made.txt" });
    expect(appended.isError).toBeFalsy();
    expect(text(await tool("read")({ path: "notes.txt" }))).toMatch(/one\n.*two/s);
    expect(text(await tool("read")({ path: "made.txt" }))).toContain("made");
    expect(statSync(root).uid).toBe(DEFAULT_SANDBOX_USER.uid);

    // after the handover, files and folders the file tools create take their folder's owner
    expect((await tool("write")({ path: "deep/er/new.txt", content: "three\n" })).isError).toBeFalsy();
    for (const path of ["deep", "deep/er", "deep/er/new.txt"])
      expect(statSync(join(root, path)).uid).toBe(DEFAULT_SANDBOX_USER.uid);
    expect(
      (await tool("exec")({ command: "echo four >> deep/er/new.txt && cat deep/er/new.txt" })).isError,
    ).toBeFalsy();
    // a replaced file keeps its owner
    expect((await tool("write")({ path: "made.txt", content: "rewritten\n" })).isError).toBeFalsy();
    expect(statSync(join(root, "made.txt")).uid).toBe(DEFAULT_SANDBOX_USER.uid);
    expect((await tool("exec")({ command: "echo again >> made.txt" })).isError).toBeFalsy();
  });
});
