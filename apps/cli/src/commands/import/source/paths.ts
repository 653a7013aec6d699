/**
 * Absolute paths written by OpenClaw (workspaces, agent dirs, `$include`s, cron stores) point at
 * where its folder was when they were written. When the folder has moved (another machine, a
 * restored backup, a different user), the old location is found from those paths and each one
 * is rebased onto the folder being imported.
 */
import { existsSync } from "node:fs";
import { isAbsolute, join, sep } from "node:path";

/** Every absolute path string anywhere in `value`. */
export function absolutePathsIn(value: unknown, out: string[] = []): string[] {
  if (typeof value === "string") {
    if (isAbsolute(value) && !value.includes("://")) out.push(value);
  } else if (Array.isArray(value)) for (const v of value) absolutePathsIn(v, out);
  else if (typeof value === "object" && value !== null)
    for (const v of Object.values(value)) absolutePathsIn(v, out);
  return out;
}

/**
 * The folder's old location, if the paths show it moved: the prefix that, cut from a path outside
 * `root`, leaves a path that exists inside `root` (the copy being imported wins over the original).
 *
 * @example
 * findOldRoot(["/home/old/.openclaw/workspace"], "/mnt/backup/.openclaw"); // → "/home/old/.openclaw"
 */
export function findOldRoot(paths: readonly string[], root: string): string | undefined {
  const votes = new Map<string, number>();
  for (const path of paths) {
    if (path === root || path.startsWith(root + sep)) continue;
    const parts = path.split(sep);
    for (let i = 1; i < parts.length; i++) {
      const rest = parts.slice(i).join(sep);
      if (rest !== "" && existsSync(join(root, rest))) {
        const old = parts.slice(0, i).join(sep) || sep;
        votes.set(old, (votes.get(old) ?? 0) + 1);
        break;
      }
    }
  }
  return [...votes.entries()].sort((a, b) => b[1] - a[1])[0]?.[0];
}

export interface PathRebase {
  oldRoot: string | undefined;
  root: string;
  /** `path` moved from the old root into `root`; any other path unchanged. */
  apply(path: string): string;
}

export function createPathRebase(root: string, oldRoot: string | undefined): PathRebase {
  return {
    oldRoot,
    root,
    apply(path) {
      if (!oldRoot || !isAbsolute(path)) return path;
      if (path === oldRoot) return root;
      return path.startsWith(oldRoot + sep) ? join(root, path.slice(oldRoot.length + 1)) : path;
    },
  };
}

/** `value` with every absolute path string rebased. */
export function rebaseDeep<T>(value: T, rebase: PathRebase): T {
  if (typeof value === "string") return rebase.apply(value) as T;
  if (Array.isArray(value)) return value.map((v) => rebaseDeep(v, rebase)) as T;
  if (typeof value === "object" && value !== null)
    return Object.fromEntries(Object.entries(value).map(([k, v]) => [k, rebaseDeep(v, rebase)])) as T;
  return value;
}
