/**
 * The bubblewrap command line for one sandboxed command, as a pure function of the spec and the
 * host's layout: system directories read-only, the workspace per `workspaceAccess`, a private
 * /tmp, /proc of a new PID namespace, every namespace unshared (the network too unless allowed),
 * the root remounted read-only, and resource limits set by the shell before the command runs.
 */
import { lstatSync, readlinkSync } from "node:fs";
import type { SandboxSpec } from "./sandbox-spec.js";

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

/** HOME inside the sandbox: the private /tmp, so nothing of the host's home is visible. */
export const SANDBOX_HOME = "/tmp";

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
}

/**
 * @example
 * bwrapArgs({ workspaceDir: "/w", cwd: "/w", command: "ls", shell: "/bin/sh", spec: { workspaceAccess: "rw", network: false }, layout: readHostLayout() });
 * // ["--die-with-parent", "--new-session", "--unshare-all", "--cap-drop", "ALL", …, "--", "/bin/sh", "-c", "ls"]
 */
export function bwrapArgs(input: BwrapCommand): string[] {
  const limits = limitCommands(input.spec.limits);
  const shellArgs =
    limits.length === 0
      ? [input.shell, "-c", input.command]
      : [
          input.shell,
          "-c",
          `${limits.join(" && ")} && exec ${input.shell} -c "$1"`,
          "sandbox",
          input.command,
        ];
  return [...sandboxArgs(input), "--", ...shellArgs];
}

/**
 * The same sandbox, started before its command is known: the shell inside waits on stdin for
 * the command (a line count, then the lines), then runs it exactly as `bwrapArgs` would, with
 * stdin from /dev/null. Only shell builtins run before the command, so nothing else starts.
 *
 * @example
 * spawn("bwrap", bwrapWaitingArgs(shape)).stdin.end(encodeWaitingCommand("ls -l"));
 */
export function bwrapWaitingArgs(input: Omit<BwrapCommand, "command">): string[] {
  const limits = limitCommands(input.spec.limits);
  const read = [
    "IFS= read -r n || exit 125",
    "c=",
    "i=0",
    'while [ "$i" -lt "$n" ]; do IFS= read -r l || exit 125; if [ "$i" -eq 0 ]; then c=$l; else c="$c\n$l"; fi; i=$((i+1)); done',
    "exec </dev/null",
  ];
  const run = [...limits, `exec ${input.shell} -c "$c"`].join(" && ");
  return [...sandboxArgs(input), "--", input.shell, "-c", `${read.join("; ")}; ${run}`];
}

/** What a waiting sandbox reads from stdin: the line count, then the command's lines. */
export function encodeWaitingCommand(command: string): string {
  const lines = command.split("\n");
  return `${lines.length}\n${lines.join("\n")}\n`;
}

/**
 * The sandbox's options without the program to run: for a caller that appends `--` and its own
 * command (the browser starts Chromium this way).
 *
 * @example
 * spawn("bwrap", [...bwrapSandboxArgs(shape), "--", "/usr/bin/chromium", "--headless"]);
 */
export function bwrapSandboxArgs(input: Omit<BwrapCommand, "command" | "shell">): string[] {
  return sandboxArgs(input);
}

function sandboxArgs(input: Omit<BwrapCommand, "command" | "shell">): string[] {
  const { spec, workspaceDir } = input;
  // No capabilities inside: a gateway running as root (containers) would otherwise hand the
  // command CAP_SYS_ADMIN (remount the read-only binds writable) and CAP_SYS_RESOURCE (lift limits).
  const args = ["--die-with-parent", "--new-session", "--unshare-all", "--cap-drop", "ALL"];
  if (spec.network) args.push("--share-net");
  for (const path of SYSTEM_PATHS) {
    const entry = input.layout.get(path) ?? { kind: "missing" };
    if (entry.kind === "dir") args.push("--ro-bind", path, path);
    else if (entry.kind === "symlink") args.push("--symlink", entry.target, path);
  }
  for (const file of spec.network ? [...ETC_FILES, ...NETWORK_ETC_FILES] : ETC_FILES)
    args.push("--ro-bind-try", file, file);
  args.push("--proc", "/proc", "--dev", "/dev", "--tmpfs", "/tmp");
  if (spec.workspaceAccess !== "none")
    args.push(spec.workspaceAccess === "rw" ? "--bind" : "--ro-bind", workspaceDir, workspaceDir);
  for (const bind of input.extraBinds ?? [])
    args.push(
      `${bind.writable ? "--bind" : "--ro-bind"}${bind.optional ? "-try" : ""}`,
      bind.path,
      bind.path,
    );
  args.push("--remount-ro", "/", "--setenv", "HOME", SANDBOX_HOME);
  args.push("--chdir", spec.workspaceAccess === "none" ? SANDBOX_HOME : input.cwd);
  return args;
}

/** `ulimit` sets soft and hard limits; the sandbox has no capability to raise them again. */
function limitCommands(limits: SandboxSpec["limits"]): string[] {
  const out: string[] = [];
  if (limits?.cpuSeconds !== undefined) out.push(`ulimit -t ${Math.floor(limits.cpuSeconds)}`);
  if (limits?.memoryMb !== undefined) out.push(`ulimit -v ${Math.floor(limits.memoryMb) * 1024}`);
  if (limits?.maxProcesses !== undefined) out.push(`ulimit -u ${Math.floor(limits.maxProcesses)}`);
  return out;
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
