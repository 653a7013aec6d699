/**
 * Workspace containment, the one place the rule lives: every file tool resolves paths and glob
 * patterns through here. Relative paths resolve against the workspace root; `..` escapes,
 * absolute paths outside the root and symlinks (followed to their real location, dangling ones
 * included) that lead outside are refused with an error that says which rule applied.
 */
import { realpathSync } from "node:fs";
import { lstat, readlink, realpath } from "node:fs/promises";
import { dirname, isAbsolute, join, relative, resolve, sep } from "node:path";
import picomatch from "picomatch";

/** Longest path we try to resolve; longer ones are refused before touching the file system. */
const MAX_PATH_CHARS = 4096;
/** Symlink hops followed while resolving a dangling link, as the kernel's own limit. */
const MAX_LINK_HOPS = 40;

export class PathEscapeError extends Error {
  constructor(
    readonly requested: string,
    readonly root: string,
    readonly reason: string,
    what: "Path" | "Pattern" = "Path",
  ) {
    super(
      `${what} "${printable(requested)}" is outside the workspace ${root}: ${reason}. Use a path inside the workspace.`,
    );
    this.name = "PathEscapeError";
  }
}

export interface Workspace {
  /** The workspace root, symlinks resolved. */
  readonly root: string;
  /** Resolves a path for reading or writing; the file itself need not exist. */
  resolve(path: string): Promise<string>;
  /**
   * Checks a glob pattern (relative, never climbing out) searched from `under` (default the root)
   * and returns the folder to search from and the pattern to hand the glob library.
   */
  resolvePattern(pattern: string, under?: string): Promise<{ cwd: string; pattern: string }>;
  /** True when the path, after following every symlink, is inside the workspace. */
  contains(absolute: string): Promise<boolean>;
  /** The path relative to the root, for display. */
  display(absolute: string): string;
}

/**
 * @example
 * const ws = createWorkspace("/home/me/project");
 * await ws.resolve("src/index.ts");        // "/home/me/project/src/index.ts"
 * await ws.resolve("../etc/passwd");       // throws PathEscapeError
 * await ws.resolvePattern("src/**\/*.ts"); // { cwd: "/home/me/project", pattern: "src/**\/*.ts" }
 * await ws.resolvePattern("/etc/*");       // throws PathEscapeError
 */
export function createWorkspace(rootDir: string): Workspace {
  const root = realWorkspaceRoot(rootDir);
  const inside = (absolute: string) =>
    absolute === root || absolute.startsWith(root.endsWith(sep) ? root : root + sep);
  const refuse = (path: string, why: string, what?: "Pattern") => new PathEscapeError(path, root, why, what);

  const workspace: Workspace = {
    root,
    display: (absolute) => relative(root, absolute) || ".",
    async contains(absolute) {
      if (!inside(absolute)) return false;
      return inside(await realLocation(absolute).catch(() => ""));
    },
    async resolve(path) {
      if (typeof path !== "string" || path.trim() === "") throw new Error("A path is required.");
      if (path.includes("\0")) throw refuse(path, "it contains a NUL byte");
      if (path.length > MAX_PATH_CHARS)
        throw new Error(`Path is ${path.length} characters long; the limit is ${MAX_PATH_CHARS}.`);
      const absolute = isAbsolute(path) ? resolve(path) : resolve(root, path);
      if (!inside(absolute)) {
        throw refuse(
          path,
          isAbsolute(path) ? "absolute paths must be inside the workspace" : 'it climbs out with ".."',
        );
      }
      const real = await realLocation(absolute).catch((error: NodeJS.ErrnoException) => {
        throw new Error(`Cannot resolve "${printable(path)}": ${error.code ?? error.message}.`);
      });
      if (!inside(real)) throw refuse(path, "a symlink on the way leads outside");
      return absolute;
    },
    async resolvePattern(pattern, under = ".") {
      if (typeof pattern !== "string" || pattern.trim() === "") throw new Error("A pattern is required.");
      if (pattern.includes("\0")) throw refuse(pattern, "it contains a NUL byte", "Pattern");
      // Glob escapes (`\.`) name the same characters, so judge the pattern with them removed.
      const plain = pattern.replace(/\\(.)/g, "$1");
      if (isAbsolute(plain) || /^[A-Za-z]:/.test(plain) || pattern.startsWith("\\"))
        throw refuse(pattern, "patterns are relative to the workspace and may not be absolute", "Pattern");
      if (climbsOut(plain) || climbsOut(pattern))
        throw refuse(pattern, 'patterns may not climb out with ".."', "Pattern");
      const cwd = await workspace.resolve(under);
      // The static folder a pattern starts with is searched directly: it must be inside too.
      const base = picomatch.scan(pattern).base.replace(/\\(.)/g, "$1");
      if (base) {
        await workspace.resolve(join(cwd, base)).catch((error: unknown) => {
          if (!(error instanceof PathEscapeError)) throw error;
          throw refuse(pattern, `the folder it starts in is outside (${error.reason})`, "Pattern");
        });
      }
      return { cwd, pattern };
    },
  };
  return workspace;
}

function realWorkspaceRoot(rootDir: string): string {
  try {
    return realpathSync(resolve(rootDir));
  } catch (error) {
    const code = (error as NodeJS.ErrnoException).code ?? String(error);
    throw new Error(`The workspace folder "${rootDir}" cannot be used (${code}); create it first.`);
  }
}

/** `..` as a path segment, or as an alternative inside braces / extglobs (`{..,x}`, `@(..)`). */
function climbsOut(pattern: string): boolean {
  if (pattern.split(/[\\/]/).includes("..")) return true;
  return /(^|[\\/{,(|@!+*?[])\.\.(?=$|[\\/},)|\]])/.test(pattern);
}

/** Where a path really is: symlinks followed on its deepest existing ancestor, dangling links included. */
async function realLocation(absolute: string, hops = 0): Promise<string> {
  let current = absolute;
  const rest: string[] = [];
  while (true) {
    const stats = await lstat(current).catch((error: NodeJS.ErrnoException) => {
      if (error.code === "ENOENT" || error.code === "ENOTDIR") return undefined;
      throw error;
    });
    if (!stats) {
      const parent = dirname(current);
      if (parent === current) return absolute;
      rest.unshift(current.slice(parent.length + (parent.endsWith(sep) ? 0 : 1)));
      current = parent;
      continue;
    }
    const real = await realpath(current).catch(async (error: NodeJS.ErrnoException) => {
      // A dangling link: follow it by hand to where it would create a file.
      if (!stats.isSymbolicLink() || error.code !== "ENOENT" || hops >= MAX_LINK_HOPS) throw error;
      const target = resolve(await realLocation(dirname(current), hops + 1), await readlink(current));
      return realLocation(target, hops + 1);
    });
    return rest.length ? resolve(real, ...rest) : real;
  }
}

/** The path as it can be shown in an error: control characters escaped, length capped. */
function printable(path: string): string {
  const shown = JSON.stringify(path).slice(1, -1);
  return shown.length > 200 ? `${shown.slice(0, 200)}…` : shown;
}
