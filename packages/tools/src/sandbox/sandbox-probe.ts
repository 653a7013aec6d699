/**
 * A real sandbox, started the way exec starts one, that reports what it got: its uid, whether a
 * kernel knob opens for writing (opened, never written), and the process limit it runs under.
 * `claw doctor` turns the answer into findings.
 */
import { execFile } from "node:child_process";
import { mkdtempSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { SandboxUnavailableError } from "./bwrap-check.js";
import { prepareSandboxedSpawn } from "./sandbox-command.js";
import type { SandboxUser } from "./sandbox-user.js";

/** The process limit the probe asks for (high enough never to bite, distinctive enough to spot). */
export const PROBE_MAX_PROCESSES = 4321;

export type SandboxProbe =
  | { ok: true; uid: number; knobsWritable: boolean; maxProcesses: number | undefined }
  | { ok: false; reason: string };

const SCRIPT = [
  "id -u",
  "if (exec 3>>/proc/sys/kernel/core_pattern) 2>/dev/null; then echo knobs=writable; else echo knobs=read-only; fi",
  "grep '^Max processes' /proc/self/limits",
].join("; ");

/**
 * Never throws.
 *
 * @example
 * await probeSandbox(); // as root: { ok: true, uid: 2000000000, knobsWritable: false, maxProcesses: 4321 }
 */
export async function probeSandbox(
  options: { bwrapPath?: string; user?: SandboxUser } = {},
): Promise<SandboxProbe> {
  const dir = mkdtempSync(join(tmpdir(), "claw-sandbox-probe-"));
  try {
    const spawn = await prepareSandboxedSpawn(
      {
        bwrapPath: options.bwrapPath ?? "bwrap",
        workspaceDir: dir,
        cwd: dir,
        shell: "/bin/sh",
        command: SCRIPT,
      },
      {
        workspaceAccess: "none",
        network: false,
        limits: { maxProcesses: PROBE_MAX_PROCESSES },
        ...(options.user ? { user: options.user } : {}),
      },
    );
    const out = await new Promise<{ stdout: string } | { error: string }>((resolve) =>
      execFile(spawn.file, spawn.argv, { cwd: dir, timeout: 10_000 }, (error, stdout, stderr) =>
        resolve(error ? { error: (stderr.trim() || error.message).split("\n")[0] ?? "" } : { stdout }),
      ),
    );
    if ("error" in out) return { ok: false, reason: `the probe sandbox failed: ${out.error}` };
    const [uidLine = "", knobsLine = "", limitLine = ""] = out.stdout.split("\n");
    const soft = /^Max processes\s+(\d+|unlimited)/.exec(limitLine)?.[1];
    return {
      ok: true,
      uid: Number(uidLine.trim()),
      knobsWritable: knobsLine.trim() !== "knobs=read-only",
      maxProcesses: soft === undefined || soft === "unlimited" ? undefined : Number(soft),
    };
  } catch (error) {
    if (error instanceof SandboxUnavailableError) return { ok: false, reason: error.message };
    return { ok: false, reason: error instanceof Error ? error.message : String(error) };
  } finally {
    rmSync(dir, { recursive: true, force: true });
  }
}
