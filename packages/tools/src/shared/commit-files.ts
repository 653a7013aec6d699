/**
 * All-or-nothing file changes. Every new content is first staged in a temp file next to its
 * target; then originals are moved aside and the staged files renamed into place. If any step
 * fails, everything done so far is undone: new files removed, originals renamed back, folders
 * created for the change removed. Originals are kept aside as hard links, so a replaced file is
 * never missing; on success the kept originals are deleted.
 */
import { randomBytes } from "node:crypto";
import { chmod, link, lstat, mkdir, rename, rm, rmdir, stat, writeFile } from "node:fs/promises";
import { dirname, sep } from "node:path";

/** Target path → new content, or null to delete the file. */
export type FileChanges = ReadonlyMap<string, string | null>;

/**
 * @example
 * await commitFileChanges(new Map([["/ws/a.txt", "new\n"], ["/ws/old.txt", null]]));
 */
export async function commitFileChanges(changes: FileChanges): Promise<void> {
  const tag = `${process.pid}-${randomBytes(4).toString("hex")}`;
  const createdDirs: string[] = [];
  const staged = new Map<string, string>();
  const undo: (() => Promise<unknown>)[] = [];
  const asideFiles: string[] = [];
  try {
    for (const [file, content] of changes) {
      if (content === null) continue;
      const made = await mkdir(dirname(file), { recursive: true });
      if (made) createdDirs.push(made);
      const temp = `${file}.claw-stage-${tag}`;
      staged.set(file, temp);
      const mode = (await stat(file).catch(() => undefined))?.mode;
      await writeFile(temp, content, { flag: "wx" });
      if (mode !== undefined) await chmod(temp, mode & 0o7777);
    }
    for (const file of changes.keys()) {
      const aside = `${file}.claw-aside-${tag}`;
      const kept = await keepOriginal(file, aside);
      if (kept) asideFiles.push(aside);
      undo.push(() => (kept ? rename(aside, file) : rm(file, { force: true })));
      const temp = staged.get(file);
      if (temp === undefined) await rm(file, { force: true });
      else {
        await rename(temp, file);
        staged.delete(file);
      }
    }
  } catch (error) {
    for (const step of undo.reverse()) await step().catch(() => undefined);
    await Promise.all([...staged.values()].map((temp) => rm(temp, { force: true })));
    for (const top of createdDirs) await removeCreatedDirs(top, [...changes.keys()]);
    throw error;
  }
  await Promise.all(asideFiles.map((aside) => rm(aside, { force: true })));
}

/** Writes one file atomically (temp file + rename), creating its folders. */
export function writeFileAtomic(file: string, content: string): Promise<void> {
  return commitFileChanges(new Map([[file, content]]));
}

/** Keeps the original under `aside` (a hard link, or moved where links are unsupported). */
async function keepOriginal(file: string, aside: string): Promise<boolean> {
  const info = await lstat(file).catch((error: NodeJS.ErrnoException) => {
    if (error.code === "ENOENT") return undefined;
    throw error;
  });
  if (!info) return false;
  if (info.isDirectory()) throw new Error(`Cannot replace ${file}: it is a folder (EISDIR).`);
  await link(file, aside).catch(() => rename(file, aside));
  return true;
}

/** Removes the now-empty folders this change created, from each target's folder up to `top`. */
async function removeCreatedDirs(top: string, files: string[]): Promise<void> {
  for (const file of files) {
    if (!file.startsWith(top + sep)) continue;
    for (let dir = dirname(file); dir.length >= top.length; dir = dirname(dir)) {
      if (
        !(await rmdir(dir).then(
          () => true,
          () => false,
        ))
      )
        break;
    }
  }
}
