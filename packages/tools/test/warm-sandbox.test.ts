import { afterEach, describe, expect, it } from "vitest";
import {
  bwrapWaitingArgs,
  createExecTool,
  createWorkspace,
  ProcessRegistry,
  readHostLayout,
  type SandboxSpec,
  WarmSandboxPool,
} from "../src/index.js";
import { checkBwrap } from "../src/sandbox/bwrap-check.js";
import { tempWorkspace, text } from "./helpers.js";

const bwrap = await checkBwrap();
const pools: WarmSandboxPool[] = [];
afterEach(() => {
  for (const pool of pools.splice(0)) pool.dispose();
});

function setup(spec: SandboxSpec = { workspaceAccess: "rw", network: false }) {
  const { root } = tempWorkspace();
  const pool = new WarmSandboxPool();
  pools.push(pool);
  const exec = createExecTool(createWorkspace(root), new ProcessRegistry(), {
    sandboxFor: () => spec,
    warmSandboxes: pool,
  });
  const run = (command: string) =>
    exec.execute(
      { command },
      { toolCallId: "t", signal: new AbortController().signal, sessionKey: "agent:main:g" },
    );
  return { root, run };
}

describe.skipIf(!bwrap.ok)("warm sandboxes", () => {
  it("run each command exactly as written, in a fresh sandbox of its own", async () => {
    const { run } = setup();
    expect(text(await run("echo cold > /tmp/left-behind; echo first"))).toContain("first");
    // every later command takes a sandbox started ahead of it
    const tricky = `printf '%s|' "a  b" 'c\\\\d' "$(echo sub)"; echo\nif true; then echo "multi\n  line"; fi`;
    const out = text(await run(tricky));
    expect(out).toContain("a  b|c\\\\d|sub|");
    expect(out).toContain("multi\n  line");
    const fresh = await run("cat /tmp/left-behind");
    expect(fresh.isError).toBe(true);
    expect(text(fresh)).toMatch(/No such file/);
    expect(text(await run("exit 7"))).toContain("[exit code 7]");
    expect(text(await run("cat /proc/1/comm; read x; echo stdin=$x"))).toMatch(/bwrap\n+stdin=\n/);
  });

  it("keeps the limits and the read-only workspace of the shape", async () => {
    const { run } = setup({ workspaceAccess: "ro", network: false, limits: { memoryMb: 64 } });
    await run("true");
    expect(text(await run("ulimit -v"))).toContain(String(64 * 1024));
    expect((await run("echo x > new.txt")).isError).toBe(true);
  });
});

describe.skipIf(!bwrap.ok)("WarmSandboxPool", () => {
  it("the first take starts one for the shape; the next take gets it, already running its command", async () => {
    const { root } = tempWorkspace();
    const pool = new WarmSandboxPool();
    pools.push(pool);
    const spec: SandboxSpec = { workspaceAccess: "rw", network: false };
    const waitingArgs = bwrapWaitingArgs({
      workspaceDir: root,
      cwd: root,
      shell: "/bin/sh",
      spec,
      layout: readHostLayout(),
    });
    const shape = { file: "bwrap", waitingArgs, cwd: root, env: { PATH: process.env.PATH ?? "" } };
    expect(pool.take(shape, "echo one")).toBeUndefined();
    const child = pool.take(shape, "echo two\necho three");
    expect(child).toBeDefined();
    let out = "";
    child?.stdout?.setEncoding("utf8").on("data", (d: string) => {
      out += d;
    });
    const code = await new Promise((resolve) => child?.on("close", resolve));
    expect({ code, out }).toEqual({ code: 0, out: "two\nthree\n" });
    const other = { ...shape, cwd: "/" };
    expect(pool.take(other, "echo x")).toBeUndefined();
  });
});
