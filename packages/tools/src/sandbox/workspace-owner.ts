/**
 * A root gateway's sandboxed commands run as the sandbox uid, so with `workspaceAccess` rw or ro the
 * workspace must belong to that uid: the tree is handed over (lchown, links not followed) the
 * first time a sandboxed command of this process uses it. Files the gateway's file tools write
 * later take their folder's owner (`commitFileChanges`); files a host command creates as root
 * stay root's until the next gateway start hands the tree over again.
 */
import { lchown, lstat, readdir } from "node:fs/promises";
import { join } from "node:path";
import type { SandboxUser } from "./sandbox-user.js";

const handed = new Map<string, Promise<void>>();

/**
 * Resolves once `root` and everything below it belong to `user` (once per root and user per process).
 *
 * @example
 * await handWorkspaceTo("/root/.claw/workspace", { uid: 2000000000, gid: 2000000000 });
 */
export function handWorkspaceTo(root: string, user: SandboxUser): Promise<void> {
  const key = `${user.uid}:${user.gid}:${root}`;
  let done = handed.get(key);
  if (!done) {
    done = chownTree(root, user).catch((error: unknown) => {
      handed.delete(key);
      throw error;
    });
    handed.set(key, done);
  }
  return done;
}

/** Runs before any sandbox of this process starts (exec awaits it), so nothing swaps a folder for a link mid-walk. */
async function chownTree(path: string, user: SandboxUser): Promise<void> {
  const info = await lstat(path);
  if (info.uid !== user.uid || info.gid !== user.gid) await lchown(path, user.uid, user.gid);
  if (!info.isDirectory()) return;
  for (const entry of await readdir(path)) await chownTree(join(path, entry), user);
}
