/** File watcher (chokidar) over the memory sources with a trailing debounce. */
import { join } from "node:path";
import type { FSWatcher } from "chokidar";
import { resolveExtraPaths } from "../sources/files.js";

export interface MemoryWatcher {
  /** Resolves once the watcher is listening. */
  ready: Promise<void>;
  close(): Promise<void>;
}

/**
 * Calls `onChange` once per burst of markdown changes, `debounceMs` after the last one.
 * @example const w = watchMemorySources("/ws", [], 1500, () => index.sync()); await w.ready
 */
export function watchMemorySources(
  workspaceDir: string,
  extraPaths: string[],
  debounceMs: number,
  onChange: () => void,
): MemoryWatcher {
  const targets = [
    join(workspaceDir, "MEMORY.md"),
    join(workspaceDir, "memory.md"),
    join(workspaceDir, "memory"),
    ...resolveExtraPaths(workspaceDir, extraPaths),
  ];
  let timer: NodeJS.Timeout | undefined;
  const schedule = () => {
    if (timer) clearTimeout(timer);
    timer = setTimeout(() => {
      timer = undefined;
      onChange();
    }, debounceMs);
  };
  // chokidar loads only when a watcher is actually started.
  const started: Promise<FSWatcher> = import("chokidar").then(({ watch }) => {
    const watcher = watch(targets, {
      ignoreInitial: true,
      followSymlinks: false,
      ignored: (path, stats) => stats?.isFile() === true && !path.endsWith(".md"),
    });
    for (const event of ["add", "change", "unlink", "unlinkDir"] as const) watcher.on(event, schedule);
    return watcher;
  });
  return {
    ready: started.then((watcher) => new Promise<void>((resolve) => watcher.once("ready", () => resolve()))),
    close: async () => {
      if (timer) clearTimeout(timer);
      await (await started).close();
    },
  };
}
