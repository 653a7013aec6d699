/**
 * Host exec with paths hidden: the command runs on the host, with root's abilities when the
 * gateway is root, but in its own mount namespace where each hidden folder (the state dir with
 * the gateway token, config, credentials and database) is an empty tmpfs and the workspace,
 * when it lies inside, is bound back. Without CAP_SYS_ADMIN the tmpfs cannot be unmounted and
 * without CAP_SYS_PTRACE `/proc/<pid>/root` of a host process cannot reach around it. This keeps
 * an approved `grep -r '' ..` from printing secrets; it is no boundary against a root command set
 * on escaping (cron, systemd-run, raw disks) — that is what the sandbox is for.
 */
import { execFile } from "node:child_process";
import { mkdtempSync, rmSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import { join, sep } from "node:path";

export interface HostHidingCommand {
  /** Folders to show empty. */
  hidden: readonly string[];
  /** Folders to keep visible even inside a hidden one (the workspace). */
  keep: readonly string[];
  cwd: string;
  /** Whether bubblewrap runs as root (no user namespace then, so root stays root). */
  asRoot: boolean;
}

/**
 * bubblewrap's options for a host command with hidden folders; the caller appends `--` and the command.
 *
 * @example
 * bwrapHidingArgs({ hidden: ["/root/.claw"], keep: ["/root/.claw/workspace"], cwd: "/root/.claw/workspace", asRoot: true });
 * // ["--dev-bind", "/", "/", "--tmpfs", "/root/.claw", "--bind", "/root/.claw/workspace", …]
 */
export function bwrapHidingArgs(input: HostHidingCommand): string[] {
  const args = input.asRoot ? [] : ["--unshare-user"];
  args.push("--dev-bind", "/", "/");
  for (const path of input.hidden) args.push("--tmpfs", path);
  for (const path of input.keep)
    if (input.hidden.some((hidden) => isInside(path, hidden))) args.push("--bind", path, path);
  args.push("--cap-drop", "CAP_SYS_ADMIN", "--cap-drop", "CAP_SYS_PTRACE", "--chdir", input.cwd);
  return args;
}

export type HidingCheck = { ok: true } | { ok: false; reason: string };

const working = new Set<string>();

/**
 * Hides a temp folder holding one file and checks the command cannot see it. Never throws; a
 * success is cached per bubblewrap path.
 *
 * @example
 * await checkHostHiding(); // { ok: true }
 */
export async function checkHostHiding(bwrapPath = "bwrap"): Promise<HidingCheck> {
  if (working.has(bwrapPath)) return { ok: true };
  const dir = mkdtempSync(join(tmpdir(), "claw-hide-probe-"));
  try {
    writeFileSync(join(dir, "secret"), "probe\n");
    const args = [
      ...bwrapHidingArgs({ hidden: [dir], keep: [], cwd: "/", asRoot: process.getuid?.() === 0 }),
      "--",
      "/bin/sh",
      "-c",
      `test ! -e '${join(dir, "secret")}'`,
    ];
    const failure = await new Promise<string | undefined>((resolve) =>
      execFile(bwrapPath, args, { timeout: 5000 }, (error, _out, stderr) =>
        resolve(error ? (stderr.trim() || error.message).split("\n")[0] : undefined),
      ),
    );
    if (failure === undefined) {
      working.add(bwrapPath);
      return { ok: true };
    }
    return { ok: false, reason: `${bwrapPath} cannot hide a folder from a host command (${failure})` };
  } finally {
    rmSync(dir, { recursive: true, force: true });
  }
}

function isInside(path: string, folder: string): boolean {
  return path === folder || path.startsWith(folder.endsWith(sep) ? folder : folder + sep);
}
