import { existsSync, type FSWatcher, readdirSync, watch } from "node:fs";
import { dirname, join } from "node:path";
import type { PromptSkill } from "../system-prompt/types.js";
import { type SkillExclusion, type SkillSelection, selectSkills } from "./eligibility.js";
import { type LoadSkillsOptions, loadSkills } from "./load.js";
import type { SkillDir, SkillLoadResult } from "./types.js";

export interface SkillSnapshot extends SkillLoadResult {
  /** Bumped on every reload. */
  version: number;
}

export interface SkillIndexOptions extends LoadSkillsOptions {
  /** Roots in increasing precedence (see `resolveSkillDirs`). */
  dirs: readonly SkillDir[];
  /** Watch the roots and skill folders and reload on change (default true). */
  watch?: boolean;
  /** Quiet period before a reload, in ms (default 250). */
  debounceMs?: number;
  /** Called after each reload triggered by a file change. */
  onChange?: (snapshot: SkillSnapshot) => void;
  /** Called when a reload fails; the previous snapshot stays in use. */
  onError?: (error: Error) => void;
}

export interface SkillIndex {
  /** Resolves once the first load is done. */
  ready(): Promise<SkillSnapshot>;
  /** The latest snapshot (undefined before the first load finishes). */
  current(): SkillSnapshot | undefined;
  /** Reloads now. */
  refresh(): Promise<SkillSnapshot>;
  /**
   * The prompt skills for a selection, cached per snapshot and selection object: keep the same
   * selection object between runs to hit the cache.
   */
  promptSkills(selection: SkillSelection): { prompt: PromptSkill[]; excluded: SkillExclusion[] };
  /** Stops watching and drops pending reloads. */
  close(): void;
}

function subfolders(root: string): string[] {
  try {
    return readdirSync(root, { withFileTypes: true })
      .filter((e) => e.isDirectory() && !e.name.startsWith(".") && e.name !== "node_modules")
      .map((e) => join(root, e.name));
  } catch {
    return [];
  }
}

/**
 * A cached, self-refreshing view of the skill folders: loads once, watches the roots and each
 * skill folder, and reloads (debounced) when something changes.
 *
 * @example
 * const index = createSkillIndex({ dirs: resolveSkillDirs({ bundledDir, managedDir, workspaceDir }) });
 * await index.ready();
 * const { prompt } = index.promptSkills(selection);
 * buildSystemPrompt({ workspaceDir, skills: prompt });
 * index.close();
 */
export function createSkillIndex(options: SkillIndexOptions): SkillIndex {
  const debounceMs = options.debounceMs ?? 250;
  const watchers = new Map<string, FSWatcher>();
  let snapshot: SkillSnapshot | undefined;
  let version = 0;
  let closed = false;
  let timer: ReturnType<typeof setTimeout> | undefined;
  let running: Promise<SkillSnapshot> | undefined;
  let again = false;
  let selections = new WeakMap<SkillSelection, ReturnType<typeof selectSkills>>();

  const schedule = () => {
    if (closed) return;
    if (timer) clearTimeout(timer);
    timer = setTimeout(() => {
      timer = undefined;
      refresh().then(
        (s) => options.onChange?.(s),
        (e: Error) => options.onError?.(e),
      );
    }, debounceMs);
  };

  /** Watch what exists: each root (or its nearest existing parent) and each loaded skill folder. */
  const syncWatchers = (s: SkillSnapshot) => {
    if (closed || options.watch === false) return;
    const wanted = new Set<string>();
    for (const dir of options.dirs) {
      let path = dir.path;
      while (!existsSync(path) && dirname(path) !== path) path = dirname(path);
      wanted.add(path);
      // Every folder, not only loaded skills: a folder whose SKILL.md is still being written counts too.
      if (path === dir.path) for (const folder of subfolders(path)) wanted.add(folder);
    }
    for (const skill of s.skills) wanted.add(skill.baseDir);
    for (const [path, watcher] of watchers)
      if (!wanted.has(path)) {
        watcher.close();
        watchers.delete(path);
      }
    for (const path of wanted) {
      if (watchers.has(path)) continue;
      try {
        const watcher = watch(path, { persistent: false }, schedule);
        watcher.on("error", () => {
          watcher.close();
          watchers.delete(path);
          schedule();
        });
        watchers.set(path, watcher);
      } catch {
        // Vanished between listing and watching; the next reload sorts it out.
      }
    }
  };

  const loadOnce = async (): Promise<SkillSnapshot> => {
    const result = await loadSkills(options.dirs, options);
    version += 1;
    snapshot = { ...result, version };
    selections = new WeakMap();
    syncWatchers(snapshot);
    return snapshot;
  };

  /** One reload at a time; a request during a reload runs once more afterwards. */
  const refresh = (): Promise<SkillSnapshot> => {
    if (running) {
      again = true;
      return running;
    }
    running = loadOnce().finally(() => {
      running = undefined;
      if (again && !closed) {
        again = false;
        refresh().then(
          (s) => options.onChange?.(s),
          (e: Error) => options.onError?.(e),
        );
      }
    });
    return running;
  };

  const first = refresh();
  return {
    ready: () => first,
    current: () => snapshot,
    refresh,
    promptSkills(selection) {
      let picked = selections.get(selection);
      if (!picked) {
        picked = selectSkills(snapshot?.skills ?? [], selection);
        if (snapshot) selections.set(selection, picked);
      }
      return picked;
    },
    close() {
      closed = true;
      if (timer) clearTimeout(timer);
      for (const watcher of watchers.values()) watcher.close();
      watchers.clear();
    },
  };
}
