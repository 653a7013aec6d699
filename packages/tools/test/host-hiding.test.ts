/**
 * Host exec with the state dir hidden (`hiddenPathsFor`): an approved command of a non-main
 * session cannot read the gateway's secrets next to the workspace; the main session can.
 */
import { mkdirSync, mkdtempSync, readFileSync, realpathSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { describe, expect, it } from "vitest";
import {
  bwrapHidingArgs,
  checkHostHiding,
  createExecTool,
  createWorkspace,
  ProcessRegistry,
} from "../src/index.js";
import { text } from "./helpers.js";

const hiding = await checkHostHiding();
if (!hiding.ok) console.warn(`[skip] host hiding tests: ${hiding.reason}`);
const MAIN = "agent:main:main";

function stateDir() {
  const state = realpathSync(mkdtempSync(join(tmpdir(), "claw-state-")));
  const workspace = join(state, "workspace");
  mkdirSync(workspace);
  for (const name of ["gateway.token", "claw.json", "auth-profiles.json", "state.db"])
    writeFileSync(join(state, name), `secret-of-${name}\n`);
  writeFileSync(join(workspace, "README.md"), "visible\n");
  return { state, workspace };
}

function setup(bwrapPath?: string) {
  const { state, workspace } = stateDir();
  const exec = createExecTool(createWorkspace(workspace), new ProcessRegistry(), {
    hiddenPathsFor: ({ sessionKey }) => (sessionKey === MAIN ? [] : [state]),
    ...(bwrapPath ? { bwrapPath } : {}),
  });
  const run = (command: string, sessionKey = "agent:main:telegram:group:1") =>
    exec.execute({ command }, { toolCallId: "t", signal: new AbortController().signal, sessionKey });
  return { state, workspace, run };
}

describe("bwrapHidingArgs", () => {
  it("binds the host, hides each folder under a tmpfs, binds the workspace back, and drops CAP_SYS_ADMIN", () => {
    expect(
      bwrapHidingArgs({ hidden: ["/s"], keep: ["/s/ws", "/elsewhere"], cwd: "/s/ws/sub", asRoot: true }),
    ).toEqual([
      "--dev-bind",
      "/",
      "/",
      "--tmpfs",
      "/s",
      "--bind",
      "/s/ws",
      "/s/ws",
      "--cap-drop",
      "CAP_SYS_ADMIN",
      "--cap-drop",
      "CAP_SYS_PTRACE",
      "--chdir",
      "/s/ws/sub",
    ]);
    expect(bwrapHidingArgs({ hidden: ["/s"], keep: ["/sx"], cwd: "/", asRoot: false })[0]).toBe(
      "--unshare-user",
    );
  });
});

describe.skipIf(!hiding.ok)("host exec with the state dir hidden", () => {
  it("a non-main session's approved `cat ../gateway.token` cannot read it; the main session's can", async () => {
    const { run } = setup();
    const hidden = await run("cat ../gateway.token");
    expect(hidden.isError).toBe(true);
    expect(text(hidden)).not.toContain("secret-of");
    const grep = await run("grep -r '' .. ; ls -A ..");
    expect(text(grep)).not.toContain("secret-of");
    expect(text(grep)).toContain("visible");
    expect(text(await run("cat ../gateway.token", MAIN))).toContain("secret-of-gateway.token");
  });

  it("keeps the rest of the host: the workspace is writable, root stays root, the hiding cannot be undone", async () => {
    const { state, workspace, run } = setup();
    expect((await run("echo written > out.txt")).isError).toBeFalsy();
    expect(readFileSync(join(workspace, "out.txt"), "utf8")).toBe("written\n");
    expect(text(await run("id -u"))).toMatch(new RegExp(`^${process.getuid?.()}\\n`));
    expect(text(await run(`umount ${state}; cat ${state}/gateway.token`))).not.toContain("secret-of");
    expect(text(await run(`cat /proc/1/root${state}/gateway.token`))).not.toContain("secret-of");
  });
});

describe("where bubblewrap cannot hide", () => {
  it("runs the command on the host and says so once per session", async () => {
    const { run } = setup("/nonexistent/bwrap");
    const first = text(await run("echo ran"));
    expect(first).toMatch(/^\[note: this command runs on the host and can read .*claw-state-/);
    expect(first).toContain("ran");
    expect(text(await run("echo again"))).not.toContain("[note:");
    expect(text(await run("echo other", "agent:main:discord:channel:2"))).toContain("[note:");
    expect(text(await run("echo main", MAIN))).not.toContain("[note:");
  });
});
