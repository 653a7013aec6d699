/**
 * Whether bubblewrap can sandbox on this host. A sandbox that was asked for and cannot be made
 * fails closed with this error; it never falls back to running on the host.
 */
import { execFile } from "node:child_process";

export const BWRAP_INSTALL_HINT =
  "install it with `apt-get install bubblewrap` (Debian/Ubuntu; package `bubblewrap` elsewhere)";

export class SandboxUnavailableError extends Error {
  override name = "SandboxUnavailableError";
}

export type BwrapCheck = { ok: true; version: string } | { ok: false; reason: string };

const verified = new Set<string>();

/**
 * Runs `bwrap` once with every namespace unshared. Never throws.
 *
 * @example
 * const check = await checkBwrap(); // { ok: true, version: "bubblewrap 0.8.0" }
 */
export function checkBwrap(bwrapPath = "bwrap"): Promise<BwrapCheck> {
  return new Promise((resolve) => {
    execFile(bwrapPath, ["--version"], { timeout: 5000 }, (versionError, versionOut) => {
      if (versionError) {
        const missing = (versionError as NodeJS.ErrnoException).code === "ENOENT";
        resolve({
          ok: false,
          reason: missing
            ? `bubblewrap (${bwrapPath}) is not installed — ${BWRAP_INSTALL_HINT}`
            : `${bwrapPath} --version failed: ${versionError.message}`,
        });
        return;
      }
      const probe = [
        "--unshare-all",
        "--die-with-parent",
        "--cap-drop",
        "ALL",
        "--ro-bind",
        "/",
        "/",
        "--proc",
        "/proc",
        "true",
      ];
      execFile(bwrapPath, probe, { timeout: 5000 }, (probeError, _out, probeErr) => {
        resolve(
          probeError
            ? {
                ok: false,
                reason: `${bwrapPath} cannot create namespaces (${(probeErr || probeError.message).trim()}) — allow unprivileged user namespaces (sysctl kernel.unprivileged_userns_clone=1) or run the gateway where they are available`,
              }
            : { ok: true, version: versionOut.trim() },
        );
      });
    });
  });
}

/** Resolves when the sandbox works (cached after the first success), else throws `SandboxUnavailableError`. */
export async function assertBwrapUsable(bwrapPath = "bwrap"): Promise<void> {
  if (verified.has(bwrapPath)) return;
  const check = await checkBwrap(bwrapPath);
  if (!check.ok)
    throw new SandboxUnavailableError(
      `This session is sandboxed (agents.*.sandbox.mode), but the sandbox cannot start: ${check.reason}. The command was not run.`,
    );
  verified.add(bwrapPath);
}
