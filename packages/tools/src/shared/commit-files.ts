/**
 * All-or-nothing file changes. Every new content is first staged in a temp file next to its
 * target; then originals are moved aside and the staged files renamed into place. If any step
 * fails, everything done so far is undone: new files removed, originals renamed back, folders
 * created for the change removed. Originals are kept aside as hard links, so a replaced file is
 * never missing; on success the kept originals are deleted. A root gateway's writes take the owner
 * of the file they replace, or else of their folder, so a workspace handed to the sandbox uid
 * stays writable by sandboxed commands.
 */
import { randomBytes } from "node:crypto";
import { chmod, chown, link, lstat, mkdir, rename, rm, rmdir, stat, writeFile } from "node:fs/promises";
import { dirname, relative, sep } from "node:path";

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
      if (made) {
        createdDirs.push(made);
        await inheritOwner(made, dirname(file));
      }
      const temp = `${file}.claw-stage-${tag}`;
      staged.set(file, temp);
      const original = await stat(file).catch(() => undefined);
      await writeFile(temp, content, { flag: "wx" });
      if (original) await chmod(temp, original.mode & 0o7777);
      if (isRoot()) await takeOwner(temp, original ?? (await stat(dirname(file))));
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

const isRoot = () => process.getuid?.() === 0;

/** Gives `path` the uid and gid of `owner` (only root may, and only root needs to). */
async function takeOwner(path: string, owner: { uid: number; gid: number }): Promise<void> {
  const own = await lstat(path);
  if (own.uid !== owner.uid || own.gid !== owner.gid) await chown(path, owner.uid, owner.gid);
}

/** As root, the folders `mkdir -p` created (from `top` down to `deepest`) take the owner of the folder above them. */
async function inheritOwner(top: string, deepest: string): Promise<void> {
  if (!isRoot()) return;
  const owner = await stat(dirname(top));
  let dir = top;
  await takeOwner(dir, owner);
  for (const part of relative(top, deepest).split(sep).filter(Boolean)) {
    dir = `${dir}${sep}${part}`;
    await takeOwner(dir, owner);
  }
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
