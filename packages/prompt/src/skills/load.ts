import type { Dirent } from "node:fs";
import { readdir, readFile, realpath, stat } from "node:fs/promises";
import { isAbsolute, join, relative } from "node:path";
import { parseFrontmatter } from "./frontmatter.js";
import { resolveSkillFields } from "./metadata.js";
import type { Skill, SkillDiagnostic, SkillDir, SkillLoadResult, SkillOverride } from "./types.js";

/** Loader limits: SKILL.md size and folders examined per root. */
export const SKILL_LOAD_LIMITS = { maxFileBytes: 256 * 1024, maxCandidatesPerRoot: 300 } as const;

export interface LoadSkillsOptions {
  maxFileBytes?: number;
  maxCandidatesPerRoot?: number;
}

type Loaded = { skill: Skill } | { diagnostic: SkillDiagnostic } | undefined;

function inside(root: string, target: string): boolean {
  const rel = relative(root, target);
  return rel !== "" && !rel.startsWith("..") && !isAbsolute(rel);
}

async function loadFolder(realRoot: string, dir: SkillDir, entry: Dirent, maxBytes: number): Promise<Loaded> {
  const folder = join(realRoot, entry.name);
  const realFolder = await realpath(folder).catch(() => undefined);
  if (!realFolder) return undefined;
  if (!inside(realRoot, realFolder))
    return {
      diagnostic: { path: folder, message: `skill folder links outside its root ${realRoot}; skipped` },
    };
  const file = join(realFolder, "SKILL.md");
  const realFile = await realpath(file).catch(() => undefined);
  if (!realFile) return undefined; // a folder without SKILL.md is not a skill
  if (!inside(realRoot, realFile))
    return { diagnostic: { path: file, message: `SKILL.md links outside its root ${realRoot}; skipped` } };
  const info = await stat(realFile);
  if (!info.isFile())
    return { diagnostic: { path: file, message: "SKILL.md is not a regular file; skipped" } };
  if (info.size > maxBytes)
    return {
      diagnostic: {
        path: file,
        message: `SKILL.md is ${info.size.toLocaleString("en-US")} bytes, over the ${maxBytes.toLocaleString("en-US")}-byte limit; skipped (move detail into separate files)`,
      },
    };
  const text = await readFile(realFile, "utf8");
  const parsed = parseFrontmatter(text);
  if (!parsed.ok) return { diagnostic: { path: file, line: parsed.line, message: parsed.message } };
  const fields = resolveSkillFields(parsed.data, parsed.lineOf, entry.name);
  if (!fields.ok) return { diagnostic: { path: file, line: fields.line, message: fields.message } };
  return {
    skill: { ...fields.fields, location: file, baseDir: realFolder, source: dir.source, chars: text.length },
  };
}

async function loadRoot(dir: SkillDir, options: Required<LoadSkillsOptions>) {
  const skills: Skill[] = [];
  const diagnostics: SkillDiagnostic[] = [];
  const realRoot = await realpath(dir.path).catch(() => undefined);
  if (!realRoot) return { skills, diagnostics }; // an absent root simply has no skills
  let entries: Dirent[];
  try {
    entries = await readdir(realRoot, { withFileTypes: true });
  } catch (error) {
    diagnostics.push({ path: dir.path, message: `cannot list skills: ${(error as Error).message}` });
    return { skills, diagnostics };
  }
  const candidates = entries
    .filter(
      (e) => (e.isDirectory() || e.isSymbolicLink()) && !e.name.startsWith(".") && e.name !== "node_modules",
    )
    .sort((a, b) => (a.name < b.name ? -1 : 1));
  if (candidates.length > options.maxCandidatesPerRoot)
    diagnostics.push({
      path: dir.path,
      message: `${candidates.length} skill folders, over the limit of ${options.maxCandidatesPerRoot}; the rest are ignored`,
    });
  const loaded = await Promise.all(
    candidates.slice(0, options.maxCandidatesPerRoot).map((entry) =>
      loadFolder(realRoot, dir, entry, options.maxFileBytes).catch(
        (error: Error): Loaded => ({
          diagnostic: { path: join(realRoot, entry.name), message: error.message },
        }),
      ),
    ),
  );
  for (const item of loaded) {
    if (item && "skill" in item) skills.push(item.skill);
    else if (item) diagnostics.push(item.diagnostic);
  }
  return { skills, diagnostics };
}

/**
 * Loads `SKILL.md` folders from `dirs`, given in increasing precedence (extra, bundled, managed,
 * workspace): a later same-named skill replaces an earlier one. Bad files become diagnostics with
 * file and line and are skipped; links out of a root are refused. Never throws for file content.
 *
 * @example
 * const { skills, diagnostics } = await loadSkills([
 *   { path: "/opt/claw/skills", source: "bundled" },
 *   { path: "/home/ada/.claw/workspace/skills", source: "workspace" },
 * ]);
 */
export async function loadSkills(
  dirs: readonly SkillDir[],
  options: LoadSkillsOptions = {},
): Promise<SkillLoadResult> {
  const resolved = {
    maxFileBytes: options.maxFileBytes ?? SKILL_LOAD_LIMITS.maxFileBytes,
    maxCandidatesPerRoot: options.maxCandidatesPerRoot ?? SKILL_LOAD_LIMITS.maxCandidatesPerRoot,
  };
  const roots = await Promise.all(dirs.map((dir) => loadRoot(dir, resolved)));
  const byName = new Map<string, Skill>();
  const diagnostics: SkillDiagnostic[] = [];
  const overridden: SkillOverride[] = [];
  for (const root of roots) {
    diagnostics.push(...root.diagnostics);
    for (const skill of root.skills) {
      const previous = byName.get(skill.name);
      if (previous) overridden.push({ name: skill.name, kept: skill.location, dropped: previous.location });
      byName.set(skill.name, skill);
    }
  }
  const skills = [...byName.values()].sort((a, b) => (a.name < b.name ? -1 : a.name > b.name ? 1 : 0));
  return { skills, diagnostics, overridden };
}

/**
 * The standard roots in precedence order; missing entries are left out.
 *
 * @example
 * resolveSkillDirs({ bundledDir: "/opt/claw/skills", managedDir: "/home/ada/.claw/skills", workspaceDir: "/w" });
 */
export function resolveSkillDirs(options: {
  extraDirs?: readonly string[];
  bundledDir?: string;
  managedDir?: string;
  workspaceDir?: string;
}): SkillDir[] {
  const dirs: SkillDir[] = (options.extraDirs ?? []).map((path) => ({ path, source: "extra" }));
  if (options.bundledDir) dirs.push({ path: options.bundledDir, source: "bundled" });
  if (options.managedDir) dirs.push({ path: options.managedDir, source: "managed" });
  if (options.workspaceDir) dirs.push({ path: join(options.workspaceDir, "skills"), source: "workspace" });
  return dirs;
}
