import { describe, expect, it } from "vitest";
import { bwrapArgs, bwrapSandboxArgs, type HostEntry } from "./bwrap-args.js";
import type { SandboxSpec } from "./sandbox-spec.js";

const layout = new Map<string, HostEntry>([
  ["/usr", { kind: "dir" }],
  ["/bin", { kind: "symlink", target: "usr/bin" }],
  ["/lib64", { kind: "missing" }],
]);
const args = (spec: SandboxSpec) =>
  bwrapArgs({ workspaceDir: "/w", cwd: "/w/sub", command: "ls -l", shell: "/bin/sh", spec, layout });

describe("bwrapArgs", () => {
  it("unshares everything, dies with its parent, and mounts the system read-only", () => {
    const out = args({ workspaceAccess: "rw", network: false });
    expect(out.slice(0, 3)).toEqual(["--die-with-parent", "--new-session", "--unshare-all"]);
    expect(out).not.toContain("--share-net");
    expect(out.join(" ")).toContain("--ro-bind /usr /usr --symlink usr/bin /bin");
    expect(out).not.toContain("/lib64");
    expect(out.join(" ")).toContain("--tmpfs /tmp --bind /w /w --remount-ro /");
    expect(out.join(" ")).not.toContain("/etc/resolv.conf");
    expect(out.slice(-6)).toEqual(["--chdir", "/w/sub", "--", "/bin/sh", "-c", "ls -l"]);
  });

  it.each([
    ["ro", ["--ro-bind", "/w", "/w"], "/w/sub"],
    ["none", [], "/tmp"],
  ] as const)("workspaceAccess %s", (workspaceAccess, mount, chdir) => {
    const out = args({ workspaceAccess, network: false });
    const joined = out.join(" ");
    if (mount.length > 0) expect(joined).toContain(mount.join(" "));
    else expect(out).not.toContain("/w");
    expect(out[out.indexOf("--chdir") + 1]).toBe(chdir);
  });

  it("bwrapSandboxArgs: the same sandbox without a command, extra binds before the root goes read-only", () => {
    const out = bwrapSandboxArgs({
      workspaceDir: "/w",
      cwd: "/w",
      spec: { workspaceAccess: "ro", network: true },
      layout,
      extraBinds: [
        { path: "/state/browser/p", writable: true },
        { path: "/etc/fonts", writable: false, optional: true },
      ],
    });
    expect(out.join(" ")).toContain(
      "--ro-bind /w /w --bind /state/browser/p /state/browser/p --ro-bind-try /etc/fonts /etc/fonts --remount-ro /",
    );
    expect(out).toContain("--share-net");
    expect(out).not.toContain("--");
    expect(out.slice(-2)).toEqual(["--chdir", "/w"]);
  });

  it("network: shares the host network and its resolver files", () => {
    const out = args({ workspaceAccess: "rw", network: true });
    expect(out).toContain("--share-net");
    expect(out.join(" ")).toContain("--ro-bind-try /etc/resolv.conf /etc/resolv.conf");
  });

  it("limits run as ulimit before the command, which is passed as an argument, not spliced", () => {
    const out = args({
      workspaceAccess: "rw",
      network: false,
      limits: { cpuSeconds: 2, memoryMb: 10, maxProcesses: 50 },
    });
    expect(out.slice(-5)).toEqual([
      "/bin/sh",
      "-c",
      'ulimit -t 2 && ulimit -v 10240 && ulimit -u 50 && exec /bin/sh -c "$1"',
      "sandbox",
      "ls -l",
    ]);
  });
});
