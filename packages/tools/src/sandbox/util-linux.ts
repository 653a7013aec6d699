/**
 * The util-linux programs the sandbox's command line uses: `setpriv` (switch to the sandbox uid
 * and drop every capability) and `prlimit` (resource limits without shell builtins, which differ
 * between dash and bash). They must lie under /usr or /bin so the sandbox, which binds only the
 * system directories, sees the same file.
 */
import { accessSync, constants } from "node:fs";
import { SandboxUnavailableError } from "./bwrap-check.js";

export type UtilLinuxProgram = "setpriv" | "prlimit";

export const UTIL_LINUX_INSTALL_HINT =
  "install util-linux (`apt-get install util-linux`; on Debian 11 and older `setpriv` is its own package `setpriv`)";

const SEARCH_DIRS = ["/usr/bin", "/usr/sbin", "/bin", "/sbin"] as const;
const found = new Map<UtilLinuxProgram, string>();

/**
 * The absolute path of `program`, or throws `SandboxUnavailableError` naming the package.
 *
 * @example
 * findUtilLinux("prlimit"); // "/usr/bin/prlimit"
 */
export function findUtilLinux(program: UtilLinuxProgram, dirs: readonly string[] = SEARCH_DIRS): string {
  const cached = dirs === SEARCH_DIRS ? found.get(program) : undefined;
  if (cached) return cached;
  for (const dir of dirs) {
    const path = `${dir}/${program}`;
    try {
      accessSync(path, constants.X_OK);
      if (dirs === SEARCH_DIRS) found.set(program, path);
      return path;
    } catch {
      // not in this folder
    }
  }
  throw new SandboxUnavailableError(
    `The sandbox needs \`${program}\` (util-linux), which is not in ${dirs.join(", ")} — ${UTIL_LINUX_INSTALL_HINT}. The command was not run.`,
  );
}
