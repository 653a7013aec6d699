/**
 * Appends transcript lines with group commit: lines queued while a write is in flight are
 * written together in one `write` + `datasync`, and each caller's promise resolves only once its
 * line is durable. One writer per file; callers never race on the file.
 */
import { type FileHandle, mkdir, open } from "node:fs/promises";
import { dirname } from "node:path";

export interface TranscriptWriter {
  /** Resolves once the line is on disk (after fsync unless durability is "os"). */
  append(record: object): Promise<void>;
  /** Resolves once every line appended so far is written. */
  idle(): Promise<void>;
  close(): Promise<void>;
}

export interface TranscriptWriterOptions {
  /** "fsync" (default) survives power loss; "os" survives a process crash only and is faster. */
  durability?: "fsync" | "os";
}

export function createTranscriptWriter(
  path: string,
  options: TranscriptWriterOptions = {},
): TranscriptWriter {
  let handle: Promise<FileHandle> | undefined;
  let pending: { line: string; resolve: () => void; reject: (e: unknown) => void }[] = [];
  let flushing: Promise<void> | undefined;
  let closed = false;

  const file = () => {
    handle ??= mkdir(dirname(path), { recursive: true }).then(() => open(path, "a"));
    return handle;
  };

  const flush = async (): Promise<void> => {
    while (pending.length > 0) {
      const batch = pending;
      pending = [];
      try {
        const fh = await file();
        await fh.write(batch.map((p) => p.line).join(""));
        if (options.durability !== "os") await fh.datasync();
        for (const p of batch) p.resolve();
      } catch (error) {
        for (const p of batch) p.reject(error);
      }
    }
    flushing = undefined;
  };

  return {
    append(record) {
      if (closed) return Promise.reject(new Error(`transcript writer for ${path} is closed`));
      const line = `${JSON.stringify(record)}\n`;
      return new Promise<void>((resolve, reject) => {
        pending.push({ line, resolve, reject });
        flushing ??= flush();
      });
    },
    async idle() {
      await flushing;
    },
    async close() {
      closed = true;
      await flushing;
      if (handle) await (await handle).close();
    },
  };
}
