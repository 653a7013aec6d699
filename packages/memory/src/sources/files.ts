/**
 * Which files are memory: `MEMORY.md` (or `memory.md`), `memory/**\/*.md`, and configured extra
 * markdown files or folders. Symlinks are skipped so a link cannot pull outside files in.
 */
import { lstatSync, readdirSync, realpathSync } from "node:fs";
import { isAbsolute, join, relative, resolve, sep } from "node:path";

export interface MemoryFile {
  /** Index key: workspace-relative with `/`, or absolute for extra paths outside the workspace. */
  path: string;
  absPath: string;
}

const ROOT_FILES = ["MEMORY.md", "memory.md"];

/** Index key of an absolute path. */
export function memoryKey(workspaceDir: string, absPath: string): string {
  const rel = relative(workspaceDir, absPath);
  if (rel === "" || rel.startsWith("..") || isAbsolute(rel)) return absPath.split(sep).join("/");
  return rel.split(sep).join("/");
}

/**
 * True for the workspace-relative paths memory owns.
 * @example isMemoryPath("memory/2026-01-16.md") // true
 */
export function isMemoryPath(relPath: string): boolean {
  const normalized = relPath.replace(/\\/g, "/").replace(/^\.\//, "");
  if (ROOT_FILES.includes(normalized)) return true;
  return (
    normalized.startsWith("memory/") && normalized.endsWith(".md") && !normalized.split("/").includes("..")
  );
}

function isPlainFile(path: string): boolean {
  try {
    return lstatSync(path).isFile();
  } catch {
    return false;
  }
}

function walkMarkdown(dir: string, out: string[]): void {
  let entries: import("node:fs").Dirent[];
  try {
    entries = readdirSync(dir, { withFileTypes: true });
  } catch {
    return;
  }
  for (const entry of entries.sort((a, b) => a.name.localeCompare(b.name))) {
    const full = join(dir, entry.name);
    if (entry.isDirectory()) walkMarkdown(full, out);
    else if (entry.isFile() && entry.name.endsWith(".md")) out.push(full);
  }
}

/** Resolves extra paths against the workspace. */
export function resolveExtraPaths(workspaceDir: string, extraPaths: string[]): string[] {
  return extraPaths.map((p) => resolve(workspaceDir, p));
}

/**
 * Lists the memory markdown files of a workspace, deduplicated by real path.
 * @example listMemoryFiles("/home/me/.claw/workspace").map((f) => f.path) // ["MEMORY.md", "memory/2026-01-16.md"]
 */
export function listMemoryFiles(workspaceDir: string, extraPaths: string[] = []): MemoryFile[] {
  const candidates: string[] = [];
  for (const name of ROOT_FILES)
    if (isPlainFile(join(workspaceDir, name))) candidates.push(join(workspaceDir, name));
  const memoryDir = join(workspaceDir, "memory");
  if (lstatSafe(memoryDir)?.isDirectory()) walkMarkdown(memoryDir, candidates);
  for (const extra of resolveExtraPaths(workspaceDir, extraPaths)) {
    const stat = lstatSafe(extra);
    if (stat?.isDirectory()) walkMarkdown(extra, candidates);
    else if (stat?.isFile() && extra.endsWith(".md")) candidates.push(extra);
  }
  const seen = new Set<string>();
  const files: MemoryFile[] = [];
  for (const absPath of candidates) {
    const real = realpathSync(absPath);
    if (seen.has(real)) continue;
    seen.add(real);
    files.push({ path: memoryKey(workspaceDir, absPath), absPath });
  }
  return files;
}

function lstatSafe(path: string): import("node:fs").Stats | undefined {
  try {
    return lstatSync(path);
  } catch {
    return undefined;
  }
}

/**
 * Resolves a path a tool asked for, or explains why it is refused: it must name a memory file
 * (`MEMORY.md`, `memory/…md`) or a markdown file under an extra path, and stay there after
 * symlinks are resolved.
 * @example resolveMemoryReadPath("/ws", "../secrets.md", []) // { error: "…" }
 */
export function resolveMemoryReadPath(
  workspaceDir: string,
  requested: string,
  extraPaths: string[] = [],
): { absPath: string; path: string } | { error: string } {
  const absPath = resolve(workspaceDir, requested);
  const key = memoryKey(workspaceDir, absPath);
  const extras = resolveExtraPaths(workspaceDir, extraPaths);
  const underExtra = extras.some((e) => absPath === e || absPath.startsWith(`${e}${sep}`));
  if (!absPath.endsWith(".md") || !(isMemoryPath(key) || underExtra))
    return {
      error: `memory_get: "${requested}" is not a memory file — only MEMORY.md, memory/**/*.md and configured extra paths can be read (use a path from memory_search results)`,
    };
  let real: string;
  try {
    real = realpathSync(absPath);
  } catch {
    return { error: `memory_get: "${requested}" does not exist — run memory_search to find existing notes` };
  }
  const roots = [join(realpathSync(workspaceDir), "memory"), ...extras.map((e) => safeReal(e))];
  const rootFiles = ROOT_FILES.map((f) => join(realpathSync(workspaceDir), f));
  if (!rootFiles.includes(real) && !roots.some((r) => real === r || real.startsWith(`${r}${sep}`)))
    return {
      error: `memory_get: "${requested}" resolves outside the memory folders (symlink?) and is refused`,
    };
  return { absPath: real, path: key };
}

function safeReal(path: string): string {
  try {
    return realpathSync(path);
  } catch {
    return path;
  }
}
