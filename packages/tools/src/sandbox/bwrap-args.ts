/**
 * The bubblewrap command line for one sandboxed command, as a pure function of the spec and the
 * host's layout: system directories read-only, the workspace per `workspaceAccess`, a private
 * /tmp, /proc of a new PID namespace with the kernel's knobs read-only, every namespace unshared
 * (the network too unless allowed), the root remounted read-only, the command switched to the
 * sandbox uid (`setpriv`) when the gateway is root, and resource limits set by `prlimit`.
 */
import { lstatSync, readlinkSync } from "node:fs";
import { posix } from "node:path";
import type { SandboxSpec } from "./sandbox-spec.js";
import type { SandboxUser } from "./sandbox-user.js";

/** How a top-level system path looks on the host: a directory to bind, a symlink to recreate, or absent. */
export type HostEntry = { kind: "dir" } | { kind: "symlink"; target: string } | { kind: "missing" };

/** Top-level system paths offered read-only (merged-/usr systems have symlinks for most). */
export const SYSTEM_PATHS = ["/usr", "/bin", "/sbin", "/lib", "/lib32", "/lib64"] as const;

/** The few /etc entries programs need to start (loader cache, users, locale, certificates). */
export const ETC_FILES = [
  "/etc/ld.so.cache",
  "/etc/ld.so.conf",
  "/etc/ld.so.conf.d",
  "/etc/alternatives",
  "/etc/passwd",
  "/etc/group",
  "/etc/nsswitch.conf",
  "/etc/localtime",
  "/etc/ssl",
  "/etc/ca-certificates",
] as const;

/** Only mounted when the sandbox has network. */
export const NETWORK_ETC_FILES = ["/etc/resolv.conf", "/etc/hosts", "/etc/gai.conf"] as const;

/**
 * Kernel knobs under the sandbox's /proc, bound read-only from the host in every variant:
 * bubblewrap covers these only when they look writable at setup, and a root sandbox's
 * `kernel.core_pattern` stayed writable (a crash would then run a workspace file as host root).
 * (/proc/irq and /proc/bus bubblewrap does cover; /sys is never mounted.)
 */
export const KERNEL_KNOBS = ["/proc/sys", "/proc/sysrq-trigger"] as const;

/** Capabilities bubblewrap keeps for a `runAs` sandbox; `setpriv` drops them before the command. */
const RUN_AS_CAPS = ["CAP_SETUID", "CAP_SETGID", "CAP_SETPCAP", "CAP_DAC_READ_SEARCH"] as const;

/** HOME inside the sandbox: the private /tmp, so nothing of the host's home is visible. */
export const SANDBOX_HOME = "/tmp";

/** Where the util-linux programs are (under /usr or /bin, so the sandbox sees them too). */
export interface SandboxPrograms {
  setpriv: string;
  prlimit: string;
}

const DEFAULT_PROGRAMS: SandboxPrograms = { setpriv: "/usr/bin/setpriv", prlimit: "/usr/bin/prlimit" };

export interface BwrapCommand {
  workspaceDir: string;
  /** Working directory (inside the workspace, or ignored when the workspace is not mounted). */
  cwd: string;
  command: string;
  shell: string;
  spec: SandboxSpec;
  layout: ReadonlyMap<string, HostEntry>;
  /** More host paths at the same place inside (a browser's profile dir, its config files). */
  extraBinds?: readonly { path: string; writable: boolean; optional?: boolean }[];
  /**
   * Run the command as this uid (`sandboxUserFor`: set when bubblewrap runs as root). bubblewrap
   * then creates no user namespace — as root it would map the command to kernel uid 0 — and
   * `setpriv` switches to the uid and drops every capability before the command starts.
   */
  runAs?: SandboxUser;
  programs?: SandboxPrograms;
}

/**
 * @example
 * bwrapArgs({ workspaceDir: "/w", cwd: "/w", command: "ls", shell: "/bin/sh", spec: { workspaceAccess: "rw", network: false }, layout: readHostLayout() });
 * // ["--die-with-parent", "--new-session", "--unshare-all", "--cap-drop", "ALL", …, "--", "/bin/sh", "-c", "ls"]
 */
export function bwrapArgs(input: BwrapCommand): string[] {
  return [...sandboxArgs(input), "--", ...commandPrefix(input), input.shell, "-c", input.command];
}

/**
 * The same sandbox, started before its command is known: the shell inside waits on stdin for
 * the command (a line count, then the lines), then runs it exactly as `bwrapArgs` would, with
 * stdin from /dev/null. The uid switch and the limits happen before the shell starts waiting,
 * and only shell builtins run before the command, so nothing else starts.
 *
 * @example
 * spawn("bwrap", bwrapWaitingArgs(shape)).stdin.end(encodeWaitingCommand("ls -l"));
 */
export function bwrapWaitingArgs(input: Omit<BwrapCommand, "command">): string[] {
  const read = [
    "IFS= read -r n || exit 125",
    "c=",
    "i=0",
    'while [ "$i" -lt "$n" ]; do IFS= read -r l || exit 125; if [ "$i" -eq 0 ]; then c=$l; else c="$c\n$l"; fi; i=$((i+1)); done',
    "exec </dev/null",
  ];
  const run = `exec ${input.shell} -c "$c"`;
  return [
    ...sandboxArgs(input),
    "--",
    ...commandPrefix(input),
    input.shell,
    "-c",
    `${read.join("; ")}; ${run}`,
  ];
}

/** What a waiting sandbox reads from stdin: the line count, then the command's lines. */
export function encodeWaitingCommand(command: string): string {
  const lines = command.split("\n");
  return `${lines.length}\n${lines.join("\n")}\n`;
}

/**
 * The sandbox's options without the program to run: for a caller that appends `--` and its own
 * command (the browser starts Chromium this way). It runs as bubblewrap's own uid (no `runAs`).
 *
 * @example
 * spawn("bwrap", [...bwrapSandboxArgs(shape), "--", "/usr/bin/chromium", "--headless"]);
 */
export function bwrapSandboxArgs(input: Omit<BwrapCommand, "command" | "shell" | "runAs">): string[] {
  return sandboxArgs(input);
}

function sandboxArgs(input: Omit<BwrapCommand, "command" | "shell">): string[] {
  const { spec, workspaceDir } = input;
  const args = ["--die-with-parent", "--new-session"];
  if (input.runAs) {
    // Every namespace but the user one (see `runAs`). Kept until setpriv drops everything:
    // SETUID/SETGID/SETPCAP to switch uid and empty the bounding set, DAC_READ_SEARCH for
    // bubblewrap's --chdir into a workspace of the sandbox uid that root may not search.
    args.push("--unshare-ipc", "--unshare-pid", "--unshare-uts", "--unshare-cgroup-try");
    if (!spec.network) args.push("--unshare-net");
    args.push("--cap-drop", "ALL");
    for (const cap of RUN_AS_CAPS) args.push("--cap-add", cap);
  } else {
    // No capabilities inside: a gateway running as root would otherwise hand the command
    // CAP_SYS_ADMIN (remount the read-only binds writable) and CAP_SYS_RESOURCE (lift limits).
    args.push("--unshare-all", "--cap-drop", "ALL");
    if (spec.network) args.push("--share-net");
  }
  for (const path of SYSTEM_PATHS) {
    const entry = input.layout.get(path) ?? { kind: "missing" };
    if (entry.kind === "dir") args.push("--ro-bind", path, path);
    else if (entry.kind === "symlink") args.push("--symlink", entry.target, path);
  }
  // As root, bubblewrap creates the folders leading to a mount point 0700 and root's: the
  // sandbox uid could not pass them, so they are made 0755 first, and /tmp is 1777.
  const parents = input.runAs ? parentDirs(args) : () => undefined;
  const etcFiles = spec.network ? [...ETC_FILES, ...NETWORK_ETC_FILES] : ETC_FILES;
  for (const file of etcFiles) {
    parents(file);
    args.push("--ro-bind-try", file, file);
  }
  args.push("--proc", "/proc");
  for (const knob of KERNEL_KNOBS) args.push("--ro-bind-try", knob, knob);
  args.push("--dev", "/dev");
  if (input.runAs) args.push("--perms", "1777");
  args.push("--tmpfs", "/tmp");
  if (spec.workspaceAccess !== "none") {
    parents(workspaceDir);
    args.push(spec.workspaceAccess === "rw" ? "--bind" : "--ro-bind", workspaceDir, workspaceDir);
  }
  for (const bind of input.extraBinds ?? []) {
    parents(bind.path);
    args.push(
      `${bind.writable ? "--bind" : "--ro-bind"}${bind.optional ? "-try" : ""}`,
      bind.path,
      bind.path,
    );
  }
  args.push("--remount-ro", "/", "--setenv", "HOME", SANDBOX_HOME);
  args.push("--chdir", spec.workspaceAccess === "none" ? SANDBOX_HOME : input.cwd);
  return args;
}

/** Returns a function that adds `--perms 0755 --dir` for each not yet made folder above a mount point. */
function parentDirs(args: string[]): (path: string) => void {
  const made = new Set<string>(["/", "/proc", "/dev", "/tmp", ...SYSTEM_PATHS]);
  return (path) => {
    const missing: string[] = [];
    for (
      let dir = posix.dirname(path);
      !made.has(dir) && !isUnder(dir, SYSTEM_PATHS);
      dir = posix.dirname(dir)
    )
      missing.unshift(dir);
    for (const dir of missing) {
      made.add(dir);
      args.push("--perms", "0755", "--dir", dir);
    }
  };
}

function isUnder(path: string, roots: readonly string[]): boolean {
  return roots.some((root) => path.startsWith(`${root}/`));
}

/** `setpriv` to the sandbox uid, then `prlimit`: soft and hard limits, which nothing inside may raise. */
function commandPrefix(input: Omit<BwrapCommand, "command">): string[] {
  const programs = input.programs ?? DEFAULT_PROGRAMS;
  const prefix: string[] = [];
  if (input.runAs)
    prefix.push(
      programs.setpriv,
      `--reuid=${input.runAs.uid}`,
      `--regid=${input.runAs.gid}`,
      "--clear-groups",
      "--inh-caps=-all",
      "--bounding-set=-all",
      "--no-new-privs",
      "--",
    );
  const limits = limitOptions(input.spec.limits);
  if (limits.length > 0) prefix.push(programs.prlimit, ...limits, "--");
  return prefix;
}

function limitOptions(limits: SandboxSpec["limits"]): string[] {
  const out: string[] = [];
  const both = (name: string, value: number) => `--${name}=${value}:${value}`;
  if (limits?.cpuSeconds !== undefined) out.push(both("cpu", Math.floor(limits.cpuSeconds)));
  if (limits?.memoryMb !== undefined) out.push(both("as", Math.floor(limits.memoryMb) * 1024 * 1024));
  if (limits?.maxProcesses !== undefined) out.push(both("nproc", Math.floor(limits.maxProcesses)));
  return out;
}

/** Whether the spec asks for a limit, so `prlimit` must exist. */
export function hasLimits(spec: SandboxSpec): boolean {
  return limitOptions(spec.limits).length > 0;
}

let cachedLayout: Map<string, HostEntry> | undefined;

/** Reads (once) how the system paths look on this host. */
export function readHostLayout(): ReadonlyMap<string, HostEntry> {
  cachedLayout ??= new Map(SYSTEM_PATHS.map((path) => [path, hostEntry(path)]));
  return cachedLayout;
}

function hostEntry(path: string): HostEntry {
  try {
    const stat = lstatSync(path);
    if (stat.isSymbolicLink()) return { kind: "symlink", target: readlinkSync(path) };
    return stat.isDirectory() ? { kind: "dir" } : { kind: "missing" };
  } catch {
    return { kind: "missing" };
  }
}
