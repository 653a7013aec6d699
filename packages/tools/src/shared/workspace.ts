/**
 * Workspace containment: every file tool resolves paths through here. Relative paths resolve
 * against the workspace root; `..` escapes, absolute paths outside the root and symlinks that
 * lead outside are refused with an error that says which rule applied.
 */
import { realpathSync } from "node:fs";
import { lstat, realpath } from "node:fs/promises";
import { dirname, isAbsolute, relative, resolve, sep } from "node:path";

export class PathEscapeError extends Error {
  constructor(
    readonly requested: string,
    why: string,
  ) {
    super(`Path "${requested}" is outside the workspace: ${why}. Use a path inside the workspace.`);
    this.name = "PathEscapeError";
  }
}

export interface Workspace {
  /** The workspace root, symlinks resolved. */
  readonly root: string;
  /** Resolves a path for reading or writing; the file itself need not exist. */
  resolve(path: string): Promise<string>;
  /** The path relative to the root, for display. */
  display(absolute: string): string;
}

/**
 * @example
 * const ws = createWorkspace("/home/me/project");
 * await ws.resolve("src/index.ts");   // "/home/me/project/src/index.ts"
 * await ws.resolve("../etc/passwd");  // throws PathEscapeError
 */
export function createWorkspace(rootDir: string): Workspace {
  const root = realpathSync(resolve(rootDir));
  const inside = (absolute: string) =>
    absolute === root || absolute.startsWith(root.endsWith(sep) ? root : root + sep);

  return {
    root,
    display: (absolute) => relative(root, absolute) || ".",
    async resolve(path) {
      if (typeof path !== "string" || path.trim() === "") throw new Error("A path is required.");
      if (path.includes("\0")) throw new PathEscapeError(path, "it contains a NUL byte");
      const absolute = isAbsolute(path) ? resolve(path) : resolve(root, path);
      if (!inside(absolute)) {
        throw new PathEscapeError(
          path,
          isAbsolute(path) ? "absolute paths must be inside the workspace" : "it climbs out with ..",
        );
      }
      // Follow symlinks on the longest existing prefix; the real location must stay inside.
      const real = await realExistingPrefix(absolute);
      if (!inside(real)) throw new PathEscapeError(path, "a symlink on the way leads outside");
      return absolute;
    },
  };
}

async function realExistingPrefix(absolute: string): Promise<string> {
  let current = absolute;
  const rest: string[] = [];
  while (true) {
    try {
      await lstat(current);
      const real = await realpath(current);
      return rest.length ? resolve(real, ...rest.reverse()) : real;
    } catch (error) {
      const code = (error as NodeJS.ErrnoException).code;
      if (code !== "ENOENT" && code !== "ENOTDIR") throw error;
      const parent = dirname(current);
      if (parent === current) return absolute;
      rest.push(current.slice(parent.length + 1));
      current = parent;
    }
  }
}
