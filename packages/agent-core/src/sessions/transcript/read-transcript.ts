/**
 * Reads a transcript back, detecting and repairing the one kind of damage a crash can cause:
 * a partial trailing line. Any other bad line is skipped and reported, never silently.
 */
import { type FileHandle, open, truncate } from "node:fs/promises";
import {
  isTranscriptEntry,
  isTranscriptHeader,
  type TranscriptEntry,
  type TranscriptHeader,
} from "./entries.js";

export interface TranscriptProblem {
  line: number;
  problem: string;
}

export interface LoadedTranscript {
  header: TranscriptHeader | undefined;
  entries: TranscriptEntry[];
  /** Bytes cut from the end because the last line was incomplete (0 = none). */
  repairedBytes: number;
  /** Lines that were skipped, with why. */
  problems: TranscriptProblem[];
}

/**
 * The file is read and decoded this many bytes at a time (a longer line grows the buffer), so a
 * large transcript never exists as one giant Buffer plus one giant string next to its entries.
 */
const CHUNK_BYTES = 4 * 1024 * 1024;

/**
 * Loads a transcript; a missing file is an empty transcript. Repairs a torn tail in place.
 *
 * @example
 * const { header, entries, problems } = await readTranscript("sessions/main/abc.jsonl");
 */
export async function readTranscript(
  path: string,
  options: { repair?: boolean } = {},
): Promise<LoadedTranscript> {
  let handle: FileHandle;
  try {
    handle = await open(path, "r");
  } catch (error) {
    if ((error as NodeJS.ErrnoException).code === "ENOENT")
      return { header: undefined, entries: [], repairedBytes: 0, problems: [] };
    throw error;
  }
  const loaded: LoadedTranscript = { header: undefined, entries: [], repairedBytes: 0, problems: [] };
  let lines = 0;
  let completeBytes = 0;
  try {
    const { size } = await handle.stat();
    let buffer: Buffer = Buffer.allocUnsafe(Math.max(1, Math.min(size, CHUNK_BYTES)));
    let filled = 0;
    for (;;) {
      if (filled === buffer.length) buffer = grow(buffer);
      const { bytesRead } = await handle.read(buffer, filled, buffer.length - filled, completeBytes + filled);
      if (bytesRead === 0) break;
      filled += bytesRead;
      const lastNewline = buffer.lastIndexOf(0x0a, filled - 1);
      if (lastNewline === -1) continue;
      lines = parseLines(buffer.toString("utf8", 0, lastNewline), lines, loaded);
      completeBytes += lastNewline + 1;
      filled = buffer.copy(buffer, 0, lastNewline + 1, filled);
    }
    if (filled > 0) {
      // A torn write: keep everything up to the last complete line.
      loaded.repairedBytes = filled;
      loaded.problems.unshift({
        line: lines + 1,
        problem: `incomplete last line (${filled} bytes) removed`,
      });
    }
  } finally {
    await handle.close();
  }
  if (loaded.repairedBytes > 0 && options.repair !== false) await truncateTo(path, completeBytes);
  return loaded;
}

/**
 * Parses the complete lines in `text` (no trailing newline) into `loaded`; `before` is the number
 * of lines already read. Returns the new line count.
 */
function parseLines(text: string, before: number, loaded: LoadedTranscript): number {
  let index = before;
  let start = 0;
  for (;;) {
    let end = text.indexOf("\n", start);
    if (end === -1) end = text.length;
    if (end > start) parseLine(text.slice(start, end), index, loaded);
    index++;
    if (end === text.length) return index;
    start = end + 1;
  }
}

function parseLine(line: string, index: number, loaded: LoadedTranscript): void {
  if (line.charCodeAt(0) !== 0x7b && line.trim() === "") return; // blank lines are skipped silently
  let value: unknown;
  try {
    value = JSON.parse(line);
  } catch {
    loaded.problems.push({ line: index + 1, problem: "not valid JSON; skipped" });
    return;
  }
  if (index === 0 && isTranscriptHeader(value)) loaded.header = value;
  else if (isTranscriptEntry(value)) loaded.entries.push(value);
  else loaded.problems.push({ line: index + 1, problem: "not a transcript entry; skipped" });
}

/** A buffer twice as large holding the same bytes, for a line longer than the current one. */
function grow(buffer: Buffer): Buffer {
  const bigger = Buffer.allocUnsafe(buffer.length * 2);
  buffer.copy(bigger);
  return bigger;
}

async function truncateTo(path: string, length: number) {
  await truncate(path, length);
  const handle = await open(path, "r+");
  try {
    await handle.datasync();
  } finally {
    await handle.close();
  }
}
