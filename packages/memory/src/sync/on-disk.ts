/** Reading memory files as they are on disk now, for the sync and for the dirty check. */
import { readFileSync, type Stats, statSync } from "node:fs";
import { sha256 } from "../chunking/markdown.js";
import { listMemoryFiles } from "../sources/files.js";
import type { FileRecord, MemoryStore } from "../store/types.js";

export function statIfPresent(path: string): Stats | undefined {
  try {
    return statSync(path);
  } catch (error) {
    if ((error as NodeJS.ErrnoException).code === "ENOENT") return undefined;
    throw error;
  }
}

/** The file's text, or null when it vanished in the meantime. */
export function readIfPresent(path: string): string | null {
  try {
    return readFileSync(path, "utf8");
  } catch (error) {
    if ((error as NodeJS.ErrnoException).code === "ENOENT") return null;
    throw error;
  }
}

/** Same size and mtime as indexed: the sync skips the file without reading it. */
export function sameStat(known: FileRecord | undefined, stat: Stats): boolean {
  return known !== undefined && known.size === stat.size && known.mtimeMs === Math.round(stat.mtimeMs);
}

/**
 * How many memory files the next sync would add, change or remove: a file whose size or mtime
 * moved counts only when its content hash moved too.
 *
 * @example await countPendingFiles(store, "/ws", []) // 0 right after a sync
 */
export async function countPendingFiles(
  store: Pick<MemoryStore, "listFiles">,
  workspaceDir: string,
  extraPaths: string[],
): Promise<number> {
  const indexed = new Map((await store.listFiles()).map((f) => [f.path, f]));
  let pending = 0;
  for (const file of listMemoryFiles(workspaceDir, extraPaths)) {
    const known = indexed.get(file.path);
    indexed.delete(file.path);
    const stat = statIfPresent(file.absPath);
    if (!stat) {
      if (known) pending++;
      continue;
    }
    if (sameStat(known, stat)) continue;
    const content = readIfPresent(file.absPath);
    if (content === null ? known !== undefined : sha256(content) !== known?.hash) pending++;
  }
  return pending + indexed.size;
}
