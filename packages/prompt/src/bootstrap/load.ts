import { lstat, open, realpath, stat } from "node:fs/promises";
import { basename, isAbsolute, join, normalize, relative, sep } from "node:path";
import type { ContextFile } from "../system-prompt/types.js";
import { BOOTSTRAP_FILES, BOOTSTRAP_LIMITS, isSecretFileName } from "./files.js";
import { truncateHeadTail } from "./truncate.js";

export type BootstrapStatus = "ok" | "truncated" | "missing" | "empty" | "rejected";

/** A bootstrap file as loaded: usable directly as a `ContextFile` (missing → marker content). */
export interface BootstrapFile extends ContextFile {
  status: BootstrapStatus;
  /** Characters in the file on disk (0 when missing). */
  rawChars: number;
  /** Characters injected into the prompt (the content length). */
  injectedChars: number;
  /** Why a file was rejected or truncated. */
  reason?: string;
}

export interface LoadBootstrapOptions {
  maxCharsPerFile?: number;
  maxTotalChars?: number;
  /** MEMORY.md is private; pass false for shared or group sessions (default true). */
  includeMemory?: boolean;
  /** More workspace-relative files to inject after the standard ones (never `.env`, never outside). */
  extraFiles?: readonly string[];
  /** Load only these names (a light context, see `bootstrapFilesForRun`); undefined loads all. */
  only?: readonly string[];
}

export interface BootstrapLoadResult {
  workspaceDir: string;
  files: BootstrapFile[];
  maxCharsPerFile: number;
  maxTotalChars: number;
  totalRawChars: number;
  totalInjectedChars: number;
}

/** Files above this are read as head and tail chunks only, so a runaway log cannot eat memory. */
const FULL_READ_BYTES = 1024 * 1024;
const MIN_USEFUL_BUDGET = 200;

async function readBounded(path: string, size: number): Promise<{ text: string; rawChars: number }> {
  const handle = await open(path, "r");
  try {
    if (size <= FULL_READ_BYTES) {
      const text = (await handle.readFile("utf8")).replace(/^\uFEFF/, "");
      return { text, rawChars: text.length };
    }
    const half = FULL_READ_BYTES / 2;
    const head = Buffer.alloc(half);
    const tail = Buffer.alloc(half);
    await handle.read(head, 0, half, 0);
    await handle.read(tail, 0, half, size - half);
    // Byte count stands in for the character count; exact enough for a report of a >1 MiB file.
    return { text: `${head.toString("utf8")}${tail.toString("utf8")}`, rawChars: size };
  } finally {
    await handle.close();
  }
}

function inside(root: string, target: string): boolean {
  const rel = relative(root, target);
  return rel === "" ? false : !rel.startsWith("..") && !isAbsolute(rel);
}

type Resolved =
  | { ok: true; path: string; size: number }
  | { ok: false; status: BootstrapStatus; reason: string };

/** Resolves a workspace-relative name, refusing secrets, `..`, absolute paths and symlinks that leave. */
async function resolveInside(realRoot: string, name: string): Promise<Resolved> {
  if (isAbsolute(name) || normalize(name).split(sep).includes(".."))
    return { ok: false, status: "rejected", reason: `"${name}" is outside the workspace` };
  if (isSecretFileName(basename(name)))
    return { ok: false, status: "rejected", reason: `"${name}" may hold secrets and is never injected` };
  const path = join(realRoot, name);
  try {
    await lstat(path);
  } catch {
    return { ok: false, status: "missing", reason: `${name} does not exist in the workspace` };
  }
  let real: string;
  try {
    real = await realpath(path);
  } catch {
    return { ok: false, status: "missing", reason: `${name} is a dangling link` };
  }
  if (!inside(realRoot, real))
    return { ok: false, status: "rejected", reason: `${name} links outside the workspace (${real})` };
  const info = await stat(real);
  if (!info.isFile()) return { ok: false, status: "rejected", reason: `${name} is not a regular file` };
  return { ok: true, path: real, size: info.size };
}

function missingMarker(name: string): string {
  return `[missing file: ${name} — create it in the workspace to add it to every session]`;
}

/**
 * Reads the workspace bootstrap files (AGENTS.md, SOUL.md, …) within the per-file and total
 * budgets. Long files keep head and tail around a visible marker; missing required files get a
 * one-line marker; `.env` and anything outside the workspace are never read.
 *
 * @example
 * const { files } = await loadBootstrapFiles("/home/ada/.claw/workspace", { includeMemory: false });
 * buildSystemPrompt({ workspaceDir: "/home/ada/.claw/workspace", contextFiles: files });
 */
export async function loadBootstrapFiles(
  workspaceDir: string,
  options: LoadBootstrapOptions = {},
): Promise<BootstrapLoadResult> {
  const maxCharsPerFile = options.maxCharsPerFile ?? BOOTSTRAP_LIMITS.maxCharsPerFile;
  const maxTotalChars = options.maxTotalChars ?? BOOTSTRAP_LIMITS.maxTotalChars;
  const wanted = [
    ...BOOTSTRAP_FILES.filter((f) => options.includeMemory !== false || f.name !== "MEMORY.md"),
    ...(options.extraFiles ?? []).map((name) => ({ name, optional: false })),
  ].filter((f) => options.only === undefined || options.only.includes(f.name));
  const realRoot = await realpath(workspaceDir).catch(() => workspaceDir);
  const resolved = await Promise.all(wanted.map((f) => resolveInside(realRoot, f.name)));
  const files: BootstrapFile[] = [];
  let used = 0;
  let totalRawChars = 0;
  for (const [i, spec] of wanted.entries()) {
    const r = resolved[i];
    if (!r) continue;
    if (!r.ok) {
      if (r.status === "missing" && spec.optional) continue;
      const content = r.status === "missing" ? missingMarker(spec.name) : "";
      files.push({
        path: spec.name,
        content,
        status: r.status,
        rawChars: 0,
        injectedChars: 0,
        reason: r.reason,
      });
      continue;
    }
    const { text, rawChars } = await readBounded(r.path, r.size);
    totalRawChars += rawChars;
    if (!text.trim()) {
      files.push({ path: spec.name, content: "", status: "empty", rawChars, injectedChars: 0 });
      continue;
    }
    const budget = Math.min(maxCharsPerFile, maxTotalChars - used);
    if (budget < MIN_USEFUL_BUDGET) {
      const content = `[${spec.name} skipped: the ${maxTotalChars.toLocaleString("en-US")}-character bootstrap budget is used up; read the file directly]`;
      files.push({
        path: spec.name,
        content,
        status: "truncated",
        rawChars,
        injectedChars: 0,
        reason: "total budget used up",
      });
      continue;
    }
    const cut = truncateHeadTail(text, budget, spec.name, rawChars);
    used += cut.text.length;
    files.push({
      path: spec.name,
      content: cut.text,
      status: cut.truncated ? "truncated" : "ok",
      rawChars,
      injectedChars: cut.text.length,
      ...(cut.truncated ? { reason: `over the ${budget.toLocaleString("en-US")}-character budget` } : {}),
    });
  }
  const totalInjectedChars = files.reduce((n, f) => n + f.content.length, 0);
  for (const f of files) f.injectedChars = f.content.length;
  return { workspaceDir, files, maxCharsPerFile, maxTotalChars, totalRawChars, totalInjectedChars };
}
