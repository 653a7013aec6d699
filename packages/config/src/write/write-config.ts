/** Atomic config writes: temp file + fsync + rename, the previous file kept as `<name>.bak`. */
import { randomBytes } from "node:crypto";
import {
  closeSync,
  copyFileSync,
  existsSync,
  fsyncSync,
  mkdirSync,
  openSync,
  renameSync,
  rmSync,
  writeSync,
} from "node:fs";
import { dirname } from "node:path";

export interface WriteResult {
  path: string;
  /** Where the previous file was copied, when there was one. */
  backupPath: string | undefined;
}

/**
 * Writes `document` as pretty JSON (valid JSON5) atomically: readers see the old file or the new
 * one, never half of either. The file is created with mode 0600 (it may hold credentials).
 *
 * @example
 * writeConfigFile("/home/u/.claw/claw.json", { gateway: { port: 18789 } });
 */
export function writeConfigFile(path: string, document: unknown): WriteResult {
  mkdirSync(dirname(path), { recursive: true, mode: 0o700 });
  const temp = `${path}.${process.pid}.${randomBytes(4).toString("hex")}.tmp`;
  const fd = openSync(temp, "w", 0o600);
  try {
    writeSync(fd, `${JSON.stringify(document, null, 2)}\n`);
    fsyncSync(fd);
  } catch (error) {
    closeSync(fd);
    rmSync(temp, { force: true });
    throw error;
  }
  closeSync(fd);
  let backupPath: string | undefined;
  if (existsSync(path)) {
    backupPath = `${path}.bak`;
    copyFileSync(path, backupPath);
  }
  renameSync(temp, path);
  return { path, backupPath };
}
