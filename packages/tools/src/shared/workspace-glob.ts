/**
 * Glob search contained in the workspace: the pattern is checked by `Workspace.resolvePattern`,
 * the search never follows symlinked folders, and any match whose real location (symlinks
 * followed) is outside the workspace is dropped before a caller can read or list it.
 */
import { resolve } from "node:path";
import { glob } from "tinyglobby";
import { ALWAYS_IGNORED, gitignorePatterns } from "../fs/ignore.js";
import type { Workspace } from "./workspace.js";

/**
 * Absolute paths of the files matching `pattern` under `under` (default the workspace root).
 *
 * @example
 * await globInWorkspace(ws, "**\/*.ts", "src"); // ["/home/me/project/src/a.ts", …]
 */
export async function globInWorkspace(workspace: Workspace, pattern: string, under = "."): Promise<string[]> {
  const search = await workspace.resolvePattern(pattern, under);
  const found = await glob(search.pattern, {
    cwd: search.cwd,
    ignore: [...ALWAYS_IGNORED, ...(await gitignorePatterns(workspace.root))],
    dot: true,
    followSymbolicLinks: false,
    onlyFiles: true,
    absolute: false,
  });
  const files = found.sort().map((file) => resolve(search.cwd, file));
  const inside = await Promise.all(files.map((file) => workspace.contains(file)));
  return files.filter((_, i) => inside[i]);
}
