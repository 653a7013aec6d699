/**
 * The download size limit while a download runs: Chromium writes it into the profile's
 * downloads folder, and a watcher cancels it as soon as its file grows past the limit, so an
 * endless or huge download never fills the disk before it is refused. The folder is emptied at
 * launch and finished downloads are moved out, so its files are downloads in progress; Playwright
 * does not say which file is whose, so each watcher claims the first file no other watcher has
 * (downloads begin one after another; `.crdownload` is the same file while in progress).
 */
import { readdir, stat } from "node:fs/promises";
import { join } from "node:path";
import type { Download } from "playwright-core";

/** How often a running download's size is read. */
const POLL_MS = 150;

export interface DownloadWatch {
  /** The size at which the download was cancelled, once it was; undefined while within the limit. */
  readonly cancelledAtBytes: number | undefined;
  stop(): void;
}

/** Files of one browser's downloads folder that a watcher already follows. */
export type ClaimedDownloads = Set<string>;

const stem = (name: string) => name.replace(/\.crdownload$/, "");

/**
 * @example
 * const watch = watchDownloadSize(download, downloadsDir, 50 * 1024 * 1024, claimed);
 * await download.path(); // finished, failed, or cancelled by the watch
 * watch.stop();
 */
export function watchDownloadSize(
  download: Download,
  dir: string,
  maxBytes: number,
  claimed: ClaimedDownloads,
): DownloadWatch {
  let cancelledAtBytes: number | undefined;
  let file: string | undefined;
  let stopped = false;
  let timer: NodeJS.Timeout | undefined;
  const poll = async () => {
    if (stopped) return;
    const names = await readdir(dir).catch(() => [] as string[]);
    file ??= names.map(stem).find((name) => !claimed.has(name));
    if (file) {
      claimed.add(file);
      const current = names.find((name) => stem(name) === file);
      const size = current
        ? await stat(join(dir, current)).then(
            (s) => s.size,
            () => 0,
          )
        : 0;
      if (size > maxBytes) {
        cancelledAtBytes = size;
        await download.cancel().catch(() => undefined);
        return;
      }
    }
    if (!stopped) timer = setTimeout(() => void poll(), POLL_MS);
  };
  timer = setTimeout(() => void poll(), 0);
  return {
    get cancelledAtBytes() {
      return cancelledAtBytes;
    },
    stop() {
      stopped = true;
      clearTimeout(timer);
      if (file) claimed.delete(file);
    },
  };
}
