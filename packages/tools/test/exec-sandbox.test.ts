import { existsSync } from "node:fs";
import { createServer, type Server } from "node:net";
import { join } from "node:path";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { createExecTool, createWorkspace, ProcessRegistry } from "../src/index.js";
import { checkBwrap } from "../src/sandbox/bwrap-check.js";
import type { SandboxSpec } from "../src/sandbox/sandbox-spec.js";
import { call, tempWorkspace, text } from "./helpers.js";

const bwrap = await checkBwrap();
if (!bwrap.ok) console.warn(`[skip] sandboxed exec tests: ${bwrap.reason}`);

const SECRET_NAMES = ["OPENAI_API_KEY", "ANTHROPIC_API_KEY", "CLAW_GATEWAY_TOKEN"];

function setup(
  spec: SandboxSpec | undefined,
  extra: { bwrapPath?: string; extraEnv?: Record<string, string> } = {},
) {
  const { root, outside } = tempWorkspace();
  const exec = createExecTool(createWorkspace(root), new ProcessRegistry(), {
    sandboxFor: ({ sessionKey }) => (sessionKey === "agent:main:main" ? undefined : spec),
    ...extra,
  });
  const run = (command: string, sessionKey = "agent:main:telegram:group:1") =>
    exec.execute({ command }, { toolCallId: "t", signal: new AbortController().signal, sessionKey });
  return { root, outside, exec, run };
}

describe("exec environment", () => {
  beforeAll(() => {
    for (const name of SECRET_NAMES) process.env[name] = `secret-${name}`;
  });
  afterAll(() => {
    for (const name of SECRET_NAMES) delete process.env[name];
  });

  it("passes only PATH, HOME, LANG, TERM and tools.exec.env — never the gateway's secrets", async () => {
    const { exec } = setup(undefined, { extraEnv: { CI: "1" } });
    const out = text(await call(exec, { command: "env" }));
    for (const name of SECRET_NAMES) expect(out).not.toContain(name);
    expect(out).toMatch(/^PATH=/m);
    expect(out).toMatch(/^CI=1$/m);
  });

  it.skipIf(!bwrap.ok)("keeps the secrets out of a sandboxed command too", async () => {
    const { run } = setup({ workspaceAccess: "rw", network: false });
    const out = text(await run("env"));
    for (const name of SECRET_NAMES) expect(out).not.toContain(name);
    expect(out).toMatch(/^HOME=\/tmp$/m);
  });
});

describe.skipIf(!bwrap.ok)("sandboxed exec (bubblewrap)", () => {
  let server: Server;
  let port = 0;
  beforeAll(async () => {
    server = createServer((socket) => socket.end("hello from the host\n"));
    await new Promise<void>((resolve) => server.listen(0, "127.0.0.1", resolve));
    port = (server.address() as { port: number }).port;
  });
  afterAll(() => new Promise<void>((resolve) => server.close(() => resolve())));

  it("writes inside the workspace but nowhere else on the host", async () => {
    const { root, outside, run } = setup({ workspaceAccess: "rw", network: false });
    const inside = await run("echo ok > inside.txt && cat inside.txt");
    expect(text(inside)).toContain("ok");
    expect(existsSync(join(root, "inside.txt"))).toBe(true);
    const escaped = await run(`echo pwned > ${outside}/x.txt`);
    expect(escaped.isError).toBe(true);
    expect(existsSync(join(outside, "x.txt"))).toBe(false);
    expect((await run("touch /etc/pwned")).isError).toBe(true);
  });

  it("a read-only workspace cannot be written", async () => {
    const { root, run } = setup({ workspaceAccess: "ro", network: false });
    expect((await run("ls")).isError).toBeFalsy();
    expect((await run("echo x > new.txt")).isError).toBe(true);
    expect(existsSync(join(root, "new.txt"))).toBe(false);
  });

  it("holds no capabilities: a root gateway's sandbox can neither remount nor raise its limits", async () => {
    const { root, run } = setup({ workspaceAccess: "ro", network: false, limits: { cpuSeconds: 3 } });
    expect(text(await run("grep CapEff /proc/self/status"))).toMatch(/CapEff:\s+0+\n/);
    const remount = await run(`mount -o remount,rw,bind ${root} || exit 1; echo x > ${root}/new.txt`);
    expect(remount.isError).toBe(true);
    expect(existsSync(join(root, "new.txt"))).toBe(false);
    expect((await run("ulimit -t 100")).isError).toBe(true);
  });

  it("has no network unless the sandbox allows it", async () => {
    const probe = `node -e "require('net').connect(${port}, '127.0.0.1').on('data', d => { process.stdout.write(d); process.exit(0) }).on('error', e => { console.log(e.code); process.exit(7) })"`;
    const closed = await setup({ workspaceAccess: "rw", network: false }).run(probe);
    expect(closed.isError).toBe(true);
    expect(text(closed)).toContain("ECONNREFUSED");
    const open = await setup({ workspaceAccess: "rw", network: true }).run(probe);
    expect(text(open)).toContain("hello from the host");
  });

  it("sees only its own processes in /proc", async () => {
    const { run } = setup({ workspaceAccess: "rw", network: false });
    const count = Number(text(await run("ls /proc | grep -c '^[0-9]'")).split("\n")[0]);
    expect(count).toBeGreaterThan(0);
    expect(count).toBeLessThan(8);
  });

  it("applies resource limits", async () => {
    const { run } = setup({
      workspaceAccess: "rw",
      network: false,
      limits: { cpuSeconds: 3, memoryMb: 512 },
    });
    expect(text(await run("ulimit -t; ulimit -v"))).toMatch(/^3\n524288\n/);
  });

  it("non-main: the main session runs on the host, other sessions in the sandbox", async () => {
    const { outside, run } = setup({ workspaceAccess: "rw", network: false });
    expect((await run(`touch ${outside}/host.txt`, "agent:main:main")).isError).toBeFalsy();
    expect(existsSync(join(outside, "host.txt"))).toBe(true);
    expect((await run(`touch ${outside}/group.txt`)).isError).toBe(true);
    expect(existsSync(join(outside, "group.txt"))).toBe(false);
  });
});

describe("a sandbox that cannot start", () => {
  it("fails closed, names the package, and never runs the command on the host", async () => {
    const { root, run } = setup(
      { workspaceAccess: "rw", network: false },
      { bwrapPath: "/nonexistent/bwrap" },
    );
    await expect(run("touch ran.txt")).rejects.toThrow(/apt-get install bubblewrap/);
    expect(existsSync(join(root, "ran.txt"))).toBe(false);
  });
});
