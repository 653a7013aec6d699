import { describe, expect, it } from "vitest";
import { bwrapArgs, bwrapSandboxArgs, bwrapWaitingArgs, type HostEntry } from "./bwrap-args.js";
import type { SandboxSpec } from "./sandbox-spec.js";

const layout = new Map<string, HostEntry>([
  ["/usr", { kind: "dir" }],
  ["/bin", { kind: "symlink", target: "usr/bin" }],
  ["/lib64", { kind: "missing" }],
]);
const args = (spec: SandboxSpec) =>
  bwrapArgs({ workspaceDir: "/w", cwd: "/w/sub", command: "ls -l", shell: "/bin/sh", spec, layout });
const rootArgs = (spec: SandboxSpec) =>
  bwrapArgs({
    workspaceDir: "/w",
    cwd: "/w/sub",
    command: "ls -l",
    shell: "/bin/sh",
    spec,
    layout,
    runAs: { uid: 2_000_000_000, gid: 2_000_000_000 },
  });

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

  it("limits: prlimit sets soft and hard limits in front of the shell, the command passed as an argument", () => {
    const out = args({
      workspaceAccess: "rw",
      network: false,
      limits: { cpuSeconds: 2, memoryMb: 10, maxProcesses: 50 },
    });
    expect(out.slice(out.indexOf("--") + 1)).toEqual([
      "/usr/bin/prlimit",
      "--cpu=2:2",
      `--as=${10 * 1024 * 1024}:${10 * 1024 * 1024}`,
      "--nproc=50:50",
      "--",
      "/bin/sh",
      "-c",
      "ls -l",
    ]);
    expect(out.join(" ")).not.toContain("ulimit");
  });

  it("binds the kernel's knobs read-only over the new /proc in every variant", () => {
    for (const out of [
      args({ workspaceAccess: "rw", network: false }),
      args({ workspaceAccess: "none", network: true }),
      rootArgs({ workspaceAccess: "rw", network: false }),
      bwrapSandboxArgs({
        workspaceDir: "/w",
        cwd: "/w",
        spec: { workspaceAccess: "ro", network: true },
        layout,
      }),
    ]) {
      const joined = out.join(" ");
      expect(joined).toContain(
        "--proc /proc --ro-bind-try /proc/sys /proc/sys --ro-bind-try /proc/sysrq-trigger /proc/sysrq-trigger",
      );
      expect(out.indexOf("--proc")).toBeLessThan(out.indexOf("/proc/sys"));
      expect(joined).not.toMatch(/--(dev-)?bind(-try)? \/(proc|sys)/);
    }
  });

  it("runAs (a root gateway): no user namespace, setpriv switches uid and drops every capability", () => {
    const out = rootArgs({ workspaceAccess: "rw", network: false, limits: { maxProcesses: 5 } });
    expect(out).not.toContain("--unshare-all");
    expect(out).not.toContain("--unshare-user");
    expect(out.join(" ")).toContain(
      "--unshare-ipc --unshare-pid --unshare-uts --unshare-cgroup-try --unshare-net --cap-drop ALL --cap-add CAP_SETUID --cap-add CAP_SETGID --cap-add CAP_SETPCAP --cap-add CAP_DAC_READ_SEARCH",
    );
    expect(out.slice(out.indexOf("--") + 1)).toEqual([
      "/usr/bin/setpriv",
      "--reuid=2000000000",
      "--regid=2000000000",
      "--clear-groups",
      "--inh-caps=-all",
      "--bounding-set=-all",
      "--no-new-privs",
      "--",
      "/usr/bin/prlimit",
      "--nproc=5:5",
      "--",
      "/bin/sh",
      "-c",
      "ls -l",
    ]);
    expect(rootArgs({ workspaceAccess: "rw", network: true })).not.toContain("--unshare-net");
  });

  it("runAs: the folders above each mount point are made 0755 first and /tmp is 1777", () => {
    const joined = rootArgs({ workspaceAccess: "rw", network: false }).join(" ");
    expect(joined).toContain("--perms 0755 --dir /etc --ro-bind-try /etc/ld.so.cache");
    expect(joined).toContain("--perms 1777 --tmpfs /tmp");
    const deep = bwrapArgs({
      workspaceDir: "/root/.claw/workspace",
      cwd: "/root/.claw/workspace",
      command: "ls",
      shell: "/bin/sh",
      spec: { workspaceAccess: "ro", network: false },
      layout,
      runAs: { uid: 7, gid: 8 },
    }).join(" ");
    expect(deep).toContain(
      "--perms 0755 --dir /root --perms 0755 --dir /root/.claw --ro-bind /root/.claw/workspace /root/.claw/workspace",
    );
    expect(deep).toContain("--reuid=7 --regid=8");
  });

  it("a waiting sandbox switches uid and sets its limits before it reads the command", () => {
    const shape = { workspaceDir: "/w", cwd: "/w", shell: "/bin/sh", layout, runAs: { uid: 7, gid: 8 } };
    const out = bwrapWaitingArgs({
      ...shape,
      spec: { workspaceAccess: "rw", network: false, limits: { cpuSeconds: 1 } },
    });
    const tail = out.slice(out.indexOf("--") + 1);
    expect(tail.slice(0, 2)).toEqual(["/usr/bin/setpriv", "--reuid=7"]);
    expect(tail).toContain("--cpu=1:1");
    expect(tail.at(-1)).toMatch(/^IFS= read -r n/);
  });
});
