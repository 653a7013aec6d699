/**
 * Chromium inside the session's sandbox: a small launcher script that starts Chromium through
 * bubblewrap with the same sandbox as a sandboxed `exec` (system read-only, every namespace
 * unshared, no capabilities, the workspace as `workspaceAccess` says), plus the profile's own
 * folders and the config files Chromium reads. Playwright runs the script as the browser, so its
 * pipe to Chromium and the guard proxy (the browser's only way out) work as usual.
 */
import { chmod, writeFile } from "node:fs/promises";
import { join } from "node:path";
import { assertBwrapUsable, bwrapSandboxArgs, readHostLayout } from "@claw/tools";

/** How a sandboxed session's browser is confined (from its session's sandbox settings). */
export interface BrowserSandbox {
  workspaceDir: string;
  workspaceAccess: "rw" | "ro" | "none";
  /** bubblewrap to run (default `bwrap` on PATH). */
  bwrapPath?: string;
}

/** Read-only config Chromium looks for (fonts, the Debian launcher's settings); absent ones are skipped. */
const CHROMIUM_CONFIG = ["/etc/fonts", "/etc/chromium", "/etc/chromium.d", "/etc/machine-id"] as const;

/**
 * Writes the launcher into `profileDir` and returns its path (the `executablePath` to launch).
 * The whole profile folder is bound writable: the user data and the downloads folder live there.
 *
 * @example
 * const launcher = await writeSandboxedLauncher(sandbox, { executablePath: "/usr/bin/chromium", profileDir });
 * await chromium.launchPersistentContext(userDataDir, { executablePath: launcher, downloadsPath: join(profileDir, "downloads-tmp") });
 */
export async function writeSandboxedLauncher(
  sandbox: BrowserSandbox,
  paths: { executablePath: string; profileDir: string },
): Promise<string> {
  const bwrap = sandbox.bwrapPath ?? "bwrap";
  await assertBwrapUsable(bwrap);
  const args = bwrapSandboxArgs({
    workspaceDir: sandbox.workspaceDir,
    cwd: sandbox.workspaceDir,
    // The network is shared only to reach the guard proxy on loopback: Chromium is told to use it for everything.
    spec: { workspaceAccess: sandbox.workspaceAccess, network: true },
    layout: readHostLayout(),
    extraBinds: [
      { path: paths.profileDir, writable: true },
      ...CHROMIUM_CONFIG.map((path) => ({ path, writable: false, optional: true })),
    ],
  });
  const script = `#!/bin/sh\nexec ${[bwrap, ...args, "--", paths.executablePath].map(shellQuote).join(" ")} "$@"\n`;
  const launcher = join(paths.profileDir, "sandboxed-chromium.sh");
  await writeFile(launcher, script, { mode: 0o700 });
  await chmod(launcher, 0o700);
  return launcher;
}

function shellQuote(word: string): string {
  return `'${word.replace(/'/g, `'\\''`)}'`;
}
