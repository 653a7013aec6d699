import { accessSync, constants, statSync } from "node:fs";
import { join, delimiter as posixDelimiter } from "node:path";

/**
 * A memoized "is this binary on PATH?" check for `EligibilityContext.hasBinary`. PATH, platform
 * and PATHEXT come from the caller, so tests can point it at a temp folder.
 *
 * @example
 * const hasBinary = createBinaryLookup({ path: "/usr/bin:/bin", platform: "linux" });
 * hasBinary("git");
 */
export function createBinaryLookup(options: {
  path: string | undefined;
  platform: string;
  pathExt?: string;
}): (name: string) => boolean {
  const windows = options.platform === "win32";
  const dirs = (options.path ?? "").split(windows ? ";" : posixDelimiter).filter(Boolean);
  const exts = windows ? ["", ...(options.pathExt ?? ".EXE;.CMD;.BAT;.COM").split(";")] : [""];
  const cache = new Map<string, boolean>();
  return (name) => {
    let found = cache.get(name);
    if (found !== undefined) return found;
    found =
      /^[\w.+-]+$/.test(name) &&
      dirs.some((dir) => exts.some((ext) => isExecutable(join(dir, name + ext), windows)));
    cache.set(name, found);
    return found;
  };
}

function isExecutable(path: string, windows: boolean): boolean {
  try {
    if (!statSync(path).isFile()) return false;
    if (!windows) accessSync(path, constants.X_OK);
    return true;
  } catch {
    return false;
  }
}
