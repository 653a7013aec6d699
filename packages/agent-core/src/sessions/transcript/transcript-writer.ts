/**
 * Appends transcript lines with group commit: lines queued while a write is in flight are
 * written together in one `write` + `datasync`, and each caller's promise resolves only once its
 * line is durable. One writer per file; callers never race on the file. The file handle comes
 * from an `AppendFilePool`, so an idle writer holds no descriptor and a failed open is retried
 * on the next write instead of breaking the writer for good.
 */
import type { FileHandle } from "node:fs/promises";
import { type AppendFilePool, createAppendFilePool } from "./append-file-pool.js";

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
  /** Shared handle pool (a store passes one for all its writers); default: a private one. */
  files?: AppendFilePool;
}

export function createTranscriptWriter(
  path: string,
  options: TranscriptWriterOptions = {},
): TranscriptWriter {
  const files = options.files ?? createAppendFilePool({ maxOpen: 1 });
  let pending: { line: string; resolve: () => void; reject: (e: unknown) => void }[] = [];
  let flushing: Promise<void> | undefined;
  let closed = false;

  const writeBatch = async (handle: FileHandle, data: Buffer) => {
    for (let offset = 0; offset < data.length; ) {
      const { bytesWritten } = await handle.write(data, offset);
      offset += bytesWritten;
    }
    if (options.durability !== "os") await handle.datasync();
  };

  const flush = async (): Promise<void> => {
    while (pending.length > 0) {
      const batch = pending;
      pending = [];
      try {
        const data = Buffer.from(batch.map((p) => p.line).join(""));
        await files.use(path, (handle) => writeBatch(handle, data));
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
      await (options.files ? files.release(path) : files.close());
    },
  };
}
