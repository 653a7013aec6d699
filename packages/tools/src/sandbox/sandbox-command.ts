/**
 * Turns "run this command in this sandbox" (or "on the host, with these folders hidden") into
 * the program and arguments to spawn, after the checks that make it safe: bubblewrap works, the
 * util-linux programs exist, and a root gateway's workspace belongs to the sandbox uid.
 */
import { realpathSync } from "node:fs";
import { bwrapArgs, bwrapWaitingArgs, hasLimits, readHostLayout } from "./bwrap-args.js";
import { assertBwrapUsable } from "./bwrap-check.js";
import { bwrapHidingArgs, checkHostHiding } from "./host-hiding.js";
import type { SandboxSpec } from "./sandbox-spec.js";
import { sandboxUserFor } from "./sandbox-user.js";
import { findUtilLinux } from "./util-linux.js";
import { handWorkspaceTo } from "./workspace-owner.js";

export interface CommandPlace {
  bwrapPath: string;
  workspaceDir: string;
  cwd: string;
  shell: string;
  command: string;
}

/** What to spawn: bubblewrap with `argv`, or, started ahead, with `waitingArgs` and the command on stdin. */
export interface SandboxedSpawn {
  file: string;
  argv: string[];
  waitingArgs: string[];
}

/**
 * Throws `SandboxUnavailableError` (naming the package to install) when the sandbox cannot be
 * made as asked; the command must then not run at all.
 *
 * @example
 * const { file, argv } = await prepareSandboxedSpawn({ bwrapPath: "bwrap", workspaceDir, cwd, shell: "/bin/sh", command: "ls" }, spec);
 */
export async function prepareSandboxedSpawn(place: CommandPlace, spec: SandboxSpec): Promise<SandboxedSpawn> {
  await assertBwrapUsable(place.bwrapPath);
  const runAs = sandboxUserFor(spec.user);
  const programs = {
    setpriv: runAs ? findUtilLinux("setpriv") : "",
    prlimit: hasLimits(spec) ? findUtilLinux("prlimit") : "",
  };
  // ro too: the mount keeps it read-only, and a 0700 workspace would otherwise be unreadable
  if (runAs && spec.workspaceAccess !== "none") await handWorkspaceTo(place.workspaceDir, runAs);
  const shape = {
    workspaceDir: place.workspaceDir,
    cwd: place.cwd,
    shell: place.shell,
    spec,
    layout: readHostLayout(),
    programs,
    ...(runAs ? { runAs } : {}),
  };
  return {
    file: place.bwrapPath,
    argv: bwrapArgs({ ...shape, command: place.command }),
    waitingArgs: bwrapWaitingArgs(shape),
  };
}

export type HiddenHostSpawn = { ok: true; file: string; argv: string[] } | { ok: false; reason: string };

/**
 * A host command in a mount namespace where `hidden` folders are empty (the workspace stays
 * visible), or why that cannot be done here (the caller then runs it unhidden and says so).
 *
 * @example
 * await prepareHiddenHostSpawn(place, ["/root/.claw"]); // { ok: true, file: "bwrap", argv: ["--dev-bind", "/", "/", …] }
 */
export async function prepareHiddenHostSpawn(
  place: CommandPlace,
  hidden: readonly string[],
): Promise<HiddenHostSpawn> {
  const check = await checkHostHiding(place.bwrapPath);
  if (!check.ok) return check;
  // bubblewrap would create a missing folder on the host, and mounts on the resolved path.
  const existing = hidden.flatMap((path) => {
    try {
      return [realpathSync(path)];
    } catch {
      return [];
    }
  });
  const args = bwrapHidingArgs({
    hidden: existing,
    keep: [realpathSync(place.workspaceDir)],
    cwd: place.cwd,
    asRoot: process.getuid?.() === 0,
  });
  return { ok: true, file: place.bwrapPath, argv: [...args, "--", place.shell, "-c", place.command] };
}
