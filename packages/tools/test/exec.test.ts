import { describe, expect, it } from "vitest";
import { createExecTool, createProcessTool, createWorkspace, ProcessRegistry } from "../src/index.js";
import { call, tempWorkspace, text } from "./helpers.js";

function setup(options: { maxOutputChars?: number } = {}) {
  const { root } = tempWorkspace();
  const registry = new ProcessRegistry();
  const ws = createWorkspace(root);
  return { root, registry, exec: createExecTool(ws, registry, options), proc: createProcessTool(registry) };
}

describe("exec", () => {
  it("runs in the workspace and reports the exit code", async () => {
    const { root, exec } = setup();
    const result = await call(exec, { command: "pwd && echo out && echo err >&2" });
    expect(text(result)).toContain(root);
    expect(text(result)).toMatch(/out\n(err\n)?.*\[exit code 0\]/s);
    expect(result.isError).toBeFalsy();
  });

  it("marks a failing command as an error", async () => {
    const { exec } = setup();
    const result = await call(exec, { command: "exit 3" });
    expect(result.isError).toBe(true);
    expect(text(result)).toContain("[exit code 3]");
  });

  it("refuses a workdir outside the workspace", async () => {
    const { exec } = setup();
    await expect(call(exec, { command: "ls", workdir: "../" })).rejects.toThrow(/outside the workspace/);
  });

  it("caps huge output with head and tail", async () => {
    const { exec } = setup({ maxOutputChars: 2000 });
    const out = text(await call(exec, { command: "seq 1 100000" }));
    expect(out).toMatch(/^1\n2\n/);
    expect(out).toContain("100000");
    expect(out).toMatch(/characters (omitted|earlier characters dropped)/);
    expect(out.length).toBeLessThan(2500);
  });

  it("kills a command that outlives its timeout", async () => {
    const { exec } = setup();
    const result = await call(exec, { command: "sleep 30", timeout: 1, yieldMs: 5000 });
    expect(text(result)).toMatch(/killed after 1 s timeout/);
    expect(result.isError).toBe(true);
  });

  it("moves a never-ending command to the background; process polls, logs and kills it", async () => {
    const { exec, proc } = setup();
    const started = await call(exec, {
      command: "i=0; while true; do echo tick $i; i=$((i+1)); sleep 0.05; done",
      yieldMs: 200,
    });
    expect(text(started)).toMatch(/still running in the background as process p1/);
    expect(text(await call(proc, { action: "list" }))).toMatch(/p1\trunning/);
    await new Promise((r) => setTimeout(r, 150));
    expect(text(await call(proc, { action: "poll", id: "p1" }))).toMatch(/tick 0[\s\S]*\[running\]/);
    expect(text(await call(proc, { action: "log", id: "p1" }))).toContain("tick 0");
    expect(text(await call(proc, { action: "kill", id: "p1" }))).toBe("Process p1 stopped.");
    expect(text(await call(proc, { action: "poll", id: "p1" }))).toMatch(/exited \(SIGKILL\)/);
    await expect(call(proc, { action: "poll", id: "p99" })).rejects.toThrow(/No background process "p99"/);
    await expect(call(proc, { action: "poll" })).rejects.toThrow(/needs an id/);
  });

  it("abort kills the running command", async () => {
    const { exec } = setup();
    const controller = new AbortController();
    setTimeout(() => controller.abort(), 100);
    const result = await call(exec, { command: "sleep 30", yieldMs: 10_000 }, controller.signal);
    expect(text(result)).toMatch(/killed by SIGKILL/);
  });
});
