/**
 * A finished download is copied into the workspace's download folder when it is within the size
 * limit, under a name that cannot leave the folder or overwrite an earlier file; otherwise it is
 * deleted and the refusal is recorded.
 */
import { copyFile, mkdir, stat } from "node:fs/promises";
import { basename, extname, join } from "node:path";
import type { Download } from "playwright-core";
import type { DownloadEntry } from "./activity-log.js";
import type { DownloadTarget } from "./managed-browser.js";

export async function saveDownload(
  download: Download,
  target: DownloadTarget,
  maxBytes: number,
): Promise<Omit<DownloadEntry, "atMs">> {
  const url = download.url();
  try {
    const temporary = await download.path();
    const { size } = await stat(temporary);
    if (size > maxBytes) {
      await download.delete();
      return { url, bytes: size, refused: `${size} bytes is over the ${maxBytes}-byte download limit` };
    }
    await mkdir(target.dir, { recursive: true });
    const destination = await freeName(target.dir, safeFileName(download.suggestedFilename()));
    await copyFile(temporary, destination);
    await download.delete();
    return { url, bytes: size, savedAs: target.display(destination) };
  } catch (error) {
    return { url, refused: `download failed: ${error instanceof Error ? error.message : String(error)}` };
  }
}

/** A file name with no folders, control characters or leading dots. */
export function safeFileName(suggested: string): string {
  const name = basename(suggested.replace(/\\/g, "/"))
    // biome-ignore lint/suspicious/noControlCharactersInRegex: control characters are what is removed
    .replace(/[\u0000-\u001f\u007f/]/g, "_")
    .replace(/^\.+/, "")
    .slice(0, 120);
  return name || "download";
}

async function freeName(dir: string, name: string): Promise<string> {
  const extension = extname(name);
  const stem = name.slice(0, name.length - extension.length);
  for (let n = 0; ; n++) {
    const candidate = join(dir, n === 0 ? name : `${stem}-${n}${extension}`);
    const exists = await stat(candidate).then(
      () => true,
      () => false,
    );
    if (!exists) return candidate;
  }
}
